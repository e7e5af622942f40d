import { describe, expect, it } from 'vitest';
import {
  EXPORT_SHEET_NAME,
  exportColumns,
  exportFileName,
  exportRows,
  NOTHING_TO_EXPORT,
} from '@/shared/domain/export-rows';

const jane = {
  name: 'Jane Doe',
  leadSource: 'Google',
  campaign: null,
  caseType: 'Chapter 7',
  status: 'Qualified',
};

// spec: dashboards 9 "Exports", 5 "Export with no rows shows 'Nothing to export!'".
describe('export rows (spec: dashboards 9)', () => {
  it('has the columns Contact Name, Lead Source, Campaign, Case Type, Status', () => {
    expect(exportColumns('LEADS')).toEqual([
      'Contact Name',
      'Lead Source',
      'Campaign',
      'Case Type',
      'Status',
    ]);
  });

  it('omits Status for FILED', () => {
    expect(exportColumns('FILED')).toEqual([
      'Contact Name',
      'Lead Source',
      'Campaign',
      'Case Type',
    ]);
    expect(exportRows('FILED', null, [jane])[1]).toEqual(['Jane Doe', 'Google', '', 'Chapter 7']);
  });

  it('reads Hired for HIRES and Not Hired for the no-hires collection', () => {
    expect(exportRows('HIRES', null, [jane])[1]![4]).toBe('Hired');
    expect(exportRows('HIRES', 'HIRES', [jane])[1]![4]).toBe('Hired');
    expect(exportRows('HIRES', 'NOHIRES', [jane])[1]![4]).toBe('Not Hired');
    expect(exportRows('NOHIRES', null, [jane])[1]![4]).toBe('Not Hired');
  });

  it("keeps other stats' own status and blanks missing values", () => {
    expect(exportRows('LEADS', null, [jane])).toEqual([
      ['Contact Name', 'Lead Source', 'Campaign', 'Case Type', 'Status'],
      ['Jane Doe', 'Google', '', 'Chapter 7', 'Qualified'],
    ]);
  });

  it('names the file stat_data, or stat_collection_data with a collection', () => {
    expect(exportFileName('HIRES')).toBe('HIRES_data');
    expect(exportFileName('HIRES', null)).toBe('HIRES_data');
    expect(exportFileName('HIRES', 'NOHIRES')).toBe('HIRES_NOHIRES_data');
    expect(exportFileName('LEADS', 'New Lead')).toBe('LEADS_New_Lead_data');
  });

  it('uses the spec texts for the sheet and for an empty export', () => {
    expect(EXPORT_SHEET_NAME).toBe('data');
    expect(NOTHING_TO_EXPORT).toBe('Nothing to export!');
  });
});
