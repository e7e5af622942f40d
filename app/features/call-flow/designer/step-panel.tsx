import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import {
  addRoute,
  changeStepId,
  changeStepProject,
  changeStepType,
  deleteRoute,
  deleteStep,
  fieldVariables,
  moveRoute,
  renameStep,
  setStartStep,
  updateRoute,
  type DesignerModel,
  type DesignerStep,
} from '@/shared/call-flow/designer-model';
import { ConditionEditor } from './condition-editor';
import { startStepOf } from '@/shared/call-flow/flow-layout';
import type { StepType } from '@/shared/contracts/call-flow';
import { STEP_TYPE_LABELS } from './flow-map';
import { FormEditor } from './form-editor';
import { MappingEditor } from './mapping-editor';
import { TriggersEditor } from './triggers-editor';
import { keepFocusNear } from './keep-focus';
import './step-panel.css';

const STEP_TYPES: StepType[] = ['TASK', 'END', 'SUB_PROCESS'];

/**
 * One step as the owner edits it (issue #34 "for each step, its type, its form, its routes
 * (destination + condition)"): its name, id and type, whether the flow starts here, and its
 * routes in the order they are tried, each condition checked as it is typed by the parser
 * the engine uses.
 */
export function StepPanel({
  model,
  step,
  change,
  onDeleted,
  openField,
}: {
  model: DesignerModel;
  step: DesignerStep;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
  onDeleted: () => void;
  /** The field to open (and focus) in the step's form: a problem's link names it. */
  openField?: string;
}) {
  const confirm = useConfirm();
  const start = startStepOf({ ...model.process, steps: model.steps });

  const remove = async () => {
    const incoming = model.steps.reduce(
      (n, other) =>
        n + other.routes.filter((item) => item.route.flo_element_dest === step.id).length,
      0,
    );
    const answer = await confirm({
      icon: 'warning',
      title: `Delete ${step.name}?`,
      body:
        incoming > 0
          ? `Its form and routes go, and the ${incoming === 1 ? 'route' : `${incoming} routes`} leading to it. Nothing is published until you publish.`
          : 'Its form and routes go. Nothing is published until you publish.',
      cancelText: 'Keep it',
      submitText: 'Delete',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    change((current) => deleteStep(current, step.key).model);
    onDeleted();
  };

  return (
    <section className="ic-step-panel" aria-labelledby="ic-step-panel-title">
      <div className="ic-step-panel__head">
        <h2 id="ic-step-panel-title" className="ic-step-panel__title" tabIndex={-1}>
          {step.name || 'Unnamed step'}
        </h2>
        {step.id === start ? (
          <span className="ic-step-panel__start">The flow starts here</span>
        ) : (
          <Button
            variant="ghost"
            onClick={() => {
              change((m) => setStartStep(m, step.key));
              // The button goes ("The flow starts here"): the focus waits on the step's title.
              requestAnimationFrame(() => document.getElementById('ic-step-panel-title')?.focus());
            }}
          >
            Start here
          </Button>
        )}
      </div>
      <div className="ic-step-panel__grid">
        <TextField
          label="Name"
          help="What the agent sees above the step."
          value={step.name}
          onValueChange={(name) => change((m) => renameStep(m, step.key, name))}
          maxLength={200}
        />
        <StepIdField step={step} change={change} />
        <TextField
          label="Project"
          help="The process's own, or a sub-process's."
          value={step.prj_id}
          onValueChange={(prj) => change((m) => changeStepProject(m, step.key, prj))}
          error={step.prj_id.trim() ? null : 'Name the project the step belongs to.'}
          maxLength={128}
          spellCheck={false}
        />
        <SelectField
          label="Type"
          value={step.type}
          onValueChange={(type) => change((m) => changeStepType(m, step.key, type))}
          options={STEP_TYPES.map((value) => ({ value, label: STEP_TYPE_LABELS[value] }))}
        />
      </div>

      {step.form ? (
        <FormEditor model={model} step={step} change={change} openField={openField} />
      ) : null}
      {step.type === 'SUB_PROCESS' ? (
        <MappingEditor model={model} step={step} change={change} />
      ) : null}

      {step.type === 'END' ? (
        <p className="ic-step-panel__note">An end has no routes: the intake is complete here.</p>
      ) : (
        <RoutesEditor model={model} step={step} change={change} />
      )}

      <TriggersEditor step={step} change={change} />

      <div className="ic-step-panel__danger">
        <Button variant="danger" onClick={() => void remove()}>
          Delete step
        </Button>
      </div>
    </section>
  );
}

/** The step's routes, in the order they are tried, each with its destination and condition. */
function RoutesEditor({
  model,
  step,
  change,
}: {
  model: DesignerModel;
  step: DesignerStep;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
}) {
  const others = model.steps.filter((other) => other.key !== step.key);
  const variables = useMemo(() => [...fieldVariables(model)].sort(), [model]);
  return (
    <section className="ic-step-panel__routes" aria-labelledby="ic-step-panel-routes">
      <h3 id="ic-step-panel-routes" className="ic-step-panel__subtitle">
        Routes
      </h3>
      <p className="ic-step-panel__note">
        Tried in order: the first whose condition holds is taken. An empty condition always holds.
      </p>
      <ol className="ic-step-panel__route-list">
        {step.routes.map((item, index) => {
          const destination = others.find((o) => o.id === item.route.flo_element_dest);
          return (
            <li key={item.key} className="ic-step-panel__route">
              <SelectField
                label={`Route ${index + 1}: go to`}
                value={item.route.flo_element_dest}
                onValueChange={(dest) =>
                  change((m) => updateRoute(m, step.key, item.key, { flo_element_dest: dest }))
                }
                placeholder="Choose a step"
                options={others.map((other) => ({ value: other.id, label: other.name }))}
                error={destination ? null : 'Choose the step this route goes to.'}
              />
              <div className="ic-step-panel__route-actions">
                <Button
                  variant="ghost"
                  aria-label={`Try route ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={(event) => {
                    keepFocusNear(event.currentTarget);
                    change((m) => moveRoute(m, step.key, item.key, index - 1));
                  }}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Try route ${index + 1} later`}
                  disabled={index === step.routes.length - 1}
                  onClick={(event) => {
                    keepFocusNear(event.currentTarget);
                    change((m) => moveRoute(m, step.key, item.key, index + 1));
                  }}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Remove route ${index + 1}`}
                  onClick={(event) => {
                    keepFocusNear(event.currentTarget);
                    change((m) => deleteRoute(m, step.key, item.key));
                  }}
                >
                  Remove
                </Button>
              </div>
              <ConditionEditor
                label={`Route ${index + 1}: taken when`}
                value={item.route.flo_condition}
                variables={variables}
                onChange={(text) =>
                  change((m) => updateRoute(m, step.key, item.key, { flo_condition: text }))
                }
              />
            </li>
          );
        })}
      </ol>
      <Button
        onClick={() => change((m) => addRoute(m, step.key, others[0]?.id ?? '').model)}
        disabled={others.length === 0}
      >
        Add route
      </Button>
    </section>
  );
}

/**
 * The step's id, applied when the owner leaves the field or presses Enter (routes, the
 * start and histories follow it); one another step has, or that is not an id, is refused
 * in place.
 */
function StepIdField({
  step,
  change,
}: {
  step: DesignerStep;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
}) {
  const [id, setId] = useState(step.id);
  const [idError, setIdError] = useState<string | null>(null);
  useEffect(() => {
    setId(step.id);
    setIdError(null);
  }, [step.key, step.id]);
  const applyId = () => {
    const wanted = id.trim();
    let refused: string | null = null;
    change((current) => {
      const result = changeStepId(current, step.key, wanted);
      if (result.ok) return result.model;
      refused =
        result.reason === 'taken'
          ? `Another step has the id ${wanted}.`
          : 'An id is letters, digits, dots, dashes and underscores, starting with a letter or digit.';
      return current;
    });
    setIdError(refused);
  };
  return (
    <TextField
      label="Id"
      help="Routes and histories name the step by it."
      value={id}
      onValueChange={setId}
      onBlur={applyId}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          applyId();
        }
      }}
      error={idError}
      maxLength={128}
      spellCheck={false}
    />
  );
}
