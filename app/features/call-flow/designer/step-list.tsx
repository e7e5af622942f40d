import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import {
  addStep,
  moveStep,
  type DesignerModel,
  type DesignerStep,
} from '@/shared/call-flow/designer-model';
import { startStepOf } from '@/shared/call-flow/flow-layout';
import type { StepType } from '@/shared/contracts/call-flow';
import { STEP_TYPE_LABELS } from './flow-map';
import './step-list.css';

const STEP_TYPES: StepType[] = ['TASK', 'END', 'SUB_PROCESS'];

/**
 * The process's steps as an ordered list (issue #34 "an ordered list that works with the
 * keyboard and a screen reader"): each step a button that opens it; Up and Down go from step
 * to step, Alt+Up and Alt+Down move the step (the buttons beside it do the same), and each
 * move is announced. A step is added after the one open, or at the end.
 */
export function StepList({
  model,
  selected,
  onSelect,
  change,
  problemSteps,
}: {
  model: DesignerModel;
  selected: string | null;
  onSelect: (key: string) => void;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
  /** The ids of the steps with a problem, marked in the list. */
  problemSteps: ReadonlySet<string>;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [announcement, setAnnouncement] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<StepType>('TASK');
  const [nameError, setNameError] = useState<string | null>(null);
  const start = startStepOf({ ...model.process, steps: model.steps });
  const count = model.steps.length;

  const focusStep = (key: string) =>
    // After React has rendered the move.
    requestAnimationFrame(() => buttons.current.get(key)?.focus());

  const move = (step: DesignerStep, to: number) => {
    const from = model.steps.findIndex((s) => s.key === step.key);
    const target = Math.max(0, Math.min(count - 1, to));
    if (from === target) return;
    change((current) => moveStep(current, step.key, target));
    setAnnouncement(`${step.name} moved to position ${target + 1} of ${count}.`);
    focusStep(step.key);
  };

  const onKeyDown = (
    event: KeyboardEvent<HTMLButtonElement>,
    step: DesignerStep,
    index: number,
  ) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const delta = event.key === 'ArrowUp' ? -1 : 1;
    if (event.altKey) {
      move(step, index + delta);
      return;
    }
    const next = model.steps[index + delta];
    if (next) buttons.current.get(next.key)?.focus();
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name the step.');
      return;
    }
    let added = '';
    change((current) => {
      const result = addStep(current, { name: trimmed, type, after: selected ?? undefined });
      added = result.key;
      return result.model;
    });
    setName('');
    setNameError(null);
    setAnnouncement(`${trimmed} added.`);
    if (added) {
      onSelect(added);
      focusStep(added);
    }
  };

  return (
    <section className="ic-step-list" aria-labelledby="ic-step-list-title">
      <h2 id="ic-step-list-title" className="ic-step-list__title">
        Steps
      </h2>
      <p className="ic-step-list__hint" id="ic-step-list-hint">
        Up and Down go through the steps; Alt+Up and Alt+Down move the step.
      </p>
      <ol className="ic-step-list__items">
        {model.steps.map((step, index) => (
          <li
            key={step.key}
            className={`ic-step-list__item${step.key === selected ? ' ic-step-list__item--selected' : ''}`}
          >
            <button
              type="button"
              ref={(element) => {
                if (element) buttons.current.set(step.key, element);
                else buttons.current.delete(step.key);
              }}
              className="ic-step-list__open"
              aria-current={step.key === selected ? 'step' : undefined}
              aria-describedby="ic-step-list-hint"
              onClick={() => onSelect(step.key)}
              onKeyDown={(event) => onKeyDown(event, step, index)}
            >
              <span className="ic-step-list__name">{step.name || 'Unnamed step'}</span>
              <span className="ic-step-list__meta">
                {STEP_TYPE_LABELS[step.type]}
                {step.form ? `, ${step.form.fields.length} fields` : ''}
                {step.id === start ? ', start' : ''}
                {problemSteps.has(step.id) ? ', has problems' : ''}
              </span>
            </button>
            <div className="ic-step-list__moves">
              <Button
                variant="ghost"
                aria-label={`Move ${step.name} up`}
                disabled={index === 0}
                onClick={() => move(step, index - 1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                aria-label={`Move ${step.name} down`}
                disabled={index === count - 1}
                onClick={() => move(step, index + 1)}
              >
                ↓
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <form className="ic-step-list__add" onSubmit={add} aria-label="Add a step">
        <TextField
          label="New step"
          value={name}
          onValueChange={setName}
          error={nameError}
          maxLength={120}
          autoComplete="off"
        />
        <SelectField
          label="Type"
          value={type}
          onValueChange={setType}
          options={STEP_TYPES.map((value) => ({ value, label: STEP_TYPE_LABELS[value] }))}
        />
        <Button type="submit">Add step</Button>
      </form>
      <p className="ic-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
