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
}

/**
 * The one way a screen writes (issue #31 item 3): the write through TanStack's
 * useMutation, then every query it changes invalidated, so each screen showing one of them
 * loads it again and no screen shows what the write replaced. The caller handles the
 * failure (a form shows the server's words; the write is not retried).
 */
export function useMutateAndInvalidate<V, R>(
  write: (variables: V) => Promise<R>,
  { invalidates, onAnswer }: MutateOptions<V, R>,
): MutateAndInvalidate<V, R> {
  const client = useQueryClient();
  const mutation = useMutation<R, unknown, V>({
    mutationFn: write,
    onSuccess: async (answer, variables) => {
      onAnswer?.(answer, variables);
      await Promise.all(
        invalidates(answer, variables).map((queryKey) =>
          client.invalidateQueries({ queryKey: [...queryKey] }),
        ),
      );
    },
  });
  const { mutateAsync } = mutation;
  const mutate = useCallback((variables: V) => mutateAsync(variables), [mutateAsync]);
  return { mutate, pending: mutation.isPending };
}
