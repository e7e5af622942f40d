import { SelectField, TextareaField, TextField } from '@/app/components/field/field-controls';
import { useLookup } from '@/app/query/use-lookup';
import { updateProcess, type DesignerModel } from '@/shared/call-flow/designer-model';
import { compareLabels } from '@/shared/domain/sorting';

/**
 * What the process says of itself (issue #34 "set a process's practice area"): its name,
 * which agents see atop the wizard and in the list of call flows; a description for that
 * list; and the practice area whose callers it takes (agents of that area see it first).
 */
export function ProcessSettings({
  model,
  change,
}: {
  model: DesignerModel;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
}) {
  const practiceAreas = useLookup('practiceAreas', true, model.process.workspace);
  const areas = [...practiceAreas.items].sort((a, b) => compareLabels(a.name, b.name));
  const { process } = model;
  return (
    <section className="ic-step-panel__grid" aria-label="Process settings">
      <TextField
        label="Process name"
        value={process.name}
        onValueChange={(name) => change((m) => updateProcess(m, { name }))}
        error={process.name.trim() ? null : 'Give the process a name.'}
        maxLength={200}
      />
      <SelectField
        label="Practice area"
        value={process.practiceAreaId ?? ''}
        onValueChange={(id) =>
          change((m) => updateProcess(m, { practiceAreaId: id === '' ? undefined : id }))
        }
        disabled={practiceAreas.loading}
        placeholder="None"
        options={areas.map((area) => ({
          value: area.id,
          label: area.parent ? `${area.parent} › ${area.name}` : area.name,
        }))}
      />
      <TextareaField
        label="Description"
        help="Shown under the name in the agents' list of call flows."
        value={process.description ?? ''}
        onValueChange={(description) =>
          change((m) =>
            updateProcess(m, { description: description === '' ? undefined : description }),
          )
        }
        rows={2}
        maxLength={2000}
      />
    </section>
  );
}
