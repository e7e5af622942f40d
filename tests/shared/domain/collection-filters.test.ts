import { describe, expect, it } from 'vitest';
import type { ConversionContactRow, ConversionData } from '@/shared/contracts/reports/conversion';
import {
  canSelectConversionCard,
  conversionContacts,
  isBankruptcyPracticeArea,
  toggleConversionCard,
} from '@/shared/domain/collection-filters';

const row = (name: string, newLead: string, status: string): ConversionContactRow => [
  'Chapter 7',
  'Google',
  name,
  newLead,
  status,
  'Spring',
  `id-${name}`,
  'Leads',
];

const data: ConversionData = {
  LEADS: 2,
  SHOWS: 2,
  HIRES: 1,
  FILED: 0,
  NOHIRES: 1,
  LEADSCONTACTS: [
    row('Ann', 'true', 'New Lead'),
    row('Ben', 'false', 'Qualified'),
    row('Cy', 'true', 'Unqualified'),
  ],
  SHOWSCONTACTS: [row('Dee', 'false', 'Qualified'), row('Eve', 'false', 'Unqualified')],
  HIRESCONTACTS: [row('Fay', 'false', 'Hired')],
  FILEDCONTACTS: [],
  NOHIRESCONTACTS: [row('Gus', 'false', 'Not Hired')],
  TRUNCATED: false,
};
const names = (rows: ConversionContactRow[]) => rows.map((r) => r[2]);

describe('conversion collection filter (spec: dashboards 4)', () => {
  it('LEADS with an empty collection shows new leads only', () => {
    expect(names(conversionContacts(data, 'LEADS', null))).toEqual(['Ann', 'Cy']);
  });

  it('LEADS with a collection shows leads whose status equals it', () => {
    expect(names(conversionContacts(data, 'LEADS', 'Qualified'))).toEqual(['Ben']);
    expect(names(conversionContacts(data, 'LEADS', 'Unqualified'))).toEqual(['Cy']);
  });

  it('SHOWS with an empty collection shows all, otherwise filters by status', () => {
    expect(names(conversionContacts(data, 'SHOWS', null))).toEqual(['Dee', 'Eve']);
    expect(names(conversionContacts(data, 'SHOWS', 'Unqualified'))).toEqual(['Eve']);
  });

  it('NOHIRES uses its own list (as do HIRES and FILED)', () => {
    expect(names(conversionContacts(data, 'NOHIRES', null))).toEqual(['Gus']);
    expect(names(conversionContacts(data, 'HIRES', null))).toEqual(['Fay']);
    expect(conversionContacts(data, 'FILED', null)).toEqual([]);
  });
});

describe('selecting a conversion card (spec: dashboards 4 Selected funnel stat)', () => {
  it('selects only a card with at least one contact, and only when loaded', () => {
    expect(canSelectConversionCard(data, 'HIRES', 'loaded')).toBe(true);
    expect(canSelectConversionCard(data, 'FILED', 'loaded')).toBe(false);
    expect(canSelectConversionCard(data, 'HIRES', 'loading')).toBe(false);
    expect(canSelectConversionCard(data, 'HIRES', 'error')).toBe(false);
    expect(canSelectConversionCard(null, 'HIRES', 'loaded')).toBe(false);
  });

  it('toggles: selecting again deselects; an unselectable card changes nothing', () => {
    expect(toggleConversionCard(null, 'HIRES', true)).toBe('HIRES');
    expect(toggleConversionCard('HIRES', 'HIRES', true)).toBeNull();
    expect(toggleConversionCard('HIRES', 'SHOWS', true)).toBe('SHOWS');
    expect(toggleConversionCard('HIRES', 'FILED', false)).toBe('HIRES');
  });

  it('shows FILED only for Bankruptcy (spec: dashboards 2.7)', () => {
    expect(isBankruptcyPracticeArea('Bankruptcy')).toBe(true);
    expect(isBankruptcyPracticeArea(' bankruptcy ')).toBe(true);
    expect(isBankruptcyPracticeArea('Personal Injury')).toBe(false);
    expect(isBankruptcyPracticeArea(null)).toBe(false);
  });
});
