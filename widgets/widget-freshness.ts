import { createValueStore } from './widget-environment';

/**
 * Whether a widget shows answers from its host's cache (issue #14 stale-while-
 * revalidate: in a CRM tab the background answers at once from the last answer it holds
 * and fetches again behind). The widget says how old they are until the fresh ones come.
 */
export interface FreshnessState {
  /** The oldest cached answer shown (epoch ms); null when everything shown is fresh. */
  staleSince: number | null;
  /** Fresh answers are on their way (false: the last try failed, the old figures stay). */
  updating: boolean;
}

export interface WidgetFreshness {
  get(): FreshnessState;
  subscribe(listener: () => void): () => void;
  /** An answer from the cache is shown, fetched at `staleSince`; `update` brings the fresh one. */
  track(staleSince: number, update: Promise<unknown>): void;
  /** Heard once every fresh answer has arrived: the widget's data layer asks again. */
  onUpdated(listener: () => void): () => void;
}

const FRESH: FreshnessState = { staleSince: null, updating: false };

export function createWidgetFreshness(): WidgetFreshness {
  const state = createValueStore<FreshnessState>(FRESH);
  const updated = new Set<() => void>();
  let waiting = 0;
  let failed = false;
  return {
    get: state.get,
    subscribe: state.subscribe,
    track(staleSince, update) {
      waiting++;
      const oldest = Math.min(staleSince, state.get().staleSince ?? staleSince);
      state.set({ staleSince: oldest, updating: true });
      void update
        .then(
          () => {},
          () => {
            failed = true;
          },
        )
        .finally(() => {
          waiting--;
          if (waiting > 0) return;
          if (failed) {
            failed = false;
            state.set({ staleSince: state.get().staleSince, updating: false });
            return;
          }
          state.set(FRESH);
          for (const listener of [...updated]) listener();
        });
    },
    onUpdated(listener) {
      updated.add(listener);
      return () => void updated.delete(listener);
    },
  };
}

/** "12 s", "3 min", "2 h": how old the figures shown are. */
export function describeAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}
