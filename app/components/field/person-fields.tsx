import { TextField } from './field-controls';

/** A person's name and e-mail, as an invitation or a new workspace's owner asks for them. */
export interface PersonDraft {
  firstName: string;
  lastName: string;
  email: string;
}

export interface PersonFieldsProps {
  draft: PersonDraft;
  errors: Partial<Record<keyof PersonDraft, string>>;
  onChange: (key: keyof PersonDraft, value: string) => void;
  /** Said under the e-mail ("It is also their username."). */
  emailHelp?: string;
  /** Sets the two name fields side by side in a box of this class (a dialog's pair row). */
  namesClassName?: string;
}

/**
 * First name, last name and e-mail, with the limits the contracts set (100 and 254
 * characters). Each input is named after its key, so a form can focus the field a server
 * refusal is about.
 */
export function PersonFields({
  draft,
  errors,
  onChange,
  emailHelp,
  namesClassName,
}: PersonFieldsProps) {
  const names = (['firstName', 'lastName'] as const).map((key) => (
    <TextField
      key={key}
      label={key === 'firstName' ? 'First name' : 'Last name'}
      required
      error={errors[key]}
      name={key}
      value={draft[key]}
      maxLength={100}
      autoComplete="off"
      onValueChange={(value) => onChange(key, value)}
    />
  ));
  return (
    <>
      {namesClassName ? <div className={namesClassName}>{names}</div> : names}
      <TextField
        label="E-mail"
        required
        help={emailHelp}
        error={errors.email}
        name="email"
        type="email"
        value={draft.email}
        maxLength={254}
        autoComplete="off"
        spellCheck={false}
        onValueChange={(value) => onChange('email', value)}
      />
    </>
  );
}
