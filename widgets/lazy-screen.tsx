import { lazy, type ComponentType } from 'react';

/** A screen in its own chunk, with a way to start loading it before it renders. */
export interface LazyScreen<P extends object> {
  /** Renders the screen: at once when its chunk is already here, else through Suspense. */
  Screen: ComponentType<P>;
  /** Starts loading the chunk (once); resolves when the screen can render without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy suspends on first render even when the chunk has already arrived, which
 * shows the widget's spinner for a frame and delays the screen's own requests. A host
 * that knows which screens it will show (the extension's panel, once the role is known)
 * preloads them while other work runs; a preloaded screen then renders directly.
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
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  function Screen(props: P) {
    const Ready = loaded;
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Screen, preload: () => start().then(() => undefined) };
}
