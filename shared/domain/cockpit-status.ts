import type { Workspace } from '../contracts/workspace';

/** The cockpit's four cards, in the order the screen shows them (spec: dashboards 2.3). */
export const COCKPIT_MODULES = [
  'leadFlow',
  'salesPerformance',
  'communications',
  'cashFlow',
] as const;
export type CockpitModule = (typeof COCKPIT_MODULES)[number];

/** spec: dashboards 4 "Cockpit module status". */
export type CockpitModuleStatus = 'operational' | 'warning' | 'disabled';

/** Words for the status light, for people who cannot see its colour. */
export const COCKPIT_STATUS_TEXT: Record<CockpitModuleStatus, string> = {
  operational: 'Operational',
  warning: 'Needs attention',
  disabled: 'Locked',
};

/**
 * Whether a card's module is unlocked for the workspace (spec: dashboards 2.3 locked cards,
 * 6 "Cockpit cards Sales Performance, Communications and Cash Flow depend on feature
 * flags"). Lead Flow has no flag: it is the cockpit itself. Cash Flow also needs the
 * accounting vendor (QuickBooks): without it there is nothing to read, and its locked
 * text is the invitation to connect QuickBooks.
 */
export function isCockpitModuleEnabled(
  module: CockpitModule,
  workspace: Workspace | null | undefined,
): boolean {
  if (!workspace) return false;
  const { settings, vendors } = workspace.attributes;
  if (!settings.cockpit.enabled) return false;
  switch (module) {
    case 'leadFlow':
      return true;
    case 'salesPerformance':
      return settings.cockpit.modules.salesPerformance;
    case 'communications':
      return settings.cockpit.modules.communications;
    case 'cashFlow':
      return settings.cockpit.modules.cashFlow && vendors.quickBooks;
  }
}

/**
 * spec: dashboards 4 — disabled when the module is off in workspace settings; warning when
 * an error has been recorded for it (its load failed, or one of its metrics is under its
 * limit); otherwise operational.
 */
export function cockpitModuleStatus(input: {
  enabled: boolean;
  errorRecorded: boolean;
}): CockpitModuleStatus {
  if (!input.enabled) return 'disabled';
  return input.errorRecorded ? 'warning' : 'operational';
}

/** spec: dashboards 2.3 — the texts of a locked card. */
export const LOCKED_TEXT = {
  upgradeCrm: 'Upgrade your CRM to unlock this feature!',
  quickBooks: 'QuickBooks helps to monitor your cash flow!',
  askSalesRep: 'Ask your sales rep for more information.',
} as const;

export function lockedMessage(module: CockpitModule): string {
  return module === 'cashFlow' ? LOCKED_TEXT.quickBooks : LOCKED_TEXT.upgradeCrm;
}

/** spec: dashboards 9 — the first cockpit card opens by itself after 700 ms. */
export const FIRST_CARD_OPEN_DELAY_MS = 700;
