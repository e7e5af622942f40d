import { defineAllWidgets, definedWidgetTags } from '../all-widgets';
import { setWidgetEnvironment } from '../widget-environment';
import { createEmbedEnvironment, type EmbedConfig } from './embed-environment';

declare const __APP_VERSION__: string;

/** The origin this bundle was loaded from: the default server address. */
function bundleOrigin(): string | null {
  // The classic script (IIFE) knows its <script>; the ES module its own URL.
  const script = document.currentScript as HTMLScriptElement | null;
  for (const candidate of [script?.src, import.meta.url]) {
    try {
      if (candidate) return new URL(candidate).origin;
    } catch {
      // try the next
    }
  }
  return null;
}

export interface IntakeWidgetsApi {
  version: string;
  /** The custom elements this bundle defines. */
  elements: string[];
  /** Page-wide defaults: the server address and an access token (never put a token in an attribute). */
  configure(config: EmbedConfig): void;
}

/**
 * The script-tag bundle (ARCHITECTURE.md "Script-tag embed"): sets the embed environment,
 * then defines every widget. Loading it twice is harmless.
 */
function install(): IntakeWidgetsApi {
  const globals = window as unknown as { IntakeWidgets?: IntakeWidgetsApi };
  if (globals.IntakeWidgets) return globals.IntakeWidgets;
  const embed = createEmbedEnvironment({
    defaultApiBase: bundleOrigin(),
    appVersion: __APP_VERSION__,
  });
  setWidgetEnvironment(embed.environment);
  defineAllWidgets();
  const api: IntakeWidgetsApi = {
    version: __APP_VERSION__,
    elements: definedWidgetTags(),
    configure: (config) => embed.configure(config),
  };
  Object.defineProperty(window, 'IntakeWidgets', {
    value: Object.freeze(api),
    configurable: false,
  });
  return api;
}

export const IntakeWidgets = install();
