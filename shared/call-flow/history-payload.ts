import { LARGE_GRID_VARIABLES, type VariableValue, type Variables } from '../contracts/call-flow';
import { emptyVariables, setOwnVar } from './variables';

const LARGE_GRIDS: ReadonlySet<string> = new Set(LARGE_GRID_VARIABLES);

function isEmptyValue(value: VariableValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * spec 5: history payloads drop empty, null or undefined values, and the 14 named large grid
 * variables are emptied (kept as `[]`, so the history still shows the grid was answered,
 * without its rows).
 */
export function cleanHistoryVariables(vars: Variables | undefined): Variables {
  const cleaned = emptyVariables();
  if (!vars) return cleaned;
  for (const name of Object.keys(vars)) {
    const value = vars[name];
    if (isEmptyValue(value)) continue;
    setOwnVar(cleaned, name, LARGE_GRIDS.has(name) ? [] : value);
  }
  return cleaned;
}
