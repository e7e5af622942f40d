import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { QueryKey } from '@/shared/query/data-query';

export interface MutateAndInvalidate<V, R> {
  /** Writes; resolves with the server's answer once the named queries are invalidated, rejects with its failure. */
  mutate: (variables: V) => Promise<R>;
  /** True while a write is on its way. */
  pending: boolean;
}

export interface MutateOptions<V, R> {
  /** The queries the write changes: each is marked stale, and those on screen load again. */
  invalidates: (answer: R, variables: V) => readonly QueryKey[];
  /** Puts the answer in the cache at once (before the reload answers), so nothing flickers. */
  onAnswer?: (answer: R, variables: V) => void;
  /**
   * The queries a refused write makes stale too: a refusal that says the screen is out of
   * date (the intake was resumed elsewhere) should show what is true now.
   */
  invalidatesOnFailure?: (variables: V) => readonly QueryKey[];
  /**
   * Default true: the write resolves once the screens it changed have loaded again, so a
   * toast or a closing editor never shows the old data. false: it resolves as soon as the
   * server answers and the reload runs behind, for writes on a live call's path (parking
   * a walk-in must free the wizard for the call at once).
   */
  waitForReload?: boolean;
}

/**
 * The one way a screen writes (issue #31 item 3): the write through TanStack's
 * useMutation, then every query it changes invalidated, so each screen showing one of them
 * loads it again and no screen shows what the write replaced. The caller handles the
 * failure (a form shows the server's words; the write is not retried).
 */
export function useMutateAndInvalidate<V, R>(
  write: (variables: V) => Promise<R>,
  { invalidates, onAnswer, invalidatesOnFailure, waitForReload = true }: MutateOptions<V, R>,
): MutateAndInvalidate<V, R> {
  const client = useQueryClient();
  const reload = (keys: readonly QueryKey[]) => {
    const reloaded = Promise.all(
      keys.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
    );
    return waitForReload ? reloaded : undefined;
  };
  const mutation = useMutation<R, unknown, V>({
    mutationFn: write,
    onSuccess: (answer, variables) => {
      onAnswer?.(answer, variables);
      return reload(invalidates(answer, variables));
    },
    onError: (_failure, variables) =>
      invalidatesOnFailure ? reload(invalidatesOnFailure(variables)) : undefined,
  });
  const { mutateAsync } = mutation;
  const mutate = useCallback((variables: V) => mutateAsync(variables), [mutateAsync]);
  return { mutate, pending: mutation.isPending };
}

interface RowWriteBase<V, R, Row> {
  /** The cached list whose row the answer replaces at once, before any reload answers. */
  list: QueryKey;
  /** Whether `row` is the one the answer is the new state of. */
  isRow: (row: Row, answer: R) => boolean;
  /** The queries the write makes stale besides (reports that read the rows, say). */
  invalidates: (answer: R, variables: V) => readonly QueryKey[];
}

/**
 * `toRow` merges the answer into the row it replaces; it may be left out only when the
 * answer is a row, and only then can a missing row be added (an invited user).
 */
export type RowWriteOptions<V, R, Row> = RowWriteBase<V, R, Row> &
  (R extends Row
    ? { toRow?: (answer: R, old: Row) => Row; addWhenMissing?: boolean }
    : { toRow: (answer: R, old: Row) => Row; addWhenMissing?: false });

/** The list with one row put in: replaced where `isRow` finds it, else `added` (if any) appended. */
export function putRow<Row>(
  rows: Row[],
  isRow: (row: Row) => boolean,
  replace: (old: Row) => Row,
  added: Row | null,
): Row[] {
  if (rows.some(isRow)) return rows.map((row) => (isRow(row) ? replace(row) : row));
  return added === null ? rows : [...rows, added];
}

/**
 * A write that answers with one saved row of a list on screen (a tracking number, a
 * campaign's split, a workspace's settings, a user): the row is put in the cached list at
 * once, so the table never shows the old values behind a closing editor, then what else
 * reads the rows is made stale through useMutateAndInvalidate.
 */
export function useRowWrite<V, R, Row = R>(
  write: (variables: V) => Promise<R>,
  options: RowWriteOptions<V, R, Row>,
): MutateAndInvalidate<V, R> {
  const { list, isRow, invalidates } = options;
  // Without toRow the answer is a row: RowWriteOptions allows leaving it out (and adding a
  // missing row) only when R extends Row, which TypeScript cannot narrow here.
  const asRow = (answer: R) => answer as unknown as Row;
  const toRow = options.toRow ?? asRow;
  const client = useQueryClient();
  return useMutateAndInvalidate(write, {
    onAnswer: (answer) =>
      client.setQueryData<Row[]>([...list], (rows) =>
        rows
          ? putRow(
              rows,
              (row) => isRow(row, answer),
              (old) => toRow(answer, old),
              options.addWhenMissing ? asRow(answer) : null,
            )
          : rows,
      ),
    invalidates,
  });
}
