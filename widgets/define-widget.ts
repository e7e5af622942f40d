import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
// Registered first: the design tokens (light and dark on :host), then the widget frame.
import '@/app/styles/tokens.css';
import './styles/widget.css';
import { createWidgetRoot, type WidgetSettings } from './widget-root';

/** The attributes every widget observes (see widget-attributes.ts): strings only. */
export const WIDGET_ATTRIBUTES = {
  theme: 'string',
  dateRange: 'string',
  leadSources: 'string',
  apiBase: 'string',
  layout: 'string',
} as const;

/** Properties (never attributes): objects and secrets a host page hands to an element. */
const tokens = new WeakMap<HTMLElement, string>();
const TOKEN_EVENT = 'intake-widget-token';

/** The token set on an element through its `token` property (script-tag embed). */
export function tokenOf(element: HTMLElement): string | null {
  return tokens.get(element) ?? null;
}

/** Listens for `element.token = ...` (the event never leaves the element: not composed, no bubbling). */
export function onTokenChange(element: HTMLElement, listener: () => void): () => void {
  element.addEventListener(TOKEN_EVENT, listener);
  return () => element.removeEventListener(TOKEN_EVENT, listener);
}

/**
 * The shadow-root mode of the elements defined from now on. Open by default (the
 * script-tag embed runs on the embedder's own page); the extension's panel runtime asks
 * for closed roots before defining, so a CRM page's scripts cannot read what a widget
 * shows (issue #9 item 3).
 */
let shadowMode: 'open' | 'closed' = 'open';
export function setWidgetShadowMode(mode: 'open' | 'closed'): void {
  shadowMode = mode;
}

export interface DefineWidgetOptions<P> {
  /** Maps the element's typed attributes to the screen's props; default: no props. */
  toScreenProps?: (settings: WidgetSettings) => P;
  /** The custom-element registry (tests give their own). */
  registry?: CustomElementRegistry;
}

/**
 * Wraps an app screen as a custom element (ARCHITECTURE.md "Widgets"): r2wc with a
 * shadow root (open unless setWidgetShadowMode said closed), the collected CSS inside it, the host from the widget environment,
 * the `theme` / `date-range` / `lead-sources` / `api-base` attributes, and a `token`
 * property that is never reflected to an attribute. Defining a tag twice is harmless.
 */
export function defineWidget<P extends object>(
  tagName: string,
  Screen: ComponentType<P>,
  options: DefineWidgetOptions<P> = {},
): CustomElementConstructor {
  const registry = options.registry ?? customElements;
  const existing = registry.get(tagName);
  if (existing) return existing;
  const toScreenProps = options.toScreenProps ?? (() => ({}) as P);
  const Base = r2wc(createWidgetRoot(Screen, toScreenProps), {
    shadow: shadowMode,
    props: WIDGET_ATTRIBUTES,
  });
  class IntakeWidgetElement extends (Base as unknown as { new (): HTMLElement }) {
    get token(): string | null {
      // Never readable back: a page script that finds the element learns nothing.
      return null;
    }
    set token(value: string | null) {
      if (typeof value === 'string' && value.length > 0) tokens.set(this, value);
      else tokens.delete(this);
      this.dispatchEvent(new Event(TOKEN_EVENT));
    }
  }
  registry.define(tagName, IntakeWidgetElement);
  return IntakeWidgetElement;
}
