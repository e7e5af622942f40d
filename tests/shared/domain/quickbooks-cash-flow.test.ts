import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  balanceKind,
  futureCashFlowCents,
  installmentDays,
  invoiceState,
  type PlanSchedule,
} from '@/shared/domain/quickbooks-cash-flow';

const plan = (over: Partial<PlanSchedule>): PlanSchedule => ({
  intervalType: 'Monthly',
  numInterval: 1,
  startDay: '2026-01-15',
  endDay: null,
  nextDay: null,
  amountCents: 10_000,
  ...over,
});

describe('QuickBooks cash flow rules (issue #33)', () => {
  describe('invoiceState', () => {
    const today = '2026-03-20';
    it('is missed once due with nothing paid, partial with something paid', () => {
      expect(
        invoiceState({ dueDay: '2026-03-20', totalCents: 500, balanceCents: 500 }, today),
      ).toBe('missed');
      expect(
        invoiceState({ dueDay: '2026-03-01', totalCents: 500, balanceCents: 200 }, today),
      ).toBe('partial');
    });

    it('is collected when nothing is owed, whether due or not', () => {
      expect(invoiceState({ dueDay: '2026-03-01', totalCents: 500, balanceCents: 0 }, today)).toBe(
        'collected',
      );
      expect(invoiceState({ dueDay: '2026-04-01', totalCents: 500, balanceCents: 0 }, today)).toBe(
        'collected',
      );
    });

    it('is scheduled while not yet due, paid in part or not', () => {
      expect(
        invoiceState({ dueDay: '2026-03-21', totalCents: 500, balanceCents: 500 }, today),
      ).toBe('scheduled');
      expect(
        invoiceState({ dueDay: '2026-03-21', totalCents: 500, balanceCents: 100 }, today),
      ).toBe('scheduled');
    });
  });

  it('balanceKind: operating or profit by the name, any case, else other', () => {
    expect(balanceKind('Operating Account')).toBe('operating');
    expect(balanceKind('CHASE OPERATIONS')).toBe('operating');
    expect(balanceKind('Profit First - PROFIT')).toBe('profit');
    expect(balanceKind('Nonprofit savings')).toBe('profit');
    expect(balanceKind('Payroll')).toBe('other');
  });

  it('addMonthsClamped keeps the day of month, clamped to the month’s last day', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsClamped('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-03-15', -3)).toBe('2025-12-15');
  });

  describe('installmentDays', () => {
    it('counts an open-ended monthly plan for the 12 months after the end date', () => {
      const days = installmentDays(plan({ startDay: '2025-06-20' }), '2026-03-20');
      expect(days).toEqual([
        '2026-04-20',
        '2026-05-20',
        '2026-06-20',
        '2026-07-20',
        '2026-08-20',
        '2026-09-20',
        '2026-10-20',
        '2026-11-20',
        '2026-12-20',
        '2027-01-20',
        '2027-02-20',
        '2027-03-20',
      ]);
    });

    it('steps months from the anchor: Jan 31, Feb 28 (29 in a leap year), Mar 31', () => {
      const p = plan({ startDay: '2026-01-31', endDay: '2026-04-30' });
      expect(installmentDays(p, '2026-01-31')).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
      expect(
        installmentDays(plan({ startDay: '2028-01-31', endDay: '2028-03-31' }), '2028-01-31'),
      ).toEqual(['2028-02-29', '2028-03-31']);
    });

    it('starts from the next date when QuickBooks gives one, and stops at the end date', () => {
      const p = plan({
        startDay: '2025-01-10',
        nextDay: '2026-04-05',
        endDay: '2026-06-05',
        numInterval: 1,
      });
      expect(installmentDays(p, '2026-03-20')).toEqual(['2026-04-05', '2026-05-05', '2026-06-05']);
    });

    it('an end date past 12 months counts to the end date', () => {
      const p = plan({ startDay: '2026-01-01', endDay: '2027-09-01', intervalType: 'Yearly' });
      expect(installmentDays(p, '2026-03-20')).toEqual(['2027-01-01']);
      const q = plan({ startDay: '2026-01-01', endDay: '2028-09-01', intervalType: 'Yearly' });
      expect(installmentDays(q, '2026-03-20')).toEqual(['2027-01-01', '2028-01-01']);
    });

    it('steps days and weeks times the interval count', () => {
      const daily = plan({
        intervalType: 'Daily',
        numInterval: 30,
        startDay: '2026-01-01',
        endDay: '2026-06-01',
      });
      // 01-01 + 30k: 01-31, 03-02, 04-01, 05-01, 05-31.
      expect(installmentDays(daily, '2026-03-20')).toEqual([
        '2026-04-01',
        '2026-05-01',
        '2026-05-31',
      ]);
      const weekly = plan({
        intervalType: 'Weekly',
        numInterval: 2,
        startDay: '2026-03-06',
        endDay: '2026-04-30',
      });
      expect(installmentDays(weekly, '2026-03-20')).toEqual(['2026-04-03', '2026-04-17']);
    });

    it('reads an unknown interval as Monthly and a count below 1 as 1', () => {
      const p = plan({
        intervalType: 'Fortnightly',
        numInterval: 0,
        startDay: '2026-03-01',
        endDay: '2026-05-01',
      });
      expect(installmentDays(p, '2026-03-20')).toEqual(['2026-04-01', '2026-05-01']);
    });

    it('a plan starting after the end date counts from its start, the end date excluded', () => {
      expect(
        installmentDays(plan({ startDay: '2026-03-20', endDay: '2026-05-20' }), '2026-03-20'),
      ).toEqual(['2026-04-20', '2026-05-20']);
      expect(
        installmentDays(plan({ startDay: '2026-04-02', endDay: '2026-05-02' }), '2026-03-20'),
      ).toEqual(['2026-04-02', '2026-05-02']);
    });

    it('a plan ended by the end date has none', () => {
      expect(
        installmentDays(plan({ startDay: '2025-01-01', endDay: '2026-03-20' }), '2026-03-20'),
      ).toEqual([]);
    });
  });

  it('futureCashFlowCents: each plan’s installments times its amount', () => {
    const plans = [
      plan({ startDay: '2025-06-20', amountCents: 10_000 }), // 12 installments
      plan({ startDay: '2026-01-31', endDay: '2026-04-30', amountCents: 2_550 }), // 03-31, 04-30
    ];
    expect(futureCashFlowCents(plans, '2026-03-20')).toBe(12 * 10_000 + 2 * 2_550);
    expect(futureCashFlowCents([], '2026-03-20')).toBe(0);
  });
});
