import type { GridColumn } from '@/shared/contracts/call-flow';
import { errorId, FieldFrame, frameOf, helpId } from './field-frame';
import { asInputText, describedBy, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
import { isRequired } from './step-control-field';
import './choice-field.css';

type RadioField = Extract<GridColumn, { type: 'radio' }>;

/**
 * One choice among options: native radios in a fieldset whose legend is the question, so
 * arrow keys move between options and a screen reader names the group.
 */
export function RadioField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  errorKey,
}: FieldProps<RadioField>) {
  const current = asInputText(value);
  // The first invalid field's focus goes to the chosen option, else the first one.
  const focusIndex = Math.max(
    0,
    field.options.findIndex((o) => o.value === current),
  );
  return (
    <FieldFrame {...frameOf(field, id, error, isRequired(field))} kind="group">
      <div className="ic-choice-list">
        {field.options.map((option, index) => {
          const optionId = `${id}-option-${index}`;
          return (
            <label key={option.value} className="ic-choice" htmlFor={optionId}>
              <input
                id={optionId}
                className="ic-choice__input"
                type="radio"
                name={`${id}-${field.name}`}
                value={option.value}
                checked={current === option.value}
                disabled={disabled || field.disabled}
                autoFocus={field.autofocus && index === focusIndex}
                required={isRequired(field)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(field.help && helpId(id), error && errorId(id))}
                {...(index === focusIndex ? { [FOCUS_ATTRIBUTE]: errorKey ?? field.name } : {})}
                onChange={() => onChange(option.value)}
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
