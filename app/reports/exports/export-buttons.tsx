import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import {
  exportFileName,
  exportRows,
  NOTHING_TO_EXPORT,
  type ExportContact,
  type ExportStat,
} from '@/shared/domain/export-rows';
import type { ExportFormat } from './build-export-file';
import './export-buttons.css';

// The export code (and, for Excel, xlsx after it) loads on the first click: a screen with
// export buttons costs its first load nothing for them (issue #6 "Speed").
const loadRunExport = () => import('./run-export');

export interface ExportButtonsProps {
  stat: ExportStat;
  /** The chosen collection (toggle filter), or null. */
  collection: string | null;
  /** The contacts in the table's order (what is exported is what is listed). */
  contacts: readonly ExportContact[];
  /** Which formats to offer (default both). */
  formats?: readonly ExportFormat[];
  disabled?: boolean;
}

const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

/**
 * Excel and CSV export of a stat's contacts (spec: dashboards 2.5 Excel-icon button, 2.7
 * CSV export, 5 / 8 'Nothing to export!', 9 columns and file names). Large exports run
 * in a worker with a progress bar.
 */
export function ExportButtons({
  stat,
  collection,
  contacts,
  formats = ['xlsx', 'csv'],
  disabled = false,
}: ExportButtonsProps) {
  const host = useHost();
  const [progress, setProgress] = useState<{ format: ExportFormat; fraction: number } | null>(null);

  async function run(format: ExportFormat) {
    if (contacts.length === 0) {
      host.notify('info', NOTHING_TO_EXPORT);
      return;
    }
    setProgress({ format, fraction: 0 });
    try {
      const rows = exportRows(stat, collection, contacts);
      const { createExportBlob, downloadBlob } = await loadRunExport();
      const blob = await createExportBlob(rows, format, {
        onProgress: (fraction) => setProgress({ format, fraction }),
      });
      downloadBlob(blob, `${exportFileName(stat, collection)}.${format}`);
    } catch (error) {
      // spec: dashboards 8 — an export failure is an error state; the notice says what failed.
      console.warn('Export failed', error);
      host.notify('danger', `The ${FORMAT_LABELS[format]} export failed. Please try again.`);
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <div className="ic-export-buttons">
      {formats.map((format) => (
        <Button
          key={format}
          variant="secondary"
          className="ic-export-buttons__button"
          // While an export runs the buttons only say they are disabled: a disabled button
          // would drop the keyboard focus that just pressed it (issue #30).
          disabled={disabled}
          aria-disabled={busy}
          onClick={() => void (busy ? undefined : run(format))}
          aria-label={`Export ${FORMAT_LABELS[format]} (.${format})`}
        >
          <Icon name={format === 'xlsx' ? 'sheet' : 'download'} size="sm" />
          {FORMAT_LABELS[format]}
        </Button>
      ))}
      {progress ? (
        <div className="ic-export-buttons__progress">
          <progress
            max={100}
            value={Math.round(progress.fraction * 100)}
            aria-label={`Exporting ${FORMAT_LABELS[progress.format]}`}
          />
          <span aria-live="polite">{Math.round(progress.fraction * 100)}%</span>
        </div>
      ) : null}
    </div>
  );
}
