import type { GridColumn } from '@/shared/contracts/call-flow';
import { errorId, FieldFrame, frameOf, helpId } from './field-frame';
import { describedBy, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
import { isRequired } from './step-control-field';
import './choice-field.css';

type CheckboxField = Extract<GridColumn, { type: 'checkbox' }>;

/**
 * Without options: one yes/no box whose label is the field's (value true or false).
 * With options: a group of boxes in a fieldset (value: the ticked options' values, in the
 * definition's order).
 */
export function CheckboxField(props: FieldProps<CheckboxField>) {
  const { field, id, value, error, onChange, onBlur, disabled, errorKey } = props;
  const required = isRequired(field);
  const describe = describedBy(field.help && helpId(id), error && errorId(id));
  const options = field.options;

  if (!options) {
    return (
      <FieldFrame {...frameOf(field, id, error, required)} kind="own-label">
        <label className="ic-choice ic-choice--single" htmlFor={id}>
          <input
            id={id}
            className="ic-choice__input"
            type="checkbox"
            name={field.name}
            checked={value === true}
            disabled={disabled || field.disabled}
            autoFocus={field.autofocus}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describe}
            {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
          />
          <span className="ic-choice__label">
            {field.label}
            {required ? (
              <span className="ic-field__required" aria-hidden="true">
                *
              </span>
            ) : null}
          </span>
        </label>
      </FieldFrame>
    );
  }

  const ticked = new Set(
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [],
  );
  const toggle = (optionValue: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(optionValue);
    else next.delete(optionValue);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <FieldFrame {...frameOf(field, id, error, required)} kind="group">
      <div className="ic-choice-list">
        {options.map((option, index) => {
          const optionId = `${id}-option-${index}`;
          return (
            <label key={option.value} className="ic-choice" htmlFor={optionId}>
              <input
                id={optionId}
                className="ic-choice__input"
                type="checkbox"
                name={`${field.name}`}
                value={option.value}
                checked={ticked.has(option.value)}
                disabled={disabled || field.disabled}
                autoFocus={field.autofocus && index === 0}
                aria-invalid={error ? true : undefined}
                aria-describedby={describe}
                {...(index === 0 ? { [FOCUS_ATTRIBUTE]: errorKey ?? field.name } : {})}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={onBlur}
              />
              <span className="ic-choice__label">{option.label}</span>
            </label>
          );
        })}
      </div>
    </FieldFrame>
  );
}
