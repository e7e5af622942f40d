import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  holdUntilSaved,
  PENDING_SAVES_TIMEOUT_MS,
  savePendingWork,
} from '@/app/query/pending-saves';

// The saves a screen holds back go before a logout, and a server that never answers keeps
// nobody signed in.

describe('savePendingWork', () => {
  afterEach(() => vi.useRealTimers());

  it('asks every open screen to save, and waits for all of them, failures included', async () => {
    const order: string[] = [];
    const releases = [
      holdUntilSaved(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('designer');
      }),
      holdUntilSaved(async () => {
        order.push('failed');
        throw new Error('The server could not be reached.');
      }),
    ];
    try {
      await savePendingWork();
      expect(order).toEqual(['failed', 'designer']);
    } finally {
      for (const release of releases) release();
    }
    // Released: not asked again.
    await savePendingWork();
    expect(order).toEqual(['failed', 'designer']);
  });

  it('gives up waiting after its limit when a save never answers', async () => {
    vi.useFakeTimers();
    const release = holdUntilSaved(() => new Promise(() => {}));
    try {
      let done = false;
      const waiting = savePendingWork().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(PENDING_SAVES_TIMEOUT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      release();
    }
  });
});
