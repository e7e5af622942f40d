import { useState } from 'react';
import { SelectField } from '@/app/components/field/field-controls';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { useHost } from '@/app/host/host';
import { setLeadGenerationProcess } from '@/shared/api/call-flow-designer';
import type { ProcessDesign } from '@/shared/contracts/call-flow-api';

/**
 * Which process an incoming call that names none runs (issue #34 "Practice area and
 * lead-generation process"; before, API and seed only): one of the published processes in
 * use, or none. Saved as soon as it is chosen; the workspace's signed-in sessions load it
 * again (workspace:changed), so the agents' next call starts it.
 */
export function LeadGenerationSetting({
  workspaceId,
  designs,
}: {
  workspaceId: string;
  designs: readonly ProcessDesign[];
}) {
  const { api, session, notify } = useHost();
  const current = session.workspace?.attributes.processes.leadGeneration?.id ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const value = chosen ?? current;
  const usable = designs.filter((design) => design.status === 'published');

  const choose = async (process: string) => {
    setChosen(process);
    setBusy(true);
    setFailure(null);
    try {
      await setLeadGenerationProcess(api, workspaceId, process || null);
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ic-designer-list__lead-generation">
      <SelectField
        label="Incoming calls that name no process run"
        help="A call from a tracking number without its own process starts this one."
        value={value}
        onValueChange={(process) => void choose(process)}
        disabled={busy}
        placeholder="None: the agent chooses"
        options={usable.map((design) => ({ value: design.id, label: design.name }))}
      />
      <FormFailure lead="Not changed:" message={failure} />
    </div>
  );
}
