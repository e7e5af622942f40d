import { Icon } from '@/app/components/icon/icon';
import { type CockpitWarning, VISIBLE_WARNINGS } from '@/shared/domain/cockpit-warnings';
import './system-status-banner.css';
import '@/app/components/visually-hidden/visually-hidden.css';

const CHECKING_TEXT = 'Checking system status...';
const ALL_ACKNOWLEDGED_TEXT = 'All warnings have been acknowledged.';

export interface SystemStatusBannerProps {
  /** The open (unacknowledged) warnings, oldest first. */
  warnings: readonly CockpitWarning[];
  /** Some card or the goal settings are still loading. */
  loading: boolean;
  /** Acknowledges a warning (it then leaves the stack). */
  onDismiss: (key: string) => void;
}

/**
 * The system-status banner (spec: dashboards 2.4, 4): a stack of warning items — module
 * name, 'Warning:', message, dismiss — of which only the newest two are visible; without
 * warnings, 'Checking system status...' while loading, else 'All warnings have been
 * acknowledged.'
 */
export function SystemStatusBanner({ warnings, loading, onDismiss }: SystemStatusBannerProps) {
  const visible = warnings.slice(-VISIBLE_WARNINGS).reverse();
  const hidden = warnings.length - visible.length;
  if (visible.length === 0) {
    return (
      <section
        className="ic-system-status"
        aria-label="System status"
        data-state={loading ? 'loading' : 'ok'}
      >
        <p className="ic-system-status__quiet" role="status">
          {loading ? (
            <span className="ic-spinner ic-system-status__spinner" aria-hidden="true" />
          ) : (
            <span className="ic-system-status__ok-icon">
              <Icon name="check" size="sm" />
            </span>
          )}
          {loading ? CHECKING_TEXT : ALL_ACKNOWLEDGED_TEXT}
        </p>
      </section>
    );
  }
  return (
    <section className="ic-system-status" aria-label="System status" data-state="warnings">
      <ul className="ic-system-status__stack">
        {visible.map((warning) => (
          <li key={warning.key} className="ic-system-status__item">
            <span className="ic-system-status__icon">
              <Icon name="warning" size="sm" />
            </span>
            <p className="ic-system-status__text">
              <span className="ic-system-status__module">{warning.module}</span>{' '}
              <strong className="ic-system-status__label">Warning:</strong>{' '}
              <span className="ic-system-status__message">{warning.message}</span>
            </p>
            <button
              type="button"
              className="ic-system-status__dismiss"
              aria-label={`Dismiss warning: ${warning.message}`}
              title="Dismiss"
              onClick={() => onDismiss(warning.key)}
            >
              <Icon name="close" size="sm" />
            </button>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="ic-system-status__more">
          +{hidden} more {hidden === 1 ? 'warning' : 'warnings'}: dismiss these to see the next
        </p>
      ) : null}
      <p className="ic-visually-hidden" role="status">
        {warnings.length} {warnings.length === 1 ? 'warning needs' : 'warnings need'} attention
      </p>
    </section>
  );
}
