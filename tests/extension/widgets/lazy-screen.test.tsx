import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { holdScreensUntil, lazyScreen, ScreenLoadingContext } from '@/widgets/lazy-screen';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyScreen', () => {
  it("shows the host's loading view until the chunk arrives when nothing preloaded it", async () => {
    const load = vi.fn(async () => Hello);
    const { Screen } = lazyScreen(load);
    const suspended = vi.fn(() => <p>Suspended</p>);
    const Suspended = suspended;
    render(
      <ScreenLoadingContext.Provider value={() => <p>Loading…</p>}>
        <Suspense fallback={<Suspended />}>
          <Screen name="Ada" />
        </Suspense>
      </ScreenLoadingContext.Provider>,
    );
    expect(screen.getByText('Loading…').textContent).toBe('Loading…');
    expect((await screen.findByText('Hello Ada')).textContent).toBe('Hello Ada');
    expect(load).toHaveBeenCalledTimes(1);
    // Not through Suspense: React's fallback throttle would hold the screen back.
    expect(suspended).not.toHaveBeenCalled();
  });

  it('holds screens rendered without a preload until the first one is shown; a preload goes at once', async () => {
    let open: () => void = () => {};
    holdScreensUntil(new Promise<void>((resolve) => (open = resolve)));
    const later = vi.fn(async () => Hello);
    const first = vi.fn(async () => Hello);
    const { Screen } = lazyScreen(later);
    render(
      <ScreenLoadingContext.Provider value={() => <p>Loading…</p>}>
        <Screen name="Lin" />
      </ScreenLoadingContext.Provider>,
    );
    await lazyScreen(first).preload();
    expect(first).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    expect(screen.getByText('Loading…').textContent).toBe('Loading…');
    open();
    expect((await screen.findByText('Hello Lin')).textContent).toBe('Hello Lin');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("throws a failed chunk to the screen's error boundary", async () => {
    const { Screen } = lazyScreen(async (): Promise<typeof Hello> => {
      throw new Error('offline');
    });
    const onError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <Boundary>
          <Screen name="Ada" />
        </Boundary>,
      );
      expect((await screen.findByText('Failed: offline')).textContent).toBe('Failed: offline');
    } finally {
      onError.mockRestore();
    }
  });

  it('renders a preloaded screen at once, without the fallback, and loads it only once', async () => {
    const load = vi.fn(async () => Hello);
    const lazy = lazyScreen(load);
    await lazy.preload();
    await lazy.preload();
    const fallback = vi.fn(() => <p>Loading…</p>);
    const Fallback = fallback;
    await act(async () => {
      render(
        <Suspense fallback={<Fallback />}>
          <lazy.Screen name="Grace" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Hello Grace').textContent).toBe('Hello Grace');
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a failed chunk be asked for again', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Hello);
    const lazy = lazyScreen(load);
    await expect(lazy.preload()).rejects.toThrow('offline');
    await lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
