import type { VariableValue, Variables, VariablesMapping } from '../contracts/call-flow';
import type { VariableLookup } from './expression';

// Process variables are keyed by names that come from definitions and callers, so a name
// like `__proto__`, `constructor` or `prototype` must never reach Object.prototype: every
// bag is created without a prototype, reads go through Object.hasOwn and writes through
// defineProperty (an assignment to `__proto__` would set the prototype instead).

export type ProjectVariables = Record<string, Variables>;

/** A fresh bag without a prototype. */
export function emptyVariables(): Variables {
  return Object.create(null) as Variables;
}

export function readVar(vars: Variables | undefined, name: string): VariableValue | undefined {
  if (!vars || !Object.hasOwn(vars, name)) return undefined;
  return vars[name];
}

function define(target: Record<string, unknown>, name: string, value: unknown) {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Writes one variable into a bag the caller owns (safe for any name). */
export function setOwnVar(vars: Variables, name: string, value: VariableValue): void {
  define(vars, name, value);
}

/** A copy of the bag with `updates` written over it; the inputs are not changed. */
export function withVars(vars: Variables | undefined, updates: Variables): Variables {
  const out = emptyVariables();
  for (const source of [vars ?? {}, updates]) {
    for (const name of Object.keys(source)) define(out, name, source[name]);
  }
  return out;
}

export function lookupIn(vars: Variables | undefined): VariableLookup {
  return (name) => readVar(vars, name);
}

/** Copies every project's bag (snapshots for back-navigation, spec 4 Backward). */
export function copyProjectVariables(all: ProjectVariables): ProjectVariables {
  const out = Object.create(null) as ProjectVariables;
  for (const project of Object.keys(all)) define(out, project, withVars(all[project], {}));
  return out;
}

export function projectVars(all: ProjectVariables, project: string): Variables {
  return Object.hasOwn(all, project) ? all[project] : emptyVariables();
}

/** A copy of `all` with one project's bag replaced. */
export function withProjectVars(
  all: ProjectVariables,
  project: string,
  vars: Variables,
): ProjectVariables {
  const out = copyProjectVariables(all);
  define(out, project, vars);
  return out;
}

/** spec 5: variable mapping names are stripped to letters, digits, hyphen, underscore and space. */
export function stripMappingName(name: string): string {
  return name.replace(/[^A-Za-z0-9_\- ]/g, '');
}

/**
 * spec 4 Forward 9: entering a step of another project copies variables through the
 * variablesMapping from the source to the destination project.
 */
export function applyVariablesMapping(
  all: ProjectVariables,
  mappings: VariablesMapping[],
  sourceProjectId: string,
  destinationProjectId: string,
): ProjectVariables {
  const source = projectVars(all, sourceProjectId);
  let destination = projectVars(all, destinationProjectId);
  for (const mapping of mappings) {
    if (
      mapping.sourceProjectId !== sourceProjectId ||
      mapping.destinationProjectId !== destinationProjectId
    ) {
      continue;
    }
    for (const pair of mapping.mapping) {
      const from = stripMappingName(pair.source);
      const to = stripMappingName(pair.target);
      if (from === '' || to === '') continue;
      const value = readVar(source, from);
      if (value !== undefined) destination = withVars(destination, { [to]: value });
    }
  }
  return withProjectVars(all, destinationProjectId, destination);
}
