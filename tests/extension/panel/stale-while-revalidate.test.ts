import { describe, expect, it, vi } from 'vitest';
import { createReportCache } from '@/extension/entrypoints/background/report-cache';
import { staleWhileRevalidate } from '@/extension/panel/port-environment';
import { createPortTransport } from '@/shared/transport/port-transport';
import type { TransportRequest } from '@/shared/transport/transport';
import { createWidgetFreshness, describeAge } from '@/widgets/widget-freshness';
import {
  contentSender,
  fakeBackground,
  routerPortConnector,
  settle,
  state,
} from '../background/fake-background';

/**
 * issue #14: a CRM tab's widget shows the background's cached answer at once, says how
 * old it is, asks for the fresh one beside it, and asks its data again once it is in.
 * A real PortTransport against the background's real router and cache.
 */

const request: TransportRequest = {
  method: 'POST',
  path: `workspaces/${state.workspace?.id}/reports/pclc`,
  body: { startDate: '2026-11-01', endDate: '2026-11-07', type: 'rjPclc' },
};

function setup() {
  let time = 5_000_000;
  let calls = 0;
  let fail = false;
  const waiting: (() => void)[] = [];
  let hold = false;
  const background = fakeBackground({
    reportCache: createReportCache({ now: () => time }),
    request: () => {
      calls++;
      const call = calls;
      const settleCall = (resolve: (value: unknown) => void, reject: (e: Error) => void) =>
        fail ? reject(new Error('down')) : resolve({ data: { call } });
      if (!hold) return new Promise(settleCall);
      return new Promise((resolve, reject) => waiting.push(() => settleCall(resolve, reject)));
    },
  });
  const transport = createPortTransport({
    connect: routerPortConnector(background.router, contentSender).connect,
  });
  return {
    transport,
    advance: (ms: number) => void (time += ms),
    now: () => time,
    hold: (value: boolean) => void (hold = value),
    failNext: () => void (fail = true),
    release: () => waiting.splice(0).forEach((run) => run()),
    calls: () => calls,
  };
}

describe("a widget's transport in a CRM tab (stale-while-revalidate)", () => {
  it('shows the cached answer at once, says since when, and hears when the fresh one is in', async () => {
    const tab = setup();
    const freshness = createWidgetFreshness();
    const updated = vi.fn();
    freshness.onUpdated(updated);
    const widget = staleWhileRevalidate(tab.transport, freshness);

    expect(await widget.request(request)).toEqual({ data: { call: 1 } });
    const fetchedAt = tab.now();
    expect(freshness.get()).toEqual({ staleSince: null, updating: false });

    tab.advance(120_000);
    tab.hold(true);
    // The server has not answered yet: the widget has its figures already.
    expect(await widget.request(request)).toEqual({ data: { call: 1 } });
    expect(freshness.get()).toEqual({ staleSince: fetchedAt, updating: true });
    expect(updated).not.toHaveBeenCalled();

    tab.release();
    await vi.waitFor(() => expect(updated).toHaveBeenCalledTimes(1));
    expect(freshness.get()).toEqual({ staleSince: null, updating: false });
    // One revalidation for both the background's own and the tab's ask.
    expect(tab.calls()).toBe(2);
    // Asked again (the widget's data layer does it on `updated`): the fresh answer, no call.
    expect(await widget.request(request)).toEqual({ data: { call: 2 } });
    expect(tab.calls()).toBe(2);
  });

  it('keeps the old figures and says they could not be updated when the server fails', async () => {
    const tab = setup();
    const freshness = createWidgetFreshness();
    const updated = vi.fn();
    freshness.onUpdated(updated);
    const widget = staleWhileRevalidate(tab.transport, freshness);
    await widget.request(request);
    const fetchedAt = tab.now();
    tab.advance(120_000);
    tab.failNext();
    expect(await widget.request(request)).toEqual({ data: { call: 1 } });
    await vi.waitFor(() => expect(freshness.get().updating).toBe(false));
    await settle();
    expect(freshness.get()).toEqual({ staleSince: fetchedAt, updating: false });
    expect(updated).not.toHaveBeenCalled();
  });

  it('says the age in words a person reads', () => {
    expect(describeAge(12_400)).toBe('12 s');
    expect(describeAge(3 * 60_000)).toBe('3 min');
    expect(describeAge(2 * 3_600_000)).toBe('2 h');
  });
});
