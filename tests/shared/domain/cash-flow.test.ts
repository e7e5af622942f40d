import { describe, expect, it } from 'vitest';
import { formatRate, formatUsd, paymentPlanRates } from '@/shared/domain/cash-flow';
import { cashFlowPlans } from '@/shared/domain/cockpit-metrics';
import { cashFlowData } from './cockpit-fixtures';

describe('Cash Flow card (spec: dashboards 2.3)', () => {
  it('counts active payment plans as on plan + off plan', () => {
    expect(paymentPlanRates(45, 15).activePaymentPlans).toBe(60);
    expect(cashFlowPlans(cashFlowData({ onPlan: 2, offPlan: 1 })).activePaymentPlans).toBe(3);
  });

  it('gives the rates in percent to 2 decimals', () => {
    expect(paymentPlanRates(2, 1)).toEqual({
      activePaymentPlans: 3,
      onPlanRate: 66.67,
      offPlanRate: 33.33,
    });
    expect(formatRate(66.67)).toBe('66.67%');
    expect(formatRate(25)).toBe('25.00%');
  });

  it('answers 0 plans and 0.00% without plans', () => {
    expect(paymentPlanRates(0, 0)).toEqual({
      activePaymentPlans: 0,
      onPlanRate: 0,
      offPlanRate: 0,
    });
  });

  it('shows money in USD', () => {
    expect(formatUsd(48250.5)).toBe('$48,250.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-20)).toBe('-$20.00');
  });
});
