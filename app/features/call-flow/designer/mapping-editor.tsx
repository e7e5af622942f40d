import { TextField } from '@/app/components/field/field-controls';
import {
  setVariablesMapping,
  type DesignerModel,
  type DesignerStep,
} from '@/shared/call-flow/designer-model';
import { RowsFieldset } from './rows-fieldset';
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
          <RowsFieldset
            key={destination}
            legend={`Variables passed into ${destination}`}
            rows={pairs}
            onChange={set}
            noun="pair"
            addLabel="Add a variable"
            newRow={() => ({ source: '', target: '' })}
          >
            {(pair, index, replace) => (
              <>
                <TextField
                  label={`Pair ${index + 1}: from`}
                  className="ic-field-editor__mono"
                  value={pair.source}
                  onValueChange={(source) => replace({ ...pair, source })}
                  spellCheck={false}
                />
                <TextField
                  label={`Pair ${index + 1}: as`}
                  className="ic-field-editor__mono"
                  value={pair.target}
                  onValueChange={(target) => replace({ ...pair, target })}
                  spellCheck={false}
                />
              </>
            )}
          </RowsFieldset>
        );
      })}
    </>
  );
}
