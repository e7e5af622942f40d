import { describe, expect, it } from 'vitest';
import { MAX_PROCESS_DRAFT_BYTES } from '@/shared/contracts/call-flow-api';
import { copyOfProcess, processFileName, readProcessFile } from '@/shared/call-flow/process-file';
import { toDefinition, newProcessModel } from '@/shared/call-flow/designer-model';

// Issue #34 "import and export (the definition as JSON)": a file is read before anything is
// sent, a wrong one is refused with what to do, and a copy takes a free name and id.

const exported = toDefinition(
  newProcessModel({ uid: 'walk-ins', name: 'Walk-ins', workspace: 'ws_summit' }),
);

describe('reading a process file', () => {
  it('reads an exported definition', () => {
    const reading = readProcessFile(JSON.stringify(exported), 'walk-ins-v1.json');
    expect(reading).toEqual({ ok: true, definition: exported, name: 'Walk-ins' });
  });

  it('refuses what is not one, saying why', () => {
    const refusals: Array<[string, RegExp]> = [
      ['', /not JSON/],
      ['name,steps\nA,1', /not JSON/],
      ['[1, 2]', /has no steps/],
      ['{"name": "Intake"}', /has no steps/],
      ['{"name": "  ", "steps": []}', /has no name/],
      ['{"steps": []}', /has no name/],
    ];
    for (const [text, message] of refusals) {
      const reading = readProcessFile(text, 'intake.json');
      expect(reading.ok, text).toBe(false);
      if (!reading.ok) expect(reading.message, text).toMatch(message);
      if (!reading.ok) expect(reading.message).toMatch(/^intake\.json /);
    }
  });

  it('refuses a file larger than a draft may be, with both sizes', () => {
    const large = JSON.stringify({ ...exported, description: 'x'.repeat(MAX_PROCESS_DRAFT_BYTES) });
    const reading = readProcessFile(large, 'big.json');
    expect(reading.ok).toBe(false);
    if (!reading.ok)
      expect(reading.message).toMatch(/^big\.json is .+; a process file may be at most/);
  });
});

describe('a copy of a process', () => {
  const taken = {
    takenIds: new Set(['walk-ins', 'walk-ins-copy']),
    takenNames: new Set(['Walk-ins', 'walk-ins (copy)']),
  };

  it('duplicates with the next free "(copy)" name and id, in this workspace, without a version', () => {
    const copy = copyOfProcess(
      { ...exported, version: 3 },
      { ...taken, workspace: 'ws_harbor', name: 'Walk-ins', suffix: 'copy' },
    );
    expect(copy).toMatchObject({
      uid: 'walk-ins-copy-2',
      name: 'Walk-ins (copy 2)',
      workspace: 'ws_harbor',
      steps: exported.steps,
    });
    expect(copy).not.toHaveProperty('version');
  });

  it('imports under its own name and id while they are free, else as "(imported)"', () => {
    const free = copyOfProcess(exported, {
      takenIds: new Set(),
      takenNames: new Set(),
      workspace: 'ws_harbor',
      name: 'Walk-ins',
    });
    expect(free).toMatchObject({ uid: 'walk-ins', name: 'Walk-ins', workspace: 'ws_harbor' });
    const clash = copyOfProcess(exported, { ...taken, workspace: 'ws_harbor', name: 'Walk-ins' });
    expect(clash).toMatchObject({ uid: 'walk-ins-2', name: 'Walk-ins (imported)' });
    // A file without an id takes one from its name.
    const withoutId: Record<string, unknown> = { ...exported };
    delete withoutId.uid;
    expect(
      copyOfProcess(withoutId, {
        takenIds: new Set(),
        takenNames: new Set(),
        workspace: 'ws_harbor',
        name: 'Night calls',
      }).uid,
    ).toBe('night-calls');
  });
});

describe('the export file name', () => {
  it('names the process and the version, or the draft', () => {
    expect(processFileName('Personal Injury intake', 3)).toBe('personal-injury-intake-v3.json');
    expect(processFileName('Walk-ins', null)).toBe('walk-ins-draft.json');
  });
});
