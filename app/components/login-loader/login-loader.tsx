import { useEffect, useState } from 'react';
import { Logo } from '@/app/components/logo/logo';
import './login-loader.css';

// spec: session 4 Shell / 9 — outside the app area a full loader shows for at most 3 s,
// and its overlay fades over 0.8 s.
export const LOGIN_LOADER_MAX_MS = 3000;
export const LOGIN_LOADER_FADE_MS = 800;

/** The full-page loader of the sign-in area, shown while `active` and for at most 3 s. */
export function LoginLoader({
  active,
  label = 'Loading Intake Cockpit…',
}: {
  active: boolean;
  label?: string;
}) {
  const [expired, setExpired] = useState(false);
  const visible = active && !expired;
  const [mounted, setMounted] = useState(visible);

  useEffect(() => {
    if (!active) return;
    setExpired(false);
    const timer = setTimeout(() => setExpired(true), LOGIN_LOADER_MAX_MS);
    return () => clearTimeout(timer);
  }, [active]);

  useEffect(() => {
    if (visible) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), LOGIN_LOADER_FADE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!mounted) return null;
  return (
    <div
      className="ic-login-loader"
      data-state={visible ? 'visible' : 'leaving'}
      aria-hidden={!visible}
    >
      <div className="ic-login-loader__content" role="status">
        <Logo size="lg" />
        <span className="ic-login-loader__track" aria-hidden="true">
          <span className="ic-login-loader__bar" />
        </span>
        <span className="ic-login-loader__label">{label}</span>
      </div>
    </div>
  );
}
