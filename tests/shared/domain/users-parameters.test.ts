import { describe, expect, it } from 'vitest';
import { NO_MINIMUMS } from '@/shared/contracts/users-parameters';
import { complianceBar } from '@/shared/domain/compliance';
import {
  DEFAULT_COMPLIANCE_MINIMUM,
  effectiveComplianceMinimum,
  isBelowComplianceMinimum,
  outboundBelowMinimums,
  outboundMinimumsForDays,
} from '@/shared/domain/users-parameters';

// What an agent's parameters mean to the reports (issue #16, docs/users-parameters.md).

describe('the compliance minimum', () => {
  it("is the agent's own, else the compliance bar's marker (spec: dashboards 9, 10)", () => {
    expect(DEFAULT_COMPLIANCE_MINIMUM).toBe(10);
    expect(effectiveComplianceMinimum(null)).toBe(10);
    expect(effectiveComplianceMinimum(NO_MINIMUMS)).toBe(10);
    expect(effectiveComplianceMinimum({ compliancePercent: 0 })).toBe(0);
    expect(effectiveComplianceMinimum({ compliancePercent: 85 })).toBe(85);
  });

  it('is missed only by a rate under it; an agent with nothing to measure misses nothing', () => {
    expect(isBelowComplianceMinimum(59, 60)).toBe(true);
    expect(isBelowComplianceMinimum(60, 60)).toBe(false);
    expect(isBelowComplianceMinimum(null, 60)).toBe(false);
  });

  it("moves the compliance bar's marker and colour with the agent's minimum", () => {
    expect(complianceBar(50)).toMatchObject({ min: 10, colour: 'blue' });
    expect(complianceBar(50, 60)).toMatchObject({ min: 60, colour: 'red' });
    expect(complianceBar(60, 60)).toMatchObject({ min: 60, colour: 'blue' });
  });
});

describe('the weekly outbound minimums', () => {
  const weekly = {
    ...NO_MINIMUMS,
    outboundCallsPerWeek: 70,
    outboundAnswersPerWeek: 0,
    outboundSetsPerWeek: 3,
  };

  it('scale to a range like the goals: x days / 7, rounded (spec: dashboards 9)', () => {
    expect(outboundMinimumsForDays(weekly, 7)).toEqual({ calls: 70, answers: 0, sets: 3 });
    expect(outboundMinimumsForDays(weekly, 5)).toEqual({ calls: 50, answers: 0, sets: 2 });
    expect(outboundMinimumsForDays(weekly, 1)).toEqual({ calls: 10, answers: 0, sets: 0 });
    expect(outboundMinimumsForDays(weekly, 14)).toEqual({ calls: 140, answers: 0, sets: 6 });
  });

  it('stay unset when none is set', () => {
    expect(outboundMinimumsForDays(null, 7)).toEqual({ calls: null, answers: null, sets: null });
    expect(outboundMinimumsForDays(NO_MINIMUMS, 30)).toEqual({
      calls: null,
      answers: null,
      sets: null,
    });
  });

  it('name the figures under their minimum, and never an unset one', () => {
    const mins = { calls: 50, answers: null, sets: 2 };
    expect(outboundBelowMinimums({ calls: 49, answers: 0, sets: 2 }, mins)).toEqual(['calls']);
    expect(outboundBelowMinimums({ calls: 10, answers: 0, sets: 1 }, mins)).toEqual([
      'calls',
      'sets',
    ]);
    expect(outboundBelowMinimums({ calls: 50, answers: 0, sets: 2 }, mins)).toEqual([]);
  });
});
