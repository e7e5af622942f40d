import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestLoader } from '@/app/shell/request-loader/request-loader';
import {
  REQUEST_LOADER_SAFETY_RESET_MS,
  requestEnded,
  requestStarted,
  resetRequestLoader,
  useRequestLoaderStore,
} from '@/app/shell/request-loader/request-loader-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => resetRequestLoader());
  vi.useRealTimers();
});

const loader = () => screen.queryByRole('progressbar', { name: 'Loading data' });

describe('global request loader (spec: session 4 Shell, 9 "Loader safety reset is 10 s")', () => {
  it('shows while requests are pending and hides when the count returns to 0', () => {
    render(<RequestLoader />);
    expect(loader()).toBeNull();
    act(() => {
      requestStarted();
      requestStarted();
    });
    expect(loader()).not.toBeNull();
    act(() => requestEnded());
    expect(loader()).not.toBeNull();
    act(() => requestEnded());
    expect(loader()).toBeNull();
  });

  it('resets itself 10 s after it appeared when a request never reports its end', () => {
    render(<RequestLoader />);
    act(() => requestStarted());
    act(() => {
      vi.advanceTimersByTime(REQUEST_LOADER_SAFETY_RESET_MS - 1);
    });
    expect(loader()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(loader()).toBeNull();
    // The late end of the lost request does not drive the count below 0.
    act(() => requestEnded());
    expect(useRequestLoaderStore.getState().pending).toBe(0);
    act(() => requestStarted());
    expect(loader()).not.toBeNull();
  });

  it('does not reset a loader that already went back to 0 and came up again later', () => {
    render(<RequestLoader />);
    act(() => requestStarted());
    act(() => {
      vi.advanceTimersByTime(6000);
      requestEnded();
    });
    act(() => requestStarted());
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    // 12 s after the first request, but only 6 s after this one: still shown.
    expect(loader()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(loader()).toBeNull();
  });
});
