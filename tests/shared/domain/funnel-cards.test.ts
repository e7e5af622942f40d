import { describe, expect, it } from 'vitest';
import type { PclcData } from '@/shared/contracts/reports/pclc';
import {
  funnelCards,
  funnelCardsAboveNote,
  funnelCardsAboveSummary,
  shownCollection,
  toggleCollection,
} from '@/shared/domain/funnel-cards';
import { funnelData } from '@/shared/domain/funnel-rates';

const data: PclcData = funnelData({
  LEADS: 150,
  QUALIFIED: 118,
  UNQUALIFIEDATLEAD: 30,
  SETS: 60,
  SHOWS: 40,
  UNQUALIFIEDATAPPT: 10,
  HIRES: 12,
  NOHIRES: 18,
  FILED: 3,
});

describe('funnel stat cards (spec: dashboards 2.5)', () => {
  it('names the cards Qualified Leads, Set Appointments, Qualified Shows, Hires', () => {
    const cards = funnelCards(data, { showFiled: false });
    expect(cards.map((c) => [c.stat, c.label, c.value])).toEqual([
      ['LEADS', 'Qualified Leads', 118],
      ['SETS', 'Set Appointments', 60],
      ['SHOWS', 'Qualified Shows', 30],
      ['HIRES', 'Hires', 12],
    ]);
  });

  it('adds Filed when the flag is on', () => {
    expect(funnelCards(data, { showFiled: true }).map((c) => c.label)).toContain('Filed');
  });

  it('shows beside each rate the two counts it divides (issue #30)', () => {
    const [leads, sets, shows, hires, filed] = funnelCards(data, { showFiled: true });
    expect(leads!.caption).toBe('of 150 new leads');
    expect(sets!.caption).toBe('Set rate 50.85% · 60 / 118');
    // The Qualified Shows card (30) shows the rate of all 40 shows, and says so.
    expect(shows!.caption).toBe('Show rate 66.67% · 40 / 60');
    expect(hires!.caption).toBe('Hire rate 40% · 12 / 30');
    expect(filed!.caption).toBe('Filed rate 25% · 3 / 12');
  });

  it('names what each count holds in the tooltip, with this report’s numbers', () => {
    const [leads, sets, shows, hires, filed] = funnelCards(data, { showFiled: true });
    expect(leads!.formula).toBe(
      'Qualified leads = leads qualified in the range = 118, the Qualified list. New leads: ' +
        '150; unqualified at lead: 30; the rest are not decided yet.',
    );
    expect(sets!.formula).toBe(
      'Set rate = sets / qualified leads = 60 / 118 = 50.85%. Both count what happened in ' +
        'the range, so the sets can include appointments set for leads qualified before the range.',
    );
    expect(shows!.formula).toContain('Show rate = shows (all) / sets = 40 / 60 = 66.67%.');
    expect(shows!.formula).toContain(
      'Qualified shows = shows − unqualified at appointment = 40 − 10 = 30.',
    );
    expect(hires!.formula).toContain('Hire rate = hires / qualified shows = 12 / 30 = 40%.');
    expect(filed!.formula).toContain('Filed rate = filed cases / hires = 3 / 12 = 25%.');
    expect(filed!.formula).not.toContain('above 100%');
  });

  it('says why a snapshot rate passes 100% (filed cases of clients hired before the range)', () => {
    // The demo month's shape: 94 filed against 81 hires in the range.
    const month = funnelData({ ...data, NOHIRES: 18, HIRES: 81, FILED: 94 });
    const filed = funnelCards(month, { showFiled: true }).at(-1)!;
    expect(filed.caption).toBe('Filed rate 116.05% · 94 / 81');
    expect(filed.formula).toBe(
      'Filed rate = filed cases / hires = 94 / 81 = 116.05%. Both count what happened in the ' +
        'range, so the filed cases can include cases filed for clients hired before the ' +
        'range. That is why this rate is above 100%; the Conversion perspective follows one ' +
        'group of contacts and stays within 100%.',
    );
  });

  it('in the conversion perspective says both counts follow the range’s contacts', () => {
    const [leads, sets] = funnelCards(data, { showFiled: true, type: 'intakePCLC' });
    expect(leads!.formula).toContain('leads qualified of the leads that entered in the range');
    expect(sets!.formula).toBe(
      'Set rate = sets / qualified leads = 60 / 118 = 50.85%. Both count the contacts that ' +
        'entered the pipeline in the range.',
    );
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

describe('funnelCardsAboveNote (issue #30: a rate above 100% says why)', () => {
  const bases = (filed: number, hires: number) => ({
    RATEBASES: {
      SETRATE: { numerator: 5, denominator: 10 },
      SHOWRATE: { numerator: 4, denominator: 5 },
      HIRERATE: { numerator: 3, denominator: 4 },
      FILEDRATE: { numerator: filed, denominator: hires },
    },
  });

  it('names the rate above 100% and why, in the snapshot', () => {
    const note = funnelCardsAboveNote(bases(27, 26), { showFiled: true, type: 'rjPclc' });
    expect(note).toMatch(/^Filed rate above 100%: the snapshot/);
    expect(note).toContain('cases filed for clients hired before the range');
  });

  it('says nothing when every rate shown is within 100%, or the rate is not shown', () => {
    expect(funnelCardsAboveNote(bases(26, 26), { showFiled: true, type: 'rjPclc' })).toBeNull();
    expect(funnelCardsAboveNote(bases(27, 26), { showFiled: false, type: 'rjPclc' })).toBeNull();
  });

  it('says nothing in the conversion perspective, whose rates nest', () => {
    expect(funnelCardsAboveNote(bases(27, 26), { showFiled: true, type: 'intakePCLC' })).toBeNull();
  });

  it('has a one-line summary for the CRM panel, the note’s first words', () => {
    const options = { showFiled: true, type: 'rjPclc' } as const;
    expect(funnelCardsAboveSummary(bases(27, 26), options)).toBe('Filed rate above 100%');
    expect(funnelCardsAboveNote(bases(27, 26), options)).toMatch(/^Filed rate above 100%: /);
    expect(funnelCardsAboveSummary(bases(26, 26), options)).toBeNull();
    expect(funnelCardsAboveSummary(bases(27, 26), { ...options, type: 'intakePCLC' })).toBeNull();
  });
});
