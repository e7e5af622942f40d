import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '@/widgets/lazy-screen';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyScreen', () => {
  it('suspends until the chunk arrives when nothing preloaded it', async () => {
    const load = vi.fn(async () => Hello);
    const { Screen } = lazyScreen(load);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…').textContent).toBe('Loading…');
    expect((await screen.findByText('Hello Ada')).textContent).toBe('Hello Ada');
    expect(load).toHaveBeenCalledTimes(1);
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
