import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import type { ExportFormat } from '@/app/reports/exports/build-export-file';
import { NOTHING_TO_EXPORT } from '@/shared/domain/export-rows';

// Loaded on the first click (and xlsx after it), like the funnel's export buttons.
const loadRunExport = () => import('@/app/reports/exports/run-export');

const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'Excel', csv: 'CSV' };

export interface TrendsExportButtonsProps {
  /** The header row and one row per series shown. */
  rows: readonly (readonly string[])[];
  fileName: string;
  disabled?: boolean;
}

/**
 * Excel and CSV export of the series shown (spec: dashboards 9 Exports; 5 'Nothing to
 * export!' without a series). The table is small (16 rows at most): built on the main
 * thread by the shared export builder.
 */
export function TrendsExportButtons({
  rows,
  fileName,
  disabled = false,
}: TrendsExportButtonsProps) {
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
    <div className="ic-trends__exports">
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          disabled={disabled || busy}
          onClick={() => void run(format)}
          aria-label={`Export ${FORMAT_LABELS[format]} (.${format})`}
        >
          <Icon name={format === 'xlsx' ? 'sheet' : 'download'} size="sm" />
          {FORMAT_LABELS[format]}
        </Button>
      ))}
    </div>
  );
}
