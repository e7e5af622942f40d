import { describe, expect, it } from 'vitest';
import {
  complianceBar,
  COMPLIANCE_BAR,
  callCompliancePercent,
  isComplianceEmpty,
  splitAgentRows,
  staffCompliancePercent,
} from '@/shared/domain/compliance';

describe('call compliance (spec: dashboards 2.6, 3, 4, 5, 9)', () => {
  it('uses minimum marker 10, goal 100 and height 20', () => {
    expect(COMPLIANCE_BAR).toEqual({ min: 10, goal: 100, height: 20 });
  });

  it('rounds percents to whole numbers, 0 with no calls', () => {
    expect(callCompliancePercent(2, 3)).toBe(67);
    expect(callCompliancePercent(1, 8)).toBe(13);
    expect(callCompliancePercent(0, 0)).toBe(0);
  });

  it('counts staff compliance as done of due, rounded, and 100 when nothing is due', () => {
    expect(staffCompliancePercent(2, 3)).toBe(67);
    expect(staffCompliancePercent(0, 4)).toBe(0);
    expect(staffCompliancePercent(0, 0)).toBe(100);
  });

  it('fills blue at or above the minimum marker and red below it', () => {
    expect(complianceBar(10).colour).toBe('blue');
    expect(complianceBar(9).colour).toBe('red');
    expect(complianceBar(99.6)).toMatchObject({ percent: 100, belowGoal: false });
    expect(complianceBar(150).percent).toBe(100);
    expect(complianceBar(55).belowGoal).toBe(true);
  });

  it("treats no calls at all as empty ('No Data')", () => {
    expect(isComplianceEmpty({ INBOUND_TOTAL: 0, OUTBOUND_TOTAL: 0 })).toBe(true);
    expect(isComplianceEmpty({ INBOUND_TOTAL: 0, OUTBOUND_TOTAL: 1 })).toBe(false);
  });

  it('takes the first by-agent row as the all-agent totals', () => {
    expect(splitAgentRows(['all', 'a', 'b'])).toEqual({ totals: 'all', agents: ['a', 'b'] });
    expect(splitAgentRows([])).toEqual({ totals: null, agents: [] });
  });
});
