import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLookup, useReportLookups, type ReportLookups } from '@/app/query/use-lookup';
import { LOOKUP_MAX_RETRIES, LOOKUP_RETRY_DELAY_MS } from '@/shared/query/lookup-queries';
import { makeUser } from '../../shared/domain/fixtures';
import { fakeApi, type FakeApi } from '../fake-api';
import { makeHost, renderWithHost } from '../helpers';
import { reportApi, reportWorkspace } from '../reports/filters/fixtures';

const workspace = reportWorkspace();
const list = <T,>(data: T[]) => ({ data, meta: { total: data.length, limit: 100, offset: 0 } });

function hostWith(api: FakeApi) {
  return makeHost({ api, session: { user: makeUser({ role: 'owner' }), workspace, agent: null } });
}

function Campaigns() {
  const campaigns = useLookup('campaigns');
  return (
    <p data-testid="campaigns">
      {campaigns.loading ? 'loading' : campaigns.items.map((c) => c.label).join(',') || 'none'}
    </p>
  );
}

function ReportLists() {
  const found = useReportLookups();
  return <pre data-testid="lookups">{JSON.stringify(found)}</pre>;
}

/** Lets answers arrive and TanStack Query's batched notifications render (fake timers). */
const flush = () => act(() => vi.advanceTimersByTimeAsync(1));

const lists = () => JSON.parse(screen.getByTestId('lookups').textContent!) as ReportLookups;

const shown = () => screen.getAllByTestId('campaigns')[0]!.textContent;
const spring = {
  id: 'cp_1',
  key: 'spring',
  label: 'Spring',
  active: true,
  medium: null,
  leadSourceId: null,
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useReportLookups: the filter panel lists (spec: dashboards 2.9, 3)', () => {
  it('fetches the lists through the host, hiding Test sources and offices without a timezone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithHost(<ReportLists />, { host: hostWith(reportApi()) });
    await waitFor(() => expect(lists().loading).toBe(false));
    const found = lists();
    expect(found.leadSources.map((s) => s.label)).toEqual(['Avvo', 'Google']);
    expect(found.offices.map((o) => o.label)).toEqual(['Downtown']);
    expect(found.caseTypes.map((t) => t.label)).toEqual(['Bankruptcy', 'Personal Injury']);
    expect(found.subCaseTypes.map((t) => t.label)).toEqual(['Auto Accident', 'Chapter 7']);
    expect(warn).toHaveBeenCalledWith('Office Nowhere has no timezone and is skipped.');
  });

  it('turns a failed list into an empty one at once (spec: session 8 "Failed lookups")', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = reportApi([['/campaigns', () => ({ fail: 503 })]]);
    renderWithHost(<ReportLists />, { host: hostWith(api) });
    await waitFor(() => expect(lists().loading).toBe(false));
    const found = lists();
    expect(found.campaigns).toEqual([]);
    expect(found.leadSources).toHaveLength(2);
    // Silent: a failed list raises no toast of its own.
    expect(api.notify).not.toHaveBeenCalled();
  });
});

describe('useLookup: cached global lookups (spec: session 3, 4 Lookups, 9)', () => {
  it('asks once for a list every component of the host reads', async () => {
    const api = fakeApi({ '/campaigns': () => list([spring]) });
    renderWithHost(
      <>
        <Campaigns />
        <Campaigns />
      </>,
      { host: hostWith(api) },
    );
    await waitFor(() => expect(shown()).not.toBe('loading'));
    expect(screen.getAllByTestId('campaigns').map((p) => p.textContent)).toEqual([
      'Spring',
      'Spring',
    ]);
    expect(api.calls('/campaigns')).toHaveLength(1);
  });

  it('retries a failed or empty list every 5 minutes, up to 5 times, then stays empty', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answers: unknown[] = [{ fail: 500 }, list([]), { fail: 0 }, list([]), { fail: 500 }];
    const api = fakeApi({ '/campaigns': () => answers.shift() ?? list([]) });
    renderWithHost(<Campaigns />, { host: hostWith(api) });
    await flush();
    expect(api.calls('/campaigns')).toHaveLength(1);
    expect(shown()).toBe('none');

    await act(async () => vi.advanceTimersByTimeAsync(LOOKUP_RETRY_DELAY_MS - 1000));
    expect(api.calls('/campaigns')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(api.calls('/campaigns')).toHaveLength(2);

    for (let i = 0; i < 10; i += 1) {
      await act(async () => vi.advanceTimersByTimeAsync(LOOKUP_RETRY_DELAY_MS));
    }
    expect(api.calls('/campaigns')).toHaveLength(1 + LOOKUP_MAX_RETRIES);
    expect(shown()).toBe('none');
  });

  it('shows the list as soon as a retry finds it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answers: unknown[] = [{ fail: 500 }];
    const api = fakeApi({ '/campaigns': () => answers.shift() ?? list([spring]) });
    renderWithHost(<Campaigns />, { host: hostWith(api) });
    await flush();
    expect(shown()).toBe('none');
    await act(async () => vi.advanceTimersByTimeAsync(LOOKUP_RETRY_DELAY_MS));
    expect(shown()).toBe('Spring');
    await act(async () => vi.advanceTimersByTimeAsync(10 * LOOKUP_RETRY_DELAY_MS));
    expect(api.calls('/campaigns')).toHaveLength(2);
  });

  it('keeps a list for the day and fetches it again on a new day, showing the old one meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0));
    const api = fakeApi({ '/campaigns': () => list([spring]) });
    const first = renderWithHost(<Campaigns />, { host: hostWith(api) });
    await flush();
    first.unmount();

    vi.setSystemTime(new Date(2026, 10, 22, 23, 59));
    const sameDay = renderWithHost(<Campaigns />, {
      host: hostWith(api),
      queryClient: first.queryClient,
    });
    await flush();
    expect(shown()).toBe('Spring');
    expect(api.calls('/campaigns')).toHaveLength(1);
    sameDay.unmount();

    api.on('/campaigns', () => list([{ ...spring, label: 'Spring (renamed)' }]));
    vi.setSystemTime(new Date(2026, 10, 23, 0, 1));
    renderWithHost(<Campaigns />, { host: hostWith(api), queryClient: first.queryClient });
    // The cached list shows at once; the day's list replaces it when it arrives.
    expect(shown()).toBe('Spring');
    await flush();
    expect(shown()).toBe('Spring (renamed)');
    expect(api.calls('/campaigns')).toHaveLength(2);
  });
});
