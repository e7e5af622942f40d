import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import { NOTHING_TO_EXPORT } from '@/shared/domain/export-rows';
import type { ExportFormat } from './build-export-file';
import './export-buttons.css';

// Loaded on the first click (and xlsx after it), like the funnel's export buttons.
const loadRunExport = () => import('./run-export');

const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

export interface TableExportButtonsProps {
  /** The header row, then one row per line shown (what is exported is what is listed). */
  rows: readonly (readonly string[])[];
  /** Without the extension (spec: dashboards 9 "..._data"). */
  fileName: string;
  /** What is exported ('Team Reports'), named in the buttons' labels when a screen has several. */
  what?: string;
  disabled?: boolean;
}

/**
 * Excel and CSV export of a report table (spec: dashboards 9 Exports; 5 'Nothing to
 * export!' with no row under the header). Large tables go to the export worker.
 */
export function TableExportButtons({
  rows,
  fileName,
  what,
  disabled = false,
}: TableExportButtonsProps) {
  const host = useHost();
  const [busy, setBusy] = useState(false);

  async function run(format: ExportFormat) {
    if (rows.length <= 1) {
      host.notify('info', NOTHING_TO_EXPORT);
      return;
    }
    setBusy(true);
    try {
      const { createExportBlob, downloadBlob } = await loadRunExport();
      downloadBlob(await createExportBlob(rows, format), `${fileName}.${format}`);
    } catch (error) {
      console.warn('Export failed', error);
      host.notify('danger', `The ${FORMAT_LABELS[format]} export failed. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ic-export-buttons">
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          className="ic-export-buttons__button"
          disabled={disabled || busy}
          onClick={() => void run(format)}
          aria-label={
            what
              ? `Export ${what} to ${FORMAT_LABELS[format]} (.${format})`
              : `Export ${FORMAT_LABELS[format]} (.${format})`
          }
        >
          <Icon name={format === 'xlsx' ? 'sheet' : 'download'} size="sm" />
          {FORMAT_LABELS[format]}
        </Button>
      ))}
    </div>
  );
}
