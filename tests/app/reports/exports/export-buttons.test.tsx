import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildExportFile } from '@/app/reports/exports/build-export-file';
import { ExportButtons } from '@/app/reports/exports/export-buttons';
import { createExportBlob } from '@/app/reports/exports/run-export';
import { exportRows } from '@/shared/domain/export-rows';
import { renderWithHost } from '../../helpers';

const contacts = [
  {
    name: '=cmd|"/c calc"',
    leadSource: 'Google, Ads',
    campaign: null,
    caseType: 'Chapter 7',
    status: 'Qualified',
  },
  {
    name: 'Al "Ace" Adams',
    leadSource: 'Yelp',
    campaign: 'Line\nBreak',
    caseType: null,
    status: 'Hired',
  },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildExportFile (spec: dashboards 9 exports)', () => {
  it('writes CSV with a BOM, CRLF and safe cells, reporting progress', async () => {
    const progress: number[] = [];
    const csv = (await buildExportFile(exportRows('LEADS', null, contacts), 'csv', {
      chunkSize: 1,
      onProgress: (f) => progress.push(f),
    })) as string;
    expect(csv).toBe(
      '\uFEFFContact Name,Lead Source,Campaign,Case Type,Status\r\n' +
        `"'=cmd|""/c calc""","Google, Ads",,Chapter 7,Qualified\r\n` +
        '"Al ""Ace"" Adams",Yelp,"Line\nBreak",,Hired\r\n',
    );
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
  });

  it('writes an xlsx workbook (a zip) with progress up to 1', async () => {
    const progress: number[] = [];
    const file = (await buildExportFile(exportRows('HIRES', null, contacts), 'xlsx', {
      chunkSize: 1,
      onProgress: (f) => progress.push(f),
    })) as ArrayBuffer;
    const bytes = new Uint8Array(file);
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    expect(progress.at(-1)).toBe(1);
  });

  it('falls back to the main thread when no worker can start', async () => {
    const rows = exportRows(
      'LEADS',
      null,
      Array.from({ length: 30 }, () => contacts[1]!),
    );
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('SecurityError');
        }
      },
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onProgress = vi.fn();
    const blob = await createExportBlob(rows, 'csv', { workerThreshold: 10, onProgress });
    expect(blob.type).toContain('text/csv');
    expect((await blob.text()).split('\r\n').length).toBe(32);
    expect(onProgress).toHaveBeenLastCalledWith(1);
    vi.unstubAllGlobals();
  });
});

describe('ExportButtons', () => {
  it("says 'Nothing to export!' with no rows (spec: dashboards 5)", () => {
    const { host } = renderWithHost(<ExportButtons stat="LEADS" collection={null} contacts={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV (.csv)' }));
    expect(host.notify).toHaveBeenCalledWith('info', 'Nothing to export!');
  });

  it('downloads stat_collection_data.csv', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderWithHost(<ExportButtons stat="HIRES" collection="NOHIRES" contacts={contacts} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV (.csv)' }));
    await waitFor(() => expect(clicks).toEqual(['HIRES_NOHIRES_data.csv']));
    expect(await created[0]!.text()).toContain('Not Hired');
  });

  it('keeps the pressed button focusable while it exports, and exports once (issue #30)', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderWithHost(<ExportButtons stat="HIRES" collection={null} contacts={contacts} />);
    const csv = screen.getByRole('button', { name: 'Export CSV (.csv)' }) as HTMLButtonElement;
    fireEvent.click(csv);
    // Busy: said, not done with the disabled attribute (which would drop the focus).
    expect(csv.getAttribute('aria-disabled')).toBe('true');
    expect(csv.disabled).toBe(false);
    fireEvent.click(csv);
    await waitFor(() => expect(csv.getAttribute('aria-disabled')).toBe('false'));
    expect(clicks).toEqual(['HIRES_data.csv']);
  });
});

describe('workerCanStart', () => {
  it('starts a worker only when its script comes from the page’s own origin', async () => {
    const { workerCanStart } = await import('@/app/reports/exports/run-export');
    vi.stubGlobal('Worker', class {});
    expect(workerCanStart(`${location.origin}/assets/app.js`)).toBe(true);
    // A widget in the extension's panel, or a bundle served from another origin.
    expect(workerCanStart('chrome-extension://abcdefghijklmnop/panel/run-export.js')).toBe(false);
    expect(workerCanStart('https://intake.example.com/widgets/intake-widgets.js')).toBe(
      location.origin === 'https://intake.example.com',
    );
    expect(workerCanStart('not a url')).toBe(false);
    vi.unstubAllGlobals();
    // No Worker at all (some embedded browsers, tests): the main thread.
    expect(workerCanStart(`${location.origin}/assets/app.js`)).toBe(typeof Worker !== 'undefined');
  });
});
