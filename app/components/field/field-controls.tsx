import type {
  InputHTMLAttributes,
  Ref,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { Field, fieldClassNames, type FieldProps } from './field';

/**
 * The everyday fields, written once (issue #31 item 7): a labelled <input>, <select> or
 * <textarea> with its help and error, wired by <Field>. Each takes the control's own
 * attributes (maxLength, inputMode, autoComplete, placeholder, …) and hands the typed value
 * to `onValueChange`. A control that needs more than that (a group with add-ons, a picker
 * button) still uses <Field> with its render prop.
 */
type FrameProps = Omit<FieldProps, 'children'>;

/** What the control may be given: its own attributes, less what the field owns. */
type ControlAttributes<Attributes> = Omit<
  Attributes,
  'id' | 'value' | 'onChange' | 'className' | 'children' | 'aria-describedby' | 'aria-invalid'
>;

export type TextFieldProps = FrameProps &
  ControlAttributes<InputHTMLAttributes<HTMLInputElement>> & {
    value: string;
    onValueChange: (value: string) => void;
    /** The bigger sign-in size. */
    large?: boolean;
    /** The <input> itself (React 19 hands a component's ref in as a prop). */
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled single-line input (text, e-mail, password, number, …). */
export function TextField({
  label,
  help,
  error,
  required,
  id,
  labelHidden,
  className,
  value,
  onValueChange,
  large = false,
  ...input
}: TextFieldProps) {
  return (
    <Field {...{ label, help, error, required, id, labelHidden, className }}>
      {(control) => (
        <input
          {...input}
          {...control}
          className={
            large ? `${fieldClassNames.input} ${fieldClassNames.large}` : fieldClassNames.input
          }
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export type AddonFieldProps = Omit<TextFieldProps, 'large'> & {
  /** Shown before the input, e.g. "$". */
  prefix?: string;
  /** Shown after it, e.g. "%". */
  suffix?: string;
};

/** A labelled input with its unit beside it: an amount in dollars, a goal in percent. */
export function AddonField({
  label,
  help,
  error,
  required,
  id,
  labelHidden,
  className,
  value,
  onValueChange,
  prefix,
  suffix,
  ...input
}: AddonFieldProps) {
  return (
    <Field {...{ label, help, error, required, id, labelHidden, className }}>
      {(control) => (
        <div className={fieldClassNames.group}>
          {prefix ? <span className={fieldClassNames.addon}>{prefix}</span> : null}
          <input
            {...input}
            {...control}
            className={fieldClassNames.groupInput}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          />
          {suffix ? <span className={fieldClassNames.addon}>{suffix}</span> : null}
        </div>
      )}
    </Field>
  );
}

export type TextareaFieldProps = FrameProps &
  ControlAttributes<TextareaHTMLAttributes<HTMLTextAreaElement>> & {
    value: string;
    onValueChange: (value: string) => void;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line input. */
export function TextareaField({
  label,
  help,
  error,
  required,
  id,
  labelHidden,
  className,
  value,
  onValueChange,
  ...textarea
}: TextareaFieldProps) {
  return (
    <Field {...{ label, help, error, required, id, labelHidden, className }}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          className={fieldClassNames.textarea}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface SelectOption<Value extends string = string> {
  value: Value;
  label: ReactNode;
  disabled?: boolean;
}

export type SelectFieldProps<Value extends string> = FrameProps &
  ControlAttributes<SelectHTMLAttributes<HTMLSelectElement>> & {
    value: Value;
    onValueChange: (value: Value) => void;
    options: readonly SelectOption<Exclude<Value, ''>>[];
    /**
     * A first, empty choice ("Choose the CRM"). Allowed only where the value may be ''
     * (the type says so), so the value handed back is always one the caller expects.
     */
    placeholder?: '' extends Value ? ReactNode : never;
    ref?: Ref<HTMLSelectElement>;
  };

/**
 * A labelled <select> over a list of options. The value handed back is one of the
 * options' values (or '' for the placeholder), so callers need no cast.
 */
export function SelectField<Value extends string>({
  label,
  help,
  error,
  required,
  id,
  labelHidden,
  className,
  value,
  onValueChange,
  options,
  placeholder,
  ...select
}: SelectFieldProps<Value>) {
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <Field {...{ label, help, error, required, id, labelHidden, className }}>
      {(control) => (
        <select
          {...select}
          {...control}
          className={fieldClassNames.select}
          value={value}
          // The <select> only offers the options' values (and '' where a placeholder is
          // allowed by the type), so the cast names what the DOM cannot type.
          onChange={(event) => onValueChange(event.target.value as Value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {/* The current value stays choosable even when the list does not have it. */}
          {known ? null : <option value={value}>{value}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface CheckFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'checked' | 'onChange'
> {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** More classes for the label (a nested choice's indent, say). */
  labelClassName?: string;
}

/** A checkbox with its label beside it, the whole line clickable. */
export function CheckField({
  label,
  checked,
  onCheckedChange,
  labelClassName,
  ...input
}: CheckFieldProps) {
  return (
    <label className={['ic-check', labelClassName].filter(Boolean).join(' ')}>
      <input
        {...input}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
