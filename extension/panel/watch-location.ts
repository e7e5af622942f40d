/**
 * Calls back whenever the page's URL changes, including the CRM's own single-page
 * navigation (history.pushState from the page's world, which a content script cannot
 * hook): popstate and hashchange at once, and a light poll for the rest. Stops with
 * the signal.
 */
export function watchLocation(
  onChange: (url: string) => void,
  signal: AbortSignal,
  options: { intervalMs?: number; read?: () => string } = {},
): void {
  const read = options.read ?? (() => window.location.href);
  let last = read();
  const check = () => {
    const url = read();
    if (url === last) return;
    last = url;
    onChange(url);
  };
  const timer = setInterval(check, options.intervalMs ?? 250);
  window.addEventListener('popstate', check, { signal });
  window.addEventListener('hashchange', check, { signal });
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
