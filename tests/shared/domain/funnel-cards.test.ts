import { describe, expect, it } from 'vitest';
import type { PclcData } from '@/shared/contracts/reports/pclc';
import { funnelCards, shownCollection, toggleCollection } from '@/shared/domain/funnel-cards';

const data: PclcData = {
  LEADS: 150,
  QUALIFIED: 120,
  QUALIFIEDLEADS: 120,
  UNQUALIFIED: 40,
  UNQUALIFIEDATLEAD: 30,
  SETS: 60,
  SETRATE: 50,
  SHOWS: 40,
  QUALIFIEDSHOWS: 30,
  UNQUALIFIEDATAPPT: 10,
  SHOWRATE: 66.67,
  HIRES: 12,
  HIRERATE: 40,
  NOHIRES: 18,
  FILED: 3,
  FILEDRATE: 25,
};

describe('funnel stat cards (spec: dashboards 2.5)', () => {
  it('names the cards Qualified Leads, Set Appointments, Qualified Shows, Hires', () => {
    const cards = funnelCards(data, { showFiled: false });
    expect(cards.map((c) => [c.stat, c.label, c.value])).toEqual([
      ['LEADS', 'Qualified Leads', 120],
      ['SETS', 'Set Appointments', 60],
      ['SHOWS', 'Qualified Shows', 30],
      ['HIRES', 'Hires', 12],
    ]);
  });

  it('adds Filed when the flag is on', () => {
    expect(funnelCards(data, { showFiled: true }).map((c) => c.label)).toContain('Filed');
  });

  it('explains each rate with its formula and this report’s numbers', () => {
    const [leads, sets, shows, hires, filed] = funnelCards(data, { showFiled: true });
    expect(leads!.formula).toBe(
      'Qualified leads = new leads − unqualified at lead = 150 − 30 = 120',
    );
    expect(sets!.formula).toBe('Set rate = sets / qualified leads = 60 / 120 = 50%');
    expect(shows!.formula).toContain('Show rate = all shows / sets = 40 / 60 = 66.67%');
    expect(shows!.formula).toContain(
      'Qualified shows = shows − unqualified at appointment = 40 − 10 = 30',
    );
    expect(hires!.formula).toBe('Hire rate = hires / qualified shows = 12 / 30 = 40%');
    expect(filed!.formula).toBe('Filed rate = filed / hires = 3 / 12 = 25%');
    expect(sets!.caption).toBe('Set rate 50%');
  });

  it('says why a snapshot rate passes 100% (filed cases of clients hired before the range)', () => {
    // The demo week's shape: 20 filed against 11 hires in the range.
    const week = { ...data, HIRES: 11, FILED: 20 };
    const filed = funnelCards(week, { showFiled: true }).at(-1)!;
    expect(filed.caption).toBe('Filed rate 181.82%');
    expect(filed.formula).toBe(
      'Filed rate = filed / hires = 20 / 11 = 181.82%. Above 100% because the snapshot counts ' +
        'each step when it happened in the range: it includes cases filed for clients hired ' +
        'before the range.',
    );
    // Within 100%, or in the conversion perspective (the range's own leads), no such note.
    expect(funnelCards(data, { showFiled: true }).at(-1)!.formula).not.toContain('Above 100%');
    expect(
      funnelCards(week, { showFiled: true, type: 'intakePCLC' }).at(-1)!.formula,
    ).not.toContain('Above 100%');
  });

  it('toggles a collection, and pressing it again goes back to blank (all)', () => {
    expect(toggleCollection(null, 'NOHIRES')).toBe('NOHIRES');
    expect(toggleCollection('NOHIRES', 'NOHIRES')).toBeNull();
    expect(toggleCollection('HIRES', 'NOHIRES')).toBe('NOHIRES');
  });

  it('shows the first toggle pressed while blank: the list the server sends for blank', () => {
    expect(shownCollection('HIRES', null)).toBe('HIRES');
    expect(shownCollection('LEADS', null)).toBe('NEW');
    expect(shownCollection('SHOWS', null)).toBe('ALL');
    expect(shownCollection('HIRES', 'NOHIRES')).toBe('NOHIRES');
    expect(shownCollection('SETS', null)).toBeNull();
  });
});
