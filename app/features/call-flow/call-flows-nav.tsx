import { HostLink } from '@/app/components/host-link/host-link';
import './call-flows-nav.css';

/** The Call Flows area's paths (under the automated-intake route, spec: dashboards 2.2). */
export const CALL_FLOWS_PATHS = {
  home: '/app/automated-intake',
  histories: '/app/automated-intake/histories',
  history: (id: string) => `/app/automated-intake/histories/${encodeURIComponent(id)}`,
  crmRecords: '/app/automated-intake/crm-records',
  /** The designer's list and a process in its editor (issue #34). */
  designer: '/app/automated-intake/designer',
  designerProcess: (uid: string) => `/app/automated-intake/designer/${encodeURIComponent(uid)}`,
} as const;

const TABS = [
  { path: CALL_FLOWS_PATHS.home, label: 'Call flows' },
  { path: CALL_FLOWS_PATHS.histories, label: 'Execution histories' },
  { path: CALL_FLOWS_PATHS.crmRecords, label: 'CRM records' },
  { path: CALL_FLOWS_PATHS.designer, label: 'Designer' },
] as const;

/**
 * The area's sections for owners and admins (agents only take calls). `current` is the
 * section shown; the page says which, the nav never guesses from a router.
 */
export function CallFlowsNav({ current }: { current: (typeof TABS)[number]['path'] }) {
  return (
    <nav className="ic-call-flows-nav" aria-label="Call Flows sections">
      {TABS.map((tab) => (
        <HostLink
          key={tab.path}
          to={tab.path}
          className="ic-call-flows-nav__link"
          aria-current={tab.path === current ? 'page' : undefined}
        >
          {tab.label}
        </HostLink>
      ))}
    </nav>
  );
}
