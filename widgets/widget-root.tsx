import {
  lazy,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createHostQueryClient } from '@/app/query/create-host-query-client';
import { DataProvider } from '@/app/query/data-provider';
import { CompactContext } from '@/app/host/compact';
import { HostContext } from '@/app/host/host';
import { subscribeWidgetCss, widgetCss } from './styles/css-registry';
import {
  parseDateRange,
  parseLeadSources,
  parseTheme,
  type WidgetDateRange,
} from './widget-attributes';
import {
  getWidgetEnvironment,
  type WidgetHostState,
  type WidgetHostStore,
} from './widget-environment';
import { ScreenLoadingContext } from './lazy-screen';
import { describeAge, type FreshnessState, type WidgetFreshness } from './widget-freshness';
import { trackWidgetRoot } from './widget-shadow-roots';
import { loadSupportContact } from '@/shared/stores/support-contact-store';
import { createWidgetToasts, WidgetToastList, type WidgetToasts } from './widget-toasts';

/** The element's attributes as r2wc hands them over (all strings), plus its shadow root. */
export interface WidgetElementProps {
  container?: HTMLElement;
  theme?: string;
  dateRange?: string;
  leadSources?: string;
  apiBase?: string;
  /** "compact": the CRM panel's narrow column (app/host/compact.ts); default full. */
  layout?: string;
}

/** The parsed attributes a screen may take defaults from. */
export interface WidgetSettings {
  dateRange: WidgetDateRange | null;
  leadSources: string[] | null;
}

// Only a script-tag embed without a token signs in inside a widget; the extension never
// does (its popup signs in), so the form stays out of the panel runtime's first load.
const SignInForm = lazy(() =>
  import('@/app/features/auth/sign-in-form').then((module) => ({ default: module.SignInForm })),
);

const darkScheme = () =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
const prefersDark = () => darkScheme()?.matches ?? false;
/** The browser's colour scheme changing (theme "auto" follows it while shown, not only at first render). */
function subscribeScheme(onChange: () => void): () => void {
  const query = darkScheme();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function hostElementOf(container: HTMLElement | undefined): HTMLElement | null {
  const root = container as unknown as ShadowRoot | undefined;
  return (root?.host as HTMLElement | undefined) ?? null;
}

function SignedOut({ state }: { state: Extract<WidgetHostState, { status: 'signed-out' }> }) {
  if (state.onSignIn) {
    return (
      <div className="ic-widget__signin">
        <h2>Sign in to Intake Cockpit</h2>
        {state.message ? <p role="alert">{state.message}</p> : null}
        <Suspense fallback={<WidgetLoading />}>
          <SignInForm onSignIn={state.onSignIn} />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="ic-widget__state" data-widget-state="signed-out">
      <strong>Signed out of Intake Cockpit</strong>
      <span>{state.message ?? state.hint ?? 'Sign in to see this widget.'}</span>
    </div>
  );
}

let pageQueryClient: QueryClient | null = null;

/**
 * One QueryClient for every widget of this page (or of this CRM tab's panel): widgets that
 * ask the same thing share one request, and a widget mounted again (the panel re-opened)
 * shows its cached answers at once while fresher ones load behind them.
 */
function widgetQueryClient(): QueryClient {
  return (pageQueryClient ??= createHostQueryClient());
}

function WidgetBody<P extends object>({
  element,
  apiBase,
  toasts,
  Screen,
  screenProps,
}: {
  element: HTMLElement;
  apiBase: string | undefined;
  toasts: WidgetToasts;
  Screen: ComponentType<P>;
  screenProps: P;
}) {
  const [store] = useState<WidgetHostStore>(() =>
    getWidgetEnvironment().attach(element, { apiBase, notify: toasts.notify }),
  );
  useEffect(() => () => store.release(), [store]);
  // Fresh answers are in the host's cache: the screens ask again and get them (issue #14).
  useEffect(
    () => store.freshness?.onUpdated(() => void widgetQueryClient().invalidateQueries()),
    [store],
  );
  const state = useSyncExternalStore(store.subscribe, store.get);
  // The server's support contact for the error views (issue #30), asked once per page,
  // through the signed-in host (a CRM tab's port carries no anonymous call).
  const api = state.status === 'ready' ? state.host.api : null;
  useEffect(() => {
    if (api) void loadSupportContact(api, { anonymous: false });
  }, [api]);
  // Signed out (or signed in as someone else): the cache of the last sign-in is forgotten.
  return (
    <DataProvider
      client={widgetQueryClient()}
      session={state.status === 'ready' ? state.host.session : null}
    >
      {store.freshness && state.status === 'ready' ? (
        <FreshnessNote freshness={store.freshness} />
      ) : null}
      <WidgetBodyState state={state} Screen={Screen} screenProps={screenProps} />
    </DataProvider>
  );
}

function WidgetBodyState<P extends object>({
  state,
  Screen,
  screenProps,
}: {
  state: WidgetHostState;
  Screen: ComponentType<P>;
  screenProps: P;
}) {
  if (state.status === 'ready') {
    return (
      <HostContext.Provider value={state.host}>
        {/* Screens are lazy (their own chunk): the spinner shows while the code arrives
            (lazy-screen.tsx shows it itself; Suspense for what a screen suspends on). */}
        <ScreenLoadingContext.Provider value={WidgetLoading}>
          <Suspense fallback={<WidgetLoading />}>
            <Screen {...screenProps} />
          </Suspense>
        </ScreenLoadingContext.Provider>
      </HostContext.Provider>
    );
  }
  if (state.status === 'signed-out') return <SignedOut state={state} />;
  return <WidgetLoading />;
}

/**
 * How old the figures shown are while fresh ones come, or after they could not come. The
 * live region is always there (a screen reader hears a region that changes, not one that
 * appears), empty while the figures are fresh; it floats over the widget's lower edge, so
 * its coming and going never moves the figures.
 */
function FreshnessNote({ freshness }: { freshness: WidgetFreshness }) {
  const { staleSince, updating }: FreshnessState = useSyncExternalStore(
    freshness.subscribe,
    freshness.get,
  );
  const age = staleSince === null ? null : describeAge(Date.now() - staleSince);
  return (
    <p className="ic-widget__freshness" role="status" data-updating={updating}>
      {age === null
        ? ''
        : updating
          ? `Updating… showing figures from ${age} ago`
          : `Could not update: figures from ${age} ago`}
    </p>
  );
}

function WidgetLoading() {
  return (
    <div className="ic-widget__state" data-widget-state="loading" aria-busy="true">
      <span className="ic-widget__spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

/**
 * The React root inside every widget's shadow root: the collected CSS, the theme, the
 * host from the environment (extension port or direct session), and the screen.
 */
export function createWidgetRoot<P extends object>(
  Screen: ComponentType<P>,
  toScreenProps: (settings: WidgetSettings) => P,
) {
  return function WidgetRoot({
    container,
    theme,
    dateRange,
    leadSources,
    apiBase,
    layout,
  }: WidgetElementProps) {
    const css = useSyncExternalStore(subscribeWidgetCss, widgetCss);
    const dark = useSyncExternalStore(subscribeScheme, prefersDark);
    const [toasts] = useState(createWidgetToasts);
    const element = hostElementOf(container);
    // r2wc hands over the element's shadow root as `container`.
    useEffect(
      () => (element ? trackWidgetRoot(container as unknown as ShadowRoot) : undefined),
      [container, element],
    );
    const screenProps = toScreenProps({
      dateRange: parseDateRange(dateRange),
      leadSources: parseLeadSources(leadSources),
    });
    return (
      <>
        <style>{css}</style>
        <div className="ic-widget" data-theme={parseTheme(theme, dark)}>
          {element ? (
            <CompactContext.Provider value={layout === 'compact'}>
              <WidgetBody
                key={apiBase ?? ''}
                element={element}
                apiBase={apiBase}
                toasts={toasts}
                Screen={Screen}
                screenProps={screenProps}
              />
            </CompactContext.Provider>
          ) : null}
          <WidgetToastList toasts={toasts} />
        </div>
      </>
    );
  };
}
