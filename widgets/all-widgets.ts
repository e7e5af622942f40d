import { intakeAgent } from './intake-agent';
import { intakeCallFlow } from './intake-call-flow';
import { intakeCockpit } from './intake-cockpit';
import { intakeCompliance } from './intake-compliance';
import { intakeFunnel } from './intake-funnel';

/** One widget element: its tag, how to define it, and what a host may start early. */
export interface WidgetDefinition {
  tag: string;
  define(): CustomElementConstructor;
  /** Starts loading the screen's chunk; the element then renders without a spinner. */
  preload(): Promise<void>;
  /** Keys the screen reads from the host's storage as it mounts (a host may fetch them early). */
  storageKeys: readonly string[];
}

/**
 * Every widget element whose screen exists, one file per element. Called by the
 * script-tag bundle and the extension's panel runtime after they set the widget
 * environment.
 */
const DEFINITIONS: readonly WidgetDefinition[] = [
  intakeCallFlow,
  intakeCockpit,
  intakeFunnel,
  intakeCompliance,
  intakeAgent,
];

export function defineAllWidgets(): string[] {
  for (const definition of DEFINITIONS) definition.define();
  return definedWidgetTags();
}

/** The tags this bundle defines. */
export function definedWidgetTags(): string[] {
  return DEFINITIONS.map((definition) => definition.tag);
}

/** The definitions of some tags (unknown tags are skipped). */
export function widgetDefinitions(tags: readonly string[]): WidgetDefinition[] {
  return DEFINITIONS.filter((definition) => tags.includes(definition.tag));
}

/**
 * Starts loading the screens of these tags, all at once, while the host does other work
 * (the extension's panel: as soon as the signed-in role is known). Failures are left to
 * the element, which loads again when it renders.
 */
export function preloadWidgets(tags: readonly string[]): void {
  for (const definition of widgetDefinitions(tags)) void definition.preload().catch(() => {});
}
