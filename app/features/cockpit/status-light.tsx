import { COCKPIT_STATUS_TEXT, type CockpitModuleStatus } from '@/shared/domain/cockpit-status';
import './status-light.css';
import '@/app/components/visually-hidden/visually-hidden.css';

/** spec: dashboards 2.3 / 4 — the card's status light, with its status in words. */
export function StatusLight({ status }: { status: CockpitModuleStatus }) {
  return (
    <span className="ic-status-light" data-status={status}>
      <span className="ic-status-light__dot" aria-hidden="true" />
      <span className="ic-status-light__text">
        <span className="ic-visually-hidden">Status: </span>
        {COCKPIT_STATUS_TEXT[status]}
      </span>
    </span>
  );
}
