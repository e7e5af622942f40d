import { Button } from '@/app/components/button/button';
import { SelectField, TextareaField, TextField } from '@/app/components/field/field-controls';
import {
  addTrigger,
  deleteTrigger,
  moveTrigger,
  newTrigger,
  updateTrigger,
  type DesignerModel,
  type DesignerStep,
} from '@/shared/call-flow/designer-model';
import {
  crmRecordTypeSchema,
  type CrmRecordType,
  type Trigger,
  type TriggerAction,
  type TriggerTiming,
} from '@/shared/contracts/call-flow';
import { conditionProblem } from './condition-problem';
import { keepFocusNear } from './keep-focus';
import './triggers-editor.css';

// A step's triggers (issue #34 "its BEFORE/AFTER triggers (including the EMAIL trigger's
// to, subject and body with variables)"): what runs before the step's form shows and after
// the agent moves on, in order, each with its condition (checked as it is typed by the
// engine's parser) and what it does: an e-mail, a variable set, a record for the CRM.

const TIMINGS: Array<{ timing: TriggerTiming; title: string; help: string }> = [
  {
    timing: 'BEFORE',
    title: 'Before the step',
    help: 'Run as the step opens, before its form shows.',
  },
  { timing: 'AFTER', title: 'After the step', help: 'Run when the agent moves on from the step.' },
];

const VARIABLES_HELP =
  'Write @@name for an answer as text, @#name as a number; for example Dear @@firstName.';

const RECORD_TYPES = crmRecordTypeSchema.options;

export function TriggersEditor({
  step,
  change,
}: {
  step: DesignerStep;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
}) {
  return (
    <section className="ic-triggers" aria-labelledby="ic-triggers-title">
      <h3 id="ic-triggers-title" className="ic-triggers__title">
        Triggers
      </h3>
      {TIMINGS.map(({ timing, title, help }) => {
        const list = step.triggers[timing];
        return (
          <fieldset key={timing} className="ic-triggers__timing">
            <legend>{title}</legend>
            <p className="ic-triggers__help">{help}</p>
            <ol className="ic-triggers__list">
              {list.map((item, index) => (
                <li key={item.key} className="ic-triggers__item">
                  <TriggerEditor
                    trigger={item.trigger}
                    position={`${title}, trigger ${index + 1}`}
                    onChange={(trigger) =>
                      change((m) => updateTrigger(m, step.key, timing, item.key, trigger))
                    }
                  />
                  <div className="ic-triggers__actions">
                    <Button
                      variant="ghost"
                      aria-label={`Run ${item.trigger.name} earlier`}
                      disabled={index === 0}
                      onClick={(event) => {
                        keepFocusNear(event.currentTarget);
                        change((m) => moveTrigger(m, step.key, timing, item.key, index - 1));
                      }}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${item.trigger.name}`}
                      onClick={(event) => {
                        keepFocusNear(event.currentTarget);
                        change((m) => deleteTrigger(m, step.key, timing, item.key));
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
            <div className="ic-triggers__add">
              <Button
                onClick={() =>
                  change(
                    (m) =>
                      addTrigger(m, step.key, timing, newTrigger('email', 'Send an e-mail')).model,
                  )
                }
              >
                Add an e-mail
              </Button>
              <Button
                onClick={() =>
                  change(
                    (m) =>
                      addTrigger(m, step.key, timing, newTrigger('setVariable', 'Set a variable'))
                        .model,
                  )
                }
              >
                Add actions
              </Button>
            </div>
          </fieldset>
        );
      })}
    </section>
  );
}

/** One trigger: its name and condition, then its e-mail or its actions. */
function TriggerEditor({
  trigger,
  position,
  onChange,
}: {
  trigger: Trigger;
  position: string;
  onChange: (trigger: Trigger) => void;
}) {
  return (
    <div className="ic-triggers__editor" role="group" aria-label={position}>
      <div className="ic-triggers__grid">
        <TextField
          label="Name"
          value={trigger.name}
          onValueChange={(name) => onChange({ ...trigger, name })}
          error={trigger.name.trim() ? null : 'Name the trigger: the histories show it.'}
          maxLength={200}
        />
        <TextField
          label="Runs when"
          className="ic-triggers__mono"
          value={trigger.condition}
          onValueChange={(condition) => onChange({ ...trigger, condition })}
          error={conditionProblem(trigger.condition)}
          placeholder="always"
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      {trigger.marker === 'EMAIL' && trigger.config ? (
        <EmailSettings
          config={trigger.config}
          onChange={(config) => onChange({ ...trigger, config })}
        />
      ) : (
        <ActionsEditor code={trigger.code} onChange={(code) => onChange({ ...trigger, code })} />
      )}
    </div>
  );
}

function EmailSettings({
  config,
  onChange,
}: {
  config: NonNullable<Trigger['config']>;
  onChange: (config: NonNullable<Trigger['config']>) => void;
}) {
  return (
    <div className="ic-triggers__email">
      <TextField
        label="To"
        help="An address, or the variable of the caller's e-mail: @@email."
        value={config.to}
        onValueChange={(to) => onChange({ ...config, to })}
        error={config.to.trim() ? null : 'Say who receives it.'}
        spellCheck={false}
      />
      <TextField
        label="Subject"
        value={config.subject}
        onValueChange={(subject) => onChange({ ...config, subject })}
        error={config.subject.trim() ? null : 'Give the e-mail a subject.'}
      />
      <TextareaField
        label="Body"
        help={VARIABLES_HELP}
        value={config.body}
        onValueChange={(body) => onChange({ ...config, body })}
        rows={5}
      />
    </div>
  );
}

/** A trigger's actions, in order: set a variable, send an e-mail, write a CRM record. */
function ActionsEditor({
  code,
  onChange,
}: {
  code: TriggerAction[];
  onChange: (code: TriggerAction[]) => void;
}) {
  const replace = (index: number, action: TriggerAction) =>
    onChange(code.map((a, i) => (i === index ? action : a)));
  return (
    <div className="ic-triggers__actions-list">
      {code.map((action, index) => (
        // Actions have no id of their own: their place is their identity here.
        <div key={index} className="ic-triggers__action">
          <ActionEditor action={action} onChange={(next) => replace(index, next)} index={index} />
          <Button
            variant="ghost"
            aria-label={`Remove action ${index + 1}`}
            onClick={(event) => {
              keepFocusNear(event.currentTarget);
              onChange(code.filter((_, i) => i !== index));
            }}
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="ic-triggers__add">
        <Button
          onClick={() =>
            onChange([...code, { action: 'setVariable', variable: 'status', template: '' }])
          }
        >
          Set a variable
        </Button>
        <Button
          onClick={() =>
            onChange([
              ...code,
              { action: 'crmSync', recordType: 'NOTE', fields: [{ field: 'title', value: '' }] },
            ])
          }
        >
          Write to the CRM
        </Button>
      </div>
    </div>
  );
}

function ActionEditor({
  action,
  index,
  onChange,
}: {
  action: TriggerAction;
  index: number;
  onChange: (action: TriggerAction) => void;
}) {
  const label = (what: string) => `Action ${index + 1}: ${what}`;
  switch (action.action) {
    case 'setVariable':
      return (
        <div className="ic-triggers__grid">
          <TextField
            label={label('set the variable')}
            className="ic-triggers__mono"
            value={action.variable}
            onValueChange={(variable) => onChange({ ...action, variable })}
            spellCheck={false}
          />
          <TextField
            label={label('to')}
            help={VARIABLES_HELP}
            value={action.template ?? action.expression ?? ''}
            onValueChange={(template) => {
              const next = { ...action, template };
              delete next.expression;
              onChange(next);
            }}
          />
        </div>
      );
    case 'sendEmail':
      return (
        <EmailSettings
          config={{ to: action.to, subject: action.subject, body: action.body }}
          onChange={(config) => onChange({ ...action, ...config })}
        />
      );
    case 'crmSync':
      return (
        <div className="ic-triggers__crm">
          <SelectField
            label={label('write to the CRM')}
            value={action.recordType}
            onValueChange={(recordType: CrmRecordType) => onChange({ ...action, recordType })}
            options={RECORD_TYPES.map((value) => ({ value, label: value }))}
          />
          {action.fields.map((entry, at) => (
            <div key={at} className="ic-triggers__grid">
              <TextField
                label={label(`field ${at + 1}`)}
                className="ic-triggers__mono"
                value={entry.field}
                onValueChange={(field) =>
                  onChange({
                    ...action,
                    fields: action.fields.map((f, i) => (i === at ? { ...f, field } : f)),
                  })
                }
                spellCheck={false}
              />
              <TextField
                label={label(`value ${at + 1}`)}
                value={entry.value}
                onValueChange={(value) =>
                  onChange({
                    ...action,
                    fields: action.fields.map((f, i) => (i === at ? { ...f, value } : f)),
                  })
                }
              />
            </div>
          ))}
          <Button
            onClick={() =>
              onChange({ ...action, fields: [...action.fields, { field: '', value: '' }] })
            }
          >
            Add a CRM field
          </Button>
        </div>
      );
  }
}
