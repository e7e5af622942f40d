import { ENVIRONMENT_LABELS, type AppEnvironment } from '@/app/config/environment';
import './env-banner.css';

/** The height the banner takes, so the sticky top bar and sidebar sit below it. */
export const ENV_BANNER_HEIGHT = 24;

export function EnvBanner({ environment }: { environment: AppEnvironment | null }) {
  if (!environment) return null;
  return (
    <p className={`ic-env-banner ic-env-banner--${environment}`} data-environment={environment}>
      <span className="ic-env-banner__dot" aria-hidden="true" />
      {ENVIRONMENT_LABELS[environment]}
    </p>
  );
}
