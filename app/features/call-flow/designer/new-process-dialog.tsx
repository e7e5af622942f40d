import { useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { FormDialog } from '@/app/components/form-dialog/form-dialog';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { useLookup } from '@/app/query/use-lookup';
import {
  newProcessModel,
  slugify,
  toDefinition,
  uniqueId,
} from '@/shared/call-flow/designer-model';
import type { ProcessDesign } from '@/shared/contracts/call-flow-api';
import { compareLabels } from '@/shared/domain/sorting';

/** How long a process's name may be (it heads the agent's wizard). */
export const MAX_PROCESS_NAME = 120;

export interface NewProcessDialogProps {
  workspaceId: string;
  designs: readonly ProcessDesign[];
  /** Saves the new process's first draft; answers its id, or rejects with why not. */
  onCreate: (definition: Record<string, unknown>) => Promise<string>;
  onCreated: (uid: string) => void;
  onClose: () => void;
}

/** The name a new process may not take: empty, too long, or another process's. */
export function newProcessNameProblem(
  name: string,
  designs: readonly ProcessDesign[],
): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the process a name.';
  if (trimmed.length > MAX_PROCESS_NAME) {
    return `A name may be at most ${MAX_PROCESS_NAME} characters.`;
  }
  const clash = designs.find((design) => design.name.toLowerCase() === trimmed.toLowerCase());
  return clash ? `${clash.name} exists already: choose another name.` : null;
}

/**
 * "New process" (issue #34): a name and, optionally, the practice area whose callers it
 * takes; it starts as a draft with a first form (the caller's name and phone) and an END,
 * valid as it is, and the editor opens on it.
 */
export function NewProcessDialog({
  workspaceId,
  designs,
  onCreate,
  onCreated,
  onClose,
}: NewProcessDialogProps) {
  const practiceAreas = useLookup('practiceAreas', true, workspaceId);
  const [name, setName] = useState('');
  const [practiceAreaId, setPracticeAreaId] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = newProcessNameProblem(name, designs);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    const trimmed = name.trim();
    const uid = uniqueId(slugify(trimmed), new Set(designs.map((design) => design.id)));
    const definition: Record<string, unknown> = {
      ...toDefinition(newProcessModel({ uid, name: trimmed, workspace: workspaceId })),
      ...(practiceAreaId ? { practiceAreaId } : {}),
    };
    try {
      onCreated(await onCreate(definition));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The process could not be created.');
      setBusy(false);
    }
  };

  const areas = [...practiceAreas.items].sort((a, b) => compareLabels(a.name, b.name));
  return (
    <FormDialog
      title="New process"
      description="It starts as a draft with the caller's name and phone, and an end. Nothing runs it until you publish it."
      onClose={busy ? () => {} : onClose}
    >
      <form className="ic-form-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Name"
          help="Agents see it at the top of the wizard, and in the list of call flows."
          required
          value={name}
          onValueChange={setName}
          error={shown ? problem : null}
          maxLength={MAX_PROCESS_NAME + 20}
          autoComplete="off"
        />
        <SelectField
          label="Practice area"
          help="Agents of this practice area see the process first. Optional."
          value={practiceAreaId}
          onValueChange={setPracticeAreaId}
          disabled={practiceAreas.loading}
          placeholder="None"
          options={areas.map((area) => ({
            value: area.id,
            label: area.parent ? `${area.parent} › ${area.name}` : area.name,
          }))}
        />
        <FormFailure lead="The process was not created:" message={failure} />
        <div className="ic-form-dialog__actions">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Creating…' : 'Create and edit'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
