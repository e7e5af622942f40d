import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { followLiveSocketError } from '@/app/live/live-socket-error';
import { createSwitchableLiveFeed } from '@/app/live/choose-live-feed';
import { Toaster } from '@/app/shell/toasts/toaster';
import { clearToasts, dismissToastById, notifyWithToasts } from '@/app/shell/toasts/toast-store';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from '@/shared/live/live-feed';
import type { ConnectionStatus } from '@/shared/transport/transport';

// issue #28 — the app shows the persistent socket error for the socket its live feed runs
// on (the extension's, when the app uses the extension's feed), until it is connected.

function fakeFeed() {
  let snapshot: LiveSnapshot = { ...IDLE_LIVE_SNAPSHOT, status: 'ready', socket: 'connected' };
  const listeners = new Set<() => void>();
  const feed: LiveFeed = {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    markRead: async () => {},
    markAllRead: async () => {},
    reload: () => {},
    onArrival: () => () => {},
  };
  const setSocket = (socket: ConnectionStatus) => {
    snapshot = { ...snapshot, socket };
    act(() => listeners.forEach((listener) => listener()));
  };
  return { feed, setSocket };
}

afterEach(() => act(() => clearToasts()));

describe("the extension's socket error in the app (issue #28)", () => {
  it('shows "Socket Connection Error!" while the feed\'s socket is in error and takes it back when connected', () => {
    render(<Toaster />);
    const extension = fakeFeed();
    const switchable = createSwitchableLiveFeed();
    const stop = followLiveSocketError(switchable, notifyWithToasts, dismissToastById);
    act(() => switchable.use(extension.feed));
    expect(screen.queryByText('Socket Connection Error!')).toBeNull();

    extension.setSocket('error');
    expect(screen.getByText('Socket Connection Error!')).not.toBeNull();
    expect(
      screen.getByText(
        'Try refreshing the page, and notify support if the issue persists afterward.',
      ),
    ).not.toBeNull();
    // Still in error on the next snapshot: one toast.
    extension.setSocket('error');
    expect(screen.getAllByText('Socket Connection Error!')).toHaveLength(1);

    extension.setSocket('connected');
    expect(screen.queryByText('Socket Connection Error!')).toBeNull();
    stop();
  });

  it('takes the error back when the app stops using that feed (sign-out)', () => {
    render(<Toaster />);
    const extension = fakeFeed();
    const switchable = createSwitchableLiveFeed();
    followLiveSocketError(switchable, notifyWithToasts, dismissToastById);
    act(() => switchable.use(extension.feed));
    extension.setSocket('error');
    expect(screen.getByText('Socket Connection Error!')).not.toBeNull();
    act(() => switchable.use(null));
    expect(screen.queryByText('Socket Connection Error!')).toBeNull();
  });
});
