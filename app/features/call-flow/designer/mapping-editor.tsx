import { Button } from '@/app/components/button/button';
import { TextField } from '@/app/components/field/field-controls';
import {
  setVariablesMapping,
  type DesignerModel,
  type DesignerStep,
} from '@/shared/call-flow/designer-model';
import { keepFocusNear } from './keep-focus';
import './field-editor.css';

/**
 * A sub-process's variable mapping (issue #34 "for sub-processes the variable mapping";
 * spec 3 variablesMapping): for each project this step's routes lead into, which of this
 * project's variables are copied in, and under which names, as the flow enters it.
 */
export function MappingEditor({
  model,
  step,
  change,
}: {
  model: DesignerModel;
  step: DesignerStep;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
}) {
  const byId = new Map(model.steps.map((s) => [s.id, s]));
  const destinations = [
    ...new Set(
      step.routes
        .map((item) => byId.get(item.route.flo_element_dest)?.prj_id)
        .filter((prj): prj is string => prj !== undefined && prj !== step.prj_id),
    ),
  ];
  if (destinations.length === 0) {
    return (
      <p className="ic-step-panel__note">
        This sub-process step leads to no step of another project yet: give the steps of the
        sub-process their project, and route this step to its first one, to map variables into it.
      </p>
    );
  }
  return (
    <>
      {destinations.map((destination) => {
        const pairs =
          model.process.variablesMapping.find(
            (entry) =>
              entry.sourceProjectId === step.prj_id && entry.destinationProjectId === destination,
          )?.mapping ?? [];
        const set = (next: Array<{ source: string; target: string }>) =>
          change((m) => setVariablesMapping(m, step.prj_id, destination, next));
        return (
          <fieldset key={destination} className="ic-field-editor__group">
            <legend>Variables passed into {destination}</legend>
            <ol className="ic-field-editor__rows">
              {pairs.map((pair, index) => (
                // Pairs have no id of their own: their place is their identity here.
                <li key={index} className="ic-field-editor__row">
                  <TextField
                    label={`Pair ${index + 1}: from`}
                    className="ic-field-editor__mono"
                    value={pair.source}
                    onValueChange={(source) =>
                      set(pairs.map((p, i) => (i === index ? { ...p, source } : p)))
                    }
                    spellCheck={false}
                  />
                  <TextField
                    label={`Pair ${index + 1}: as`}
                    className="ic-field-editor__mono"
                    value={pair.target}
                    onValueChange={(target) =>
                      set(pairs.map((p, i) => (i === index ? { ...p, target } : p)))
                    }
                    spellCheck={false}
                  />
                  <div className="ic-field-editor__row-actions">
                    <Button
                      variant="ghost"
                      aria-label={`Remove pair ${index + 1}`}
                      onClick={(event) => {
                        keepFocusNear(event.currentTarget);
                        set(pairs.filter((_, i) => i !== index));
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
            <Button onClick={() => set([...pairs, { source: '', target: '' }])}>
              Add a variable
            </Button>
          </fieldset>
        );
      })}
    </>
  );
}
