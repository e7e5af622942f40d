import type { PanelView } from '@/shared/transport/port-protocol';

/**
 * The CRM panel's last look per site family (issue #14: a new CRM page shows the panel
 * with its figures before the panel runtime has arrived; port-protocol.ts `panelViewSchema`).
 * Held like the report cache (report-cache.ts): in the worker's memory only, for one
 * owner (`user|workspace|server`), dropped on every sign-in change and on every write
 * (a write may change any figure the look shows).
 */
export interface PanelViews {
  setOwner(owner: string): void;
  forget(): void;
  /** Keeps the view, unless it is incomplete and a complete one is kept. */
  put(family: string, view: PanelView): void;
  /** The look to paint, or null (none for this owner, or older than MAX_VIEW_AGE_MS). */
  get(family: string): PanelView | null;
  /** What is held, without the views themselves (diagnostics, tests). */
  describe(): { family: string; chars: number; ageMs: number }[];
}

/**
 * A look older than this is not painted: the live panel then shows its cached figures
 * with their age ("Updating… showing figures from …") rather than a look without one.
 */
export const MAX_VIEW_AGE_MS = 30 * 60_000;
/** Site families are three; a few more keys cannot grow the worker's memory. */
const MAX_FAMILIES = 8;

export function createPanelViews(options: { now?: () => number } = {}): PanelViews {
  const now = options.now ?? Date.now;
  let owner = '';
  const views = new Map<string, { view: PanelView; takenAt: number }>();
  return {
    setOwner(next) {
      if (next === owner) return;
      owner = next;
      views.clear();
    },
    forget: () => views.clear(),
    put(family, view) {
      if (!owner) return;
      // A tab that left while its panel was loading does not replace what another showed.
      if (!view.complete && views.get(family)?.view.complete) return;
      views.delete(family);
      views.set(family, { view, takenAt: now() });
      while (views.size > MAX_FAMILIES) views.delete(views.keys().next().value as string);
    },
    get(family) {
      const kept = owner ? views.get(family) : undefined;
      if (!kept || now() - kept.takenAt > MAX_VIEW_AGE_MS) return null;
      return kept.view;
    },
    describe: () =>
      [...views].map(([family, kept]) => ({
        family,
        chars: kept.view.html.length,
        ageMs: now() - kept.takenAt,
      })),
  };
}
