import type { CockpitGoalSettings } from '@/shared/contracts/reports/cockpit-goals';
import { WEEKLY_GOALS } from '../../../shared/domain/cockpit-fixtures';

export const SETTINGS: CockpitGoalSettings = {
  ...WEEKLY_GOALS,
  leadSources: [
    { id: 'ls_google', label: 'Google Ads', active: true, leadGen: { leadsMin: 20, leadsMax: 30 } },
    { id: 'ls_tv', label: 'TV', active: false, leadGen: null },
  ],
};
