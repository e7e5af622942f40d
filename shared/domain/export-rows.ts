/**
 * Export rows and file names (spec: dashboards 9 "Exports", 5 "Export with no rows"):
 * columns Contact Name, Lead Source, Campaign, Case Type, Status; FILED omits Status; for
 * HIRES the status reads Hired, for the no-hires collection Not Hired. The file name is
 * the stat name plus '_data', or stat_collection_data when a collection is chosen.
 */

export const NOTHING_TO_EXPORT = 'Nothing to export!';

/** The Excel sheet's name (spec: dashboards 9 "sheet named data"). */
export const EXPORT_SHEET_NAME = 'data';

export const EXPORT_COLUMNS = [
  'Contact Name',
  'Lead Source',
  'Campaign',
  'Case Type',
  'Status',
] as const;

/** A stat of the funnel (LEADS, SETS, SHOWS, HIRES, FILED) or the conversion report (+ NOHIRES). */
export type ExportStat = 'LEADS' | 'SETS' | 'SHOWS' | 'HIRES' | 'FILED' | 'NOHIRES';

/** The no-hires collection: the funnel's HIRES / NOHIRES toggle, the conversion's NOHIRES card. */
export const NO_HIRES = 'NOHIRES';

export interface ExportContact {
  name: string;
  leadSource: string | null;
  campaign: string | null;
  caseType: string | null;
  status: string | null;
}

function isNoHires(stat: ExportStat, collection: string | null | undefined): boolean {
  return stat === NO_HIRES || collection === NO_HIRES;
}

export function exportColumns(stat: ExportStat): string[] {
  return stat === 'FILED' ? EXPORT_COLUMNS.slice(0, 4) : [...EXPORT_COLUMNS];
}

/** The Status cell: Hired for HIRES, Not Hired for the no-hires collection, else the row's. */
export function exportStatus(
  stat: ExportStat,
  collection: string | null | undefined,
  status: string | null,
): string {
  if (isNoHires(stat, collection)) return 'Not Hired';
  if (stat === 'HIRES') return 'Hired';
  return status ?? '';
}

/** The header row and one row per contact, in the order given (the table's order). */
export function exportRows(
  stat: ExportStat,
  collection: string | null | undefined,
  contacts: readonly ExportContact[],
): string[][] {
  const withStatus = stat !== 'FILED';
  const rows = contacts.map((contact) => {
    const cells = [
      contact.name,
      contact.leadSource ?? '',
      contact.campaign ?? '',
      contact.caseType ?? '',
    ];
    if (withStatus) cells.push(exportStatus(stat, collection, contact.status));
    return cells;
  });
  return [exportColumns(stat), ...rows];
}

/** "LEADS_data", or "LEADS_QUALIFIED_data" with a collection; without the extension. */
export function exportFileName(stat: ExportStat, collection?: string | null): string {
  const safe = (part: string) => part.replace(/[^\w-]+/g, '_');
  return collection ? `${safe(stat)}_${safe(collection)}_data` : `${safe(stat)}_data`;
}
