import {
  createContext,
  useContext,
  useEffect,
  useReducer,
  useState,
  type ComponentType,
} from 'react';

/** What a screen shows while its code arrives: the host's loading view (widget-root.tsx). */
export const ScreenLoadingContext = createContext<ComponentType | null>(null);

/** A screen in its own chunk, with a way to start loading it before it renders. */
export interface LazyScreen<P extends object> {
  /** Renders the screen: at once when its chunk is already here, else through Suspense. */
  Screen: ComponentType<P>;
  /**
   * Starts loading the chunk (once), now, whatever holdScreensUntil holds; resolves when
   * the screen can render without suspending.
   */
  preload(): Promise<void>;
}

/**
 * What screens that were not preloaded wait for before their code loads (issue #14): a
 * host that knows which screen comes first (the extension's panel: the first widget with
 * figures) lets it have the page's thread alone until its figures are shown; the others'
 * code, parsed meanwhile, made the first figure later. Null: nothing to wait for.
 */
let screensGate: Promise<void> | null = null;

/** Holds the screens that render without a preload until `ready` settles. */
export function holdScreensUntil(ready: Promise<void>): void {
  const gate = ready.then(
    () => {},
    () => {},
  );
  screensGate = gate;
  void gate.then(() => {
    if (screensGate === gate) screensGate = null;
  });
}

/**
 * React.lazy suspends on first render even when the chunk has already arrived, which
 * shows the widget's spinner for a frame and delays the screen's own requests. A host
 * that knows which screens it will show (the extension's panel, once the role is known)
 * preloads them while other work runs; a preloaded screen then renders directly.
 * Not through Suspense at all (issue #14): React holds back revealing content that
 * suspended for up to 300 ms after any fallback of the page was shown (its fallback
 * throttle), which delayed the panel's first figure by as much whenever its screen's
 * chunk came a moment after the widget rendered. The screen shows the host's loading
 * view itself and renders as soon as its code is here; a failed chunk is thrown to the
 * error boundary as React.lazy would.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a failed chunk may be asked for again
        throw error;
      },
    ));
  // Rendered without a preload: after the screen that comes first (holdScreensUntil).
  const startWhenFree = () => (loading || !screensGate ? start() : screensGate.then(start));
  function Screen(props: P) {
    const [, arrived] = useReducer((count: number) => count + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const Loading = useContext(ScreenLoadingContext);
    const Ready = loaded;
    useEffect(() => {
      if (Ready) return;
      let mounted = true;
      startWhenFree().then(
        () => mounted && arrived(),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Ready]);
    if (failure) throw failure.error;
    if (Ready) return <Ready {...props} />;
    return Loading ? <Loading /> : null;
  }
  return { Screen, preload: () => start().then(() => undefined) };
}
