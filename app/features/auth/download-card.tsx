import { Icon } from '@/app/components/icon/icon';
import './download-card.css';

export type DesktopPlatform = 'windows' | 'osx';

const PLATFORM_NAMES: Record<DesktopPlatform, string> = { windows: 'Windows', osx: 'macOS' };

/**
 * spec: session 2 — login/download/windows and login/download/osx show the login area. No
 * desktop build ships with this edition, so the card says so instead of offering a file.
 */
export function DownloadCard({ platform }: { platform: DesktopPlatform }) {
  const name = PLATFORM_NAMES[platform];
  return (
    <section className="ic-download" aria-labelledby="ic-download-title">
      <span className="ic-download__icon">
        <Icon name="monitor" size="lg" />
      </span>
      <div className="ic-download__text">
        <h2 className="ic-download__title" id="ic-download-title">
          Intake Cockpit for {name}
        </h2>
        <p>
          The desktop app for {name} is not available in this edition. Intake Cockpit runs fully in
          your browser: sign in below to use every feature.
        </p>
      </div>
      <button type="button" className="ic-download__button" disabled>
        <Icon name="download" size="sm" />
        Download unavailable
      </button>
    </section>
  );
}
