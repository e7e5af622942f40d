import { Navigate, useParams } from 'react-router';

/** spec: session 2 — actions/{token}/invite redirects to login/{token}/invite. */
export function RedirectInvite() {
  const { token = '' } = useParams();
  return <Navigate to={`/login/${encodeURIComponent(token)}/invite`} replace />;
}
