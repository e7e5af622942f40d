import { useState } from 'react';
import { SelectField } from '@/app/components/field/field-controls';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { setLeadGenerationProcess } from '@/shared/api/call-flow-designer';
import type { ProcessDesign } from '@/shared/contracts/call-flow-api';
import { workspacesKey } from '@/shared/query/workspace-queries';
import { designerKeys } from './designer-queries';

/**
 * Which process an incoming call that names none runs (issue #34 "Practice area and
 * lead-generation process"; before, API and seed only): one of the published processes in
 * use, or none. Saved as soon as it is chosen; the workspace's signed-in sessions load it
 * again (workspace:changed), so the agents' next call starts it.
 */
export function LeadGenerationSetting({
  workspaceId,
  current,
  designs,
}: {
  workspaceId: string;
  /** The workspace's lead-generation process as the screen knows it ('' for none). */
  current: string;
  designs: readonly ProcessDesign[];
}) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  // What was chosen here, shown while `current` still says what it was chosen over: once the
  // workspace loads again (workspace:changed), it says what is true, whoever changed it.
  const [chosen, setChosen] = useState<{ process: string; over: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const value = chosen && chosen.over === current ? chosen.process : current;
  const usable = designs.filter((design) => design.status === 'published');
  const save = useMutateAndInvalidate(
    (process: string | null) => setLeadGenerationProcess(api, workspaceId, process),
    // The list names the lead-generation process (and refuses to archive it); a system
    // user's workspace comes from the workspaces list, an owner's from the session
    // (reloaded on workspace:changed).
    { invalidates: () => [designerKeys.list(scope, workspaceId), workspacesKey(scope)] },
  );

  const choose = async (process: string) => {
    setChosen({ process, over: current });
    setFailure(null);
    try {
      await save.mutate(process || null);
      const name = usable.find((design) => design.id === process)?.name;
      notify(
        'success',
        name
          ? `Incoming calls that name no process now run ${name}.`
          : 'Incoming calls that name no process now run none: the agent chooses one.',
      );
    } catch (error) {
      setChosen(null);
      setFailure(error instanceof Error ? error.message : 'try again.');
    }
  };

  return (
    <div className="ic-designer-list__lead-generation">
      <SelectField
        label="Incoming calls that name no process run"
        help="A call from a tracking number without its own process starts this one."
        value={value}
        onValueChange={(process) => void choose(process)}
        disabled={save.pending}
        placeholder="None: the agent chooses"
        options={usable.map((design) => ({ value: design.id, label: design.name }))}
      />
      <FormFailure lead="Not changed:" message={failure} />
    </div>
  );
}
