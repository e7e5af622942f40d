import { MAX_PROCESS_DRAFT_BYTES } from '../contracts/call-flow-api';
import { formatBytes } from '../domain/intake-limits';
import { slugify, uniqueId } from './designer-model';

// Issue #34 "import and export (the definition as JSON)": a process leaves the designer as
// a JSON file of its definition, and comes back in (to this workspace or another) as a
// draft: the file is read here, before anything is sent, so a wrong file gets a sentence
// saying what is wrong with it, and the copy takes a name and an id of its own when the
// workspace has them already. The server checks the definition again when it is published.

/** What an imported file came to: a definition to save as a draft, or why not. */
export type ProcessFileReading =
  { ok: true; definition: Record<string, unknown>; name: string } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an exported process file: a JSON object with a name and a list of steps. Anything
 * else (another JSON, a spreadsheet, an empty file, one too large) is refused with what
 * the owner can do about it.
 */
export function readProcessFile(text: string, fileName: string): ProcessFileReading {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_PROCESS_DRAFT_BYTES) {
    return {
      ok: false,
      message: `${fileName} is ${formatBytes(bytes)}; a process file may be at most ${formatBytes(MAX_PROCESS_DRAFT_BYTES)}.`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: `${fileName} is not a process file: it is not JSON. Choose a file exported from the designer.`,
    };
  }
  if (!isRecord(value) || !Array.isArray(value.steps)) {
    return {
      ok: false,
      message: `${fileName} is not a process file: it has no steps. Choose a file exported from the designer.`,
    };
  }
  const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim() : null;
  if (!name) {
    return { ok: false, message: `${fileName} is not a process file: the process has no name.` };
  }
  return { ok: true, definition: value, name };
}

/**
 * A definition as a copy in `workspace` (an import, a duplicate): its own id and name when
 * the workspace has them already ("Intake (copy)", "intake-copy"), no version (the server
 * gives one when it is published), the rest as it was.
 */
export function copyOfProcess(
  definition: Record<string, unknown>,
  options: {
    workspace: string;
    name: string;
    takenIds: ReadonlySet<string>;
    takenNames: ReadonlySet<string>;
    /** "copy" for a duplicate; an import keeps its name and id while they are free. */
    suffix?: string;
  },
): Record<string, unknown> {
  const { suffix } = options;
  const name = freeName(options.name, suffix, options.takenNames);
  const given =
    typeof definition.uid === 'string' && definition.uid.trim() ? definition.uid : slugify(name);
  const base = suffix ? `${given}-${suffix}` : given;
  const copy: Record<string, unknown> = {
    ...definition,
    uid: uniqueId(base, options.takenIds),
    name,
    workspace: options.workspace,
  };
  delete copy.version;
  return copy;
}

/**
 * `wanted`, else with a label: a duplicate is "Intake (copy)", "Intake (copy 2)", …; an
 * import keeps its name while it is free, then "Intake (imported)", "Intake (imported 2)".
 */
function freeName(wanted: string, suffix: string | undefined, taken: ReadonlySet<string>): string {
  const names = new Set([...taken].map((name) => name.toLowerCase()));
  const free = (name: string) => !names.has(name.toLowerCase());
  const label = suffix ?? 'imported';
  if (!suffix && free(wanted)) return wanted;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${wanted} (${label})` : `${wanted} (${label} ${n})`;
    if (free(candidate)) return candidate;
  }
}

/** The file an export downloads: "personal-injury-intake-v3.json" ("…-draft.json" unpublished). */
export function processFileName(name: string, version: number | null): string {
  return `${slugify(name)}-${version === null ? 'draft' : `v${version}`}.json`;
}
