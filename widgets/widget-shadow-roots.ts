/**
 * The shadow roots of the widgets mounted in this page, as they come and go. In the
 * extension they are closed (define-widget.ts): only the panel's look
 * (extension/panel/panel-view.ts, issue #14) reads them, to serialize what the panel shows.
 */
const roots = new Set<ShadowRoot>();
const listeners = new Set<(root: ShadowRoot) => void>();

/** A widget's root mounted; the returned function says it unmounted. */
export function trackWidgetRoot(root: ShadowRoot): () => void {
  roots.add(root);
  for (const listener of [...listeners]) listener(root);
  return () => void roots.delete(root);
}

export function widgetShadowRoots(): ShadowRoot[] {
  return [...roots];
}

/** Heard for every widget root mounted from now on. */
export function onWidgetRoot(listener: (root: ShadowRoot) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
