/**
 * Every stylesheet a widget needs, as text (ARCHITECTURE.md "Styles"). In widget builds
 * the collect-css Vite plugin turns each `import './x.css'` of a screen and its
 * components into `registerWidgetCss(text)`, so the screen's own CSS files, unchanged,
 * end up inside every widget's shadow root and never in the host page's document.
 * Chunks loaded later (a lazy chart) register theirs when they arrive; mounted widgets
 * pick them up through `subscribeWidgetCss`.
 */
const sheets: string[] = [];
const seen = new Set<string>();
const listeners = new Set<() => void>();
let joined = '';

export function registerWidgetCss(css: string): void {
  if (!css || seen.has(css)) return;
  seen.add(css);
  sheets.push(css);
  joined = sheets.join('\n');
  for (const listener of listeners) listener();
}

/** All registered CSS in registration (import) order, which is the app's cascade order. */
export function widgetCss(): string {
  return joined;
}

export function subscribeWidgetCss(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
