import { describe, expect, it } from 'vitest';
import type { PclcData, SystemPclcRow } from '@/shared/contracts/reports/pclc';
import { funnelData } from '@/shared/domain/funnel-rates';
import {
  SYSTEM_PCLC_TOTALS_LABEL,
  systemPclcFileName,
  systemPclcTotals,
  systemPclcTotalsRow,
} from '@/shared/domain/system-pclc';

// The PCLC system report's totals (issue #16; spec: dashboards 2.5 rate tooltips).

function funnel(counts: Partial<PclcData>): PclcData {
  const base = {
    LEADS: 0,
    UNQUALIFIEDATLEAD: 0,
    SETS: 0,
    SHOWS: 0,
    UNQUALIFIEDATAPPT: 0,
    HIRES: 0,
    FILED: 0,
    NOHIRES: 0,
    ...counts,
  };
  // Every lead qualified unless told (QUALIFIED is the qualified transitions, issue #30).
  const QUALIFIED = counts.QUALIFIED ?? base.LEADS - base.UNQUALIFIEDATLEAD;
  return funnelData({ ...base, QUALIFIED });
}

describe('system PCLC totals', () => {
  it('sums the counts and computes the rates from the sums, not by averaging the rates', () => {
    const big = funnel({
      LEADS: 200,
      UNQUALIFIEDATLEAD: 0,
      SETS: 100,
      SHOWS: 50,
      HIRES: 10,
      FILED: 5,
    });
    const small = funnel({ LEADS: 2, SETS: 2, SHOWS: 2, HIRES: 2, FILED: 2 });
    const totals = systemPclcTotals([big, small]);
    expect(totals).toMatchObject({ LEADS: 202, SETS: 102, SHOWS: 52, HIRES: 12, FILED: 7 });
    // 102 / 202 = 50.50 %, where the average of 50 % and 100 % would be 75 %.
    expect(totals.SETRATE).toBe(50.5);
    expect(totals.SHOWRATE).toBe(50.98);
    expect(totals.HIRERATE).toBe(23.08);
    expect(totals.FILEDRATE).toBe(58.33);
    // ...and each rate's numerator and denominator are the summed ones (issue #30).
    expect(totals.RATEBASES.FILEDRATE).toEqual({ numerator: 7, denominator: 12 });
    expect(totals.RATEBASES.SETRATE).toEqual({ numerator: 102, denominator: 202 });
  });

  it('uses qualified leads and qualified shows as the funnel rules do', () => {
    const totals = systemPclcTotals([
      funnel({
        LEADS: 10,
        UNQUALIFIEDATLEAD: 2,
        SETS: 4,
        SHOWS: 4,
        UNQUALIFIEDATAPPT: 1,
        HIRES: 3,
      }),
      funnel({ LEADS: 10, UNQUALIFIEDATLEAD: 8, SETS: 1, SHOWS: 0 }),
    ]);
    expect(totals.QUALIFIEDLEADS).toBe(10);
    expect(totals.QUALIFIED).toBe(10);
    expect(totals.SETRATE).toBe(50); // 5 sets / 10 qualified leads
    expect(totals.QUALIFIEDSHOWS).toBe(3);
    expect(totals.HIRERATE).toBe(100); // 3 hires / 3 qualified shows
    expect(totals.UNQUALIFIED).toBe(11);
  });

  it('is all zeros, rates included, with no workspace or no leads', () => {
    const { RATEBASES, ...totals } = systemPclcTotals([]);
    expect(Object.values(totals).every((value) => value === 0)).toBe(true);
    expect(
      Object.values(RATEBASES).every((basis) => basis.numerator === 0 && basis.denominator === 0),
    ).toBe(true);
  });

  it('makes a totals row labelled for every workspace', () => {
    const row: SystemPclcRow = { WORKSPACEID: 'ws_a', WORKSPACENAME: 'A', ...funnel({ LEADS: 3 }) };
    expect(systemPclcTotalsRow([row])).toMatchObject({
      WORKSPACENAME: SYSTEM_PCLC_TOTALS_LABEL,
      LEADS: 3,
    });
  });

  it('names the export after the report and its range', () => {
    expect(systemPclcFileName({ startDate: '2026-11-19', endDate: '2026-11-25' })).toBe(
      'pclc_system_report_2026-11-19_2026-11-25_data',
    );
  });
});
