import { describe, expect, it } from 'vitest';
import {
  goalFormValues,
  sourceField,
  validateGoalForm,
} from '@/app/features/cockpit-goals/goal-form-model';
import { WEEKLY_GOALS } from '../../../shared/domain/cockpit-fixtures';
import { SETTINGS } from './goal-settings-fixture';

const IDS = ['ls_google', 'ls_tv'];

describe('the cockpit-goals form rules (spec: dashboards 5 Goal form)', () => {
  it('round-trips the stored settings into the update the server takes', () => {
    const result = validateGoalForm(goalFormValues(SETTINGS), IDS);
    expect(result).toEqual({
      ok: true,
      update: {
        leadGen: WEEKLY_GOALS.leadGen,
        salesPerformance: WEEKLY_GOALS.salesPerformance,
        communications: WEEKLY_GOALS.communications,
        leadSources: [
          { id: 'ls_google', leadGen: { leadsMin: 20, leadsMax: 30 } },
          { id: 'ls_tv', leadGen: null },
        ],
      },
    });
  });

  it('requires leadsMin, for the workspace and for a source given a goal', () => {
    const values = {
      ...goalFormValues(SETTINGS),
      'leadGen.leadsMin': '',
      [sourceField('ls_tv', 'leadsMax')]: '12',
    };
    const result = validateGoalForm(values, IDS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'leadGen.leadsMin': 'Lead minimum is required.',
      [sourceField('ls_tv', 'leadsMin')]: 'Lead minimum is required.',
    });
  });

  it('keeps targetInboundSetRate between 0 and 100 and every other goal at least 0', () => {
    const values = {
      ...goalFormValues(SETTINGS),
      'salesPerformance.targetInboundSetRate': '101',
      'salesPerformance.showsMin': '-1',
      'communications.averageWaitTime': 'abc',
    };
    const result = validateGoalForm(values, IDS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'salesPerformance.targetInboundSetRate': 'Must be 0 to 100.',
      'salesPerformance.showsMin': 'Must be at least 0.',
      'communications.averageWaitTime': 'Enter a number.',
    });
  });

  it('accepts 0 and 100 for the set rate, and decimals', () => {
    for (const rate of ['0', '100', '47.5']) {
      const values = { ...goalFormValues(SETTINGS), 'salesPerformance.targetInboundSetRate': rate };
      expect(validateGoalForm(values, IDS).ok).toBe(true);
    }
  });
});
