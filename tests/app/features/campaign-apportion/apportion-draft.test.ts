import { describe, expect, it } from 'vitest';
import {
  apportionDraft,
  type ApportionDraft,
  apportionTotals,
  centsToInput,
  formatMonth,
  monthAfter,
  parseDollars,
  readApportionDraft,
} from '@/app/features/campaign-apportion/apportion-draft';
import type { CampaignApportion } from '@/shared/contracts/workspace-settings';

const label = (id: string) => ({ ls_search: 'Search', ls_tv: 'Television' })[id] ?? id;

function draft(spend: string, ...rows: [string, string, string][]): ApportionDraft {
  return {
    spend,
    rows: rows.map(([leadSourceId, month, amount], index) => ({
      key: `r${index}`,
      leadSourceId,
      month,
      amount,
    })),
  };
}

describe('parseDollars', () => {
  it('reads dollars typed with commas, a dollar sign or up to two decimals, as exact cents', () => {
    expect(parseDollars('1500')).toBe(150_000);
    expect(parseDollars(' $1,500.5 ')).toBe(150_050);
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('12.')).toBe(1200);
  });

  it('refuses what is not an amount: signs, three decimals, letters, misplaced commas', () => {
    for (const text of ['-5', '1.234', 'ten', '1,50', '', '1e3', '1000000000']) {
      expect(parseDollars(text)).toBeNull();
    }
  });
});

describe('apportionTotals', () => {
  it('says what is left to assign, and blocks saving until it adds up', () => {
    const totals = apportionTotals(draft('1500', ['ls_search', '2026-10', '1,380']));
    expect(totals.status).toBe('$120.00 left to assign');
    expect(totals.blocker).toBe(
      'The shares must add up to the total spend before saving: $120.00 left to assign.',
    );
  });

  it('says how much the shares are over', () => {
    const totals = apportionTotals(
      draft('100', ['ls_search', '2026-10', '80'], ['ls_tv', '2026-10', '50']),
    );
    expect(totals.status).toBe('$30.00 over');
    expect(totals.differenceCents).toBe(-3000);
  });

  it('adds cents exactly (0.1 + 0.2 is 0.30)', () => {
    const totals = apportionTotals(
      draft('0.30', ['ls_search', '2026-10', '0.1'], ['ls_tv', '2026-10', '0.2']),
    );
    expect(totals.status).toBe('Fully assigned');
    expect(totals.blocker).toBeNull();
  });

  it('waits for a spend and for amounts that read as dollars', () => {
    expect(apportionTotals(draft('')).blocker).toBe("Enter the campaign's total spend in dollars.");
    expect(apportionTotals(draft('50', ['ls_search', '2026-10', 'abc'])).blocker).toBe(
      'One amount is not a dollar amount.',
    );
  });
});

describe('readApportionDraft', () => {
  it('gives the request in dollars, ignoring rows left entirely empty', () => {
    const reading = readApportionDraft(
      draft(
        '1,500',
        ['ls_search', '2026-10', '1000.50'],
        ['', '', ''],
        ['ls_tv', '2026-11', '499.50'],
      ),
      label,
    );
    expect(reading).toEqual({
      ok: true,
      request: {
        spend: 1500,
        shares: [
          { leadSourceId: 'ls_search', month: '2026-10', amount: 1000.5 },
          { leadSourceId: 'ls_tv', month: '2026-11', amount: 499.5 },
        ],
      },
    });
  });

  it('names each row’s missing lead source, bad month and missing amount', () => {
    const reading = readApportionDraft(draft('10', ['', '2026-13', '']), label);
    expect(reading).toEqual({
      ok: false,
      errors: {
        'r0.leadSourceId': 'Choose a lead source.',
        'r0.month': 'Enter a month as YYYY-MM, such as 2026-10.',
        'r0.amount': 'Enter an amount in dollars.',
      },
    });
  });

  it('refuses a second share of the same lead source and month, naming the first row', () => {
    const reading = readApportionDraft(
      draft('20', ['ls_search', '2026-10', '10'], ['ls_search', '2026-10', '10']),
      label,
    );
    expect(reading).toEqual({
      ok: false,
      errors: {
        'r1.month':
          'Search already has a share for 2026-10 (row 1): give one share per lead source and month.',
      },
    });
  });

  it('refuses totals that do not add up with the server’s own sentence', () => {
    const reading = readApportionDraft(draft('1500', ['ls_search', '2026-10', '1199.50']), label);
    expect(reading).toEqual({
      ok: false,
      errors: {
        form: "The shares add up to $1,199.50 but the campaign's spend is $1,500.00: $300.50 is not apportioned yet.",
      },
    });
  });
});

describe('the editor’s start and display helpers', () => {
  const item: CampaignApportion = {
    campaignId: 'c_ads',
    campaign: 'Google Ads',
    leadSourceId: 'ls_search',
    active: true,
    spend: null,
    apportioned: 0,
    shares: [],
    updatedAt: null,
  };

  it('starts a never-apportioned campaign with one row on its own lead source and this month', () => {
    let n = 0;
    expect(apportionDraft(item, () => `k${++n}`, '2026-11')).toEqual({
      spend: '',
      rows: [{ key: 'k1', leadSourceId: 'ls_search', month: '2026-11', amount: '' }],
    });
  });

  it('starts a stored split with its amounts in dollars and cents', () => {
    let n = 0;
    const stored = {
      ...item,
      spend: 1500,
      apportioned: 1500,
      shares: [{ leadSourceId: 'ls_tv', leadSource: 'Television', month: '2026-10', amount: 1500 }],
    };
    expect(apportionDraft(stored, () => `k${++n}`, '2026-11')).toEqual({
      spend: '1500.00',
      rows: [{ key: 'k1', leadSourceId: 'ls_tv', month: '2026-10', amount: '1500.00' }],
    });
    expect(centsToInput(5)).toBe('0.05');
    expect(formatMonth('2026-10')).toBe('Oct 2026');
    expect(monthAfter('2026-10')).toBe('2026-11');
    expect(monthAfter('2026-12')).toBe('2027-01');
  });
});
