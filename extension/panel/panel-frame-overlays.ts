import { onWidgetRoot, widgetShadowRoots } from '@/widgets/widget-shadow-roots';

/**
 * What the panel frame shows beyond the panel's own box (issue #29): the app's modal
 * dialogs (fixed over the whole viewport, as they were over the CRM page) and the
 * notification centre's list, which opens leftwards past a narrow panel. While one is on,
 * the frame asks for the whole viewport; otherwise the CRM page keeps its pointer
 * everywhere but the panel. A component that draws outside the panel's box belongs here
 * (tests/extension/panel/panel-frame-overlays.test.ts lists the app's fixed layers).
 */
export const OVERLAY_SELECTOR = [
  // Every modal dialog (app/components/dialog/modal.tsx): the confirms, the forms, the
  // lightbox, the start-call dialog, click-to-call's (number picker, Calling…, Uh oh!).
  '.ic-modal',
  '.ic-notifications__panel',
].join(', ');

export interface WatchOverlaysOptions {
  doc: Document;
  /** The roots to look into besides every widget's (the panel's own, the dialogs'). */
  roots: () => readonly ParentNode[];
  /** Told whether an overlay is on, whenever that changes. */
  onChange: (on: boolean) => void;
  signal: AbortSignal;
}

/**
 * Follows whether any of OVERLAY_SELECTOR is rendered in the frame: in its document, the
 * given roots and every widget's shadow root (mounted now or later). Looked up once per
 * batch of changes, a handful of querySelector calls.
 */
export function watchOverlays(options: WatchOverlaysOptions): void {
  const { doc, signal } = options;
  if (signal.aborted) return;
  let on = false;
  let scheduled = false;
  const look = () => {
    scheduled = false;
    if (signal.aborted) return;
    const scopes: ParentNode[] = [doc, ...options.roots(), ...widgetShadowRoots()];
    const next = scopes.some((scope) => scope.querySelector(OVERLAY_SELECTOR) !== null);
    if (next === on) return;
    on = next;
    options.onChange(on);
  };
  const changed = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(look);
  };
  const observer = new MutationObserver(changed);
  const watch = (target: Node) => observer.observe(target, { childList: true, subtree: true });
  const watched = new WeakSet<Node>();
  const watchRoots = () => {
    for (const root of options.roots()) {
      if (watched.has(root as Node)) continue;
      watched.add(root as Node);
      watch(root as Node);
    }
  };
  watchRoots();
  for (const root of widgetShadowRoots()) watch(root);
  const stopRoots = onWidgetRoot((root) => {
    watch(root);
    changed();
  });
  // A root given later (the dialogs' host comes with its chunk) is found on the next change.
  const documentObserver = new MutationObserver(() => {
    watchRoots();
    changed();
  });
  documentObserver.observe(doc, { childList: true, subtree: true });
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      documentObserver.disconnect();
      stopRoots();
    },
    { once: true },
  );
  look();
}
