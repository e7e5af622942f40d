import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type MutateOptions,
  putRow,
  useMutateAndInvalidate,
  useRowWrite,
} from '@/app/query/use-mutate-and-invalidate';

const LIST = ['intake', 'u_1', 'ws_1', 'list'] as const;

/** A list on screen whose every reload waits until the test lets it answer. */
function setUp<R>(write: () => Promise<R>, options: Omit<MutateOptions<void, R>, 'invalidates'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let loads = 0;
  const waiting: (() => void)[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      useQuery({
        queryKey: [...LIST],
        queryFn: () => {
          loads += 1;
          return loads === 1 ? 'first' : new Promise<string>((r) => waiting.push(() => r('new')));
        },
      });
      return useMutateAndInvalidate(write, { invalidates: () => [LIST], ...options });
    },
    { wrapper },
  );
  return { result, loads: () => loads, answerReload: () => waiting.shift()?.() };
}

describe('useMutateAndInvalidate', () => {
  it('resolves once the lists it changed have loaded again, by default', async () => {
    const { result, loads, answerReload } = setUp(async () => 'saved', {});
    await waitFor(() => expect(loads()).toBe(1));
    let done = false;
    let write!: Promise<string>;
    act(() => {
      write = result.current.mutate().then((answer) => ((done = true), answer));
    });
    await waitFor(() => expect(loads()).toBe(2));
    expect(done).toBe(false);
    await act(async () => answerReload());
    await expect(write).resolves.toBe('saved');
  });

  it('resolves at the answer with waitForReload false, the reload running behind', async () => {
    const { result, loads } = setUp(async () => 'parked', { waitForReload: false });
    await waitFor(() => expect(loads()).toBe(1));
    await act(async () => {
      await expect(result.current.mutate()).resolves.toBe('parked');
    });
    // The reload was asked, and has not answered.
    await waitFor(() => expect(loads()).toBe(2));
  });

  it('reloads on a refusal only when asked to, and still rejects with it', async () => {
    const refused = new Error('Resumed elsewhere');
    const quiet = setUp(() => Promise.reject(refused), {});
    await waitFor(() => expect(quiet.loads()).toBe(1));
    await act(async () => {
      await expect(quiet.result.current.mutate()).rejects.toBe(refused);
    });
    expect(quiet.loads()).toBe(1);

    const told = setUp(() => Promise.reject(refused), {
      invalidatesOnFailure: () => [LIST],
      waitForReload: false,
    });
    await waitFor(() => expect(told.loads()).toBe(1));
    await act(async () => {
      await expect(told.result.current.mutate()).rejects.toBe(refused);
    });
    await waitFor(() => expect(told.loads()).toBe(2));
  });
});

describe('useRowWrite', () => {
  interface Row {
    id: string;
    label: string;
    seen?: boolean;
  }
  const ROWS = ['intake', 'u_1', 'ws_1', 'rows'] as const;
  const REPORTS = ['intake', 'u_1', 'ws_1', 'reports'] as const;

  it('puts the saved row in the list at once, keeps the others, and makes the readers stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first: Row[] = [
      { id: 'a', label: 'Old A', seen: true },
      { id: 'b', label: 'B', seen: true },
    ];
    client.setQueryData([...ROWS], first);
    client.setQueryData([...REPORTS], 'report');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () =>
        useRowWrite(async (label: string) => ({ id: 'a', label }), {
          list: ROWS,
          isRow: (row: Row, saved) => row.id === saved.id,
          toRow: (saved, old) => ({ ...old, ...saved }),
          invalidates: () => [REPORTS],
        }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutate('New A')).resolves.toEqual({ id: 'a', label: 'New A' });
    });
    expect(client.getQueryData([...ROWS])).toEqual([
      { id: 'a', label: 'New A', seen: true },
      { id: 'b', label: 'B', seen: true },
    ]);
    expect(client.getQueryState([...REPORTS])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...ROWS])?.isInvalidated).toBe(false);
  });

  it('adds a row no list holds yet only when asked (an invited user), and leaves the others', () => {
    const rows = [{ id: 'a' }, { id: 'b' }];
    const isC = (row: { id: string }) => row.id === 'c';
    expect(putRow(rows, isC, (old) => old, { id: 'c' })).toEqual([...rows, { id: 'c' }]);
    expect(putRow(rows, isC, (old) => old, null)).toBe(rows);
    const isB = (row: { id: string }) => row.id === 'b';
    expect(putRow(rows, isB, () => ({ id: 'B' }), { id: 'B' })).toEqual([{ id: 'a' }, { id: 'B' }]);
  });
});
