import { useId, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { CheckField, SelectField, TextField } from '@/app/components/field/field-controls';
import {
  BUILDER_OPERATORS,
  builderToText,
  ruleProblem,
  textToBuilder,
  VALUELESS_OPERATORS,
  type BuilderGroup,
  type BuilderOperator,
  type BuilderRule,
} from '@/shared/call-flow/condition-builder';
import { conditionProblem } from './condition-problem';
import { keepFocusNear } from './keep-focus';
import './condition-editor.css';

// A condition without code (issue #34 "Conditions without code: a condition builder for the
// expression language (variable, operator, value; and/or groups), with a text mode for
// experts"): the builder writes the engine's own language and reads it back with the
// engine's parser (shared/call-flow/condition-builder.ts), so both modes always say the
// same; a condition the builder cannot show stays in text mode, checked as it is typed.

const emptyRule = (variable: string): BuilderRule => ({
  kind: 'rule',
  variable,
  operator: 'equals',
  value: '',
  numeric: false,
});

export function ConditionEditor({
  label,
  value,
  variables,
  onChange,
}: {
  label: string;
  /** The condition's text ('' always holds). */
  value: string;
  /** The variables the process's fields write, offered in the builder. */
  variables: readonly string[];
  onChange: (text: string) => void;
}) {
  // The builder keeps its own rows while the owner edits them: a rule still being written
  // (a value that is not a number yet) is written to the text anyway, for the parser to
  // name, and must not throw the owner out of the builder. A text changed from outside
  // (text mode, another editor) is read again.
  const [rows, setRows] = useState<{ text: string; group: BuilderGroup } | null>(null);
  const reading = textToBuilder(value);
  const group =
    rows && rows.text === value ? rows.group : reading.mode === 'builder' ? reading.group : null;
  const [textMode, setTextMode] = useState(group === null);
  const id = useId();
  const inText = textMode || group === null;
  const write = (next: BuilderGroup) => {
    const written = builderToText(next);
    setRows({ text: written, group: next });
    onChange(written);
  };
  return (
    <fieldset className="ic-condition">
      <legend>{label}</legend>
      <div className="ic-condition__modes" role="group" aria-label={`${label}: how to write it`}>
        <Button
          variant={inText ? 'ghost' : 'secondary'}
          aria-pressed={!inText}
          disabled={group === null}
          onClick={() => setTextMode(false)}
        >
          Builder
        </Button>
        <Button
          variant={inText ? 'secondary' : 'ghost'}
          aria-pressed={inText}
          onClick={() => setTextMode(true)}
        >
          Text
        </Button>
      </div>
      {inText ? (
        <>
          <TextField
            label="Condition"
            labelHidden
            id={`${id}-text`}
            className="ic-condition__text"
            value={value}
            onValueChange={onChange}
            error={conditionProblem(value)}
            placeholder="always"
            spellCheck={false}
            autoComplete="off"
          />
          {group === null && !conditionProblem(value) && value.trim() !== '' ? (
            <p className="ic-condition__note">
              The builder cannot show this condition: it stays in text.
            </p>
          ) : null}
        </>
      ) : group ? (
        <GroupEditor group={group} variables={variables} depth={0} onChange={write} />
      ) : null}
    </fieldset>
  );
}

function GroupEditor({
  group,
  variables,
  depth,
  onChange,
  onRemove,
}: {
  group: BuilderGroup;
  variables: readonly string[];
  depth: number;
  onChange: (group: BuilderGroup) => void;
  onRemove?: () => void;
}) {
  const replace = (index: number, item: BuilderGroup['items'][number]) =>
    onChange({ ...group, items: group.items.map((it, i) => (i === index ? item : it)) });
  const remove = (index: number) =>
    onChange({ ...group, items: group.items.filter((_, i) => i !== index) });
  return (
    <div className={`ic-condition__group${depth > 0 ? ' ic-condition__group--nested' : ''}`}>
      {group.items.length === 0 ? (
        <p className="ic-condition__note">Always: no rule yet.</p>
      ) : (
        <SelectField
          label={depth === 0 ? 'Holds when' : 'This group holds when'}
          value={group.join}
          onValueChange={(join) => onChange({ ...group, join })}
          options={[
            { value: 'and', label: 'every rule holds' },
            { value: 'or', label: 'any rule holds' },
          ]}
        />
      )}
      <ol className="ic-condition__items">
        {group.items.map((item, index) => (
          // Rules have no id of their own: their place is their identity here.
          <li key={index}>
            {item.kind === 'rule' ? (
              <RuleEditor
                rule={item}
                index={index}
                variables={variables}
                onChange={(rule) => replace(index, rule)}
                onRemove={() => remove(index)}
              />
            ) : (
              <GroupEditor
                group={item}
                variables={variables}
                depth={depth + 1}
                onChange={(nested) => replace(index, nested)}
                onRemove={() => remove(index)}
              />
            )}
          </li>
        ))}
      </ol>
      <div className="ic-condition__add">
        <Button
          onClick={() =>
            onChange({ ...group, items: [...group.items, emptyRule(variables[0] ?? '')] })
          }
        >
          Add rule
        </Button>
        {depth < 2 ? (
          <Button
            onClick={() =>
              onChange({
                ...group,
                items: [
                  ...group.items,
                  { kind: 'group', join: 'or', items: [emptyRule(variables[0] ?? '')] },
                ],
              })
            }
          >
            Add group
          </Button>
        ) : null}
        {onRemove ? (
          <Button
            variant="ghost"
            onClick={(event) => {
              keepFocusNear(event.currentTarget);
              onRemove();
            }}
          >
            Remove group
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function RuleEditor({
  rule,
  index,
  variables,
  onChange,
  onRemove,
}: {
  rule: BuilderRule;
  index: number;
  variables: readonly string[];
  onChange: (rule: BuilderRule) => void;
  onRemove: () => void;
}) {
  const problem = ruleProblem(rule);
  const valueless = VALUELESS_OPERATORS.has(rule.operator);
  const numericOperator = ['lessThan', 'atMost', 'greaterThan', 'atLeast'].includes(rule.operator);
  return (
    <div className="ic-condition__rule" role="group" aria-label={`Rule ${index + 1}`}>
      <SelectField
        label="Variable"
        value={rule.variable}
        onValueChange={(variable) => onChange({ ...rule, variable })}
        placeholder="Choose"
        options={variables.map((name) => ({ value: name, label: name }))}
        error={problem === 'Choose a variable.' ? problem : null}
      />
      <SelectField
        label="Operator"
        value={rule.operator}
        onValueChange={(operator: BuilderOperator) =>
          onChange({
            ...rule,
            operator,
            numeric: ['lessThan', 'atMost', 'greaterThan', 'atLeast'].includes(operator)
              ? true
              : rule.numeric,
          })
        }
        options={BUILDER_OPERATORS.map(({ value, label }) => ({ value, label }))}
      />
      {valueless ? null : (
        <TextField
          label="Value"
          value={rule.value}
          onValueChange={(value) => onChange({ ...rule, value })}
          error={problem === 'Type a number.' ? problem : null}
          inputMode={rule.numeric ? 'decimal' : undefined}
        />
      )}
      {valueless || numericOperator ? null : (
        <CheckField
          label="As a number"
          checked={rule.numeric}
          onCheckedChange={(numeric) => onChange({ ...rule, numeric })}
        />
      )}
      <Button
        variant="ghost"
        aria-label={`Remove rule ${index + 1}`}
        onClick={(event) => {
          keepFocusNear(event.currentTarget);
          onRemove();
        }}
      >
        Remove
      </Button>
    </div>
  );
}
