import './form-failure.css';

export interface FormFailureProps {
  /** The reason; nothing is shown without one. */
  message: string | null | undefined;
  /** What did not happen, said before the reason ("The score was not saved:"). */
  lead?: string;
}

/**
 * A form's refusal, announced (role="alert") where the form is: what the agent typed stays,
 * and this says why it was not accepted.
 */
export function FormFailure({ message, lead }: FormFailureProps) {
  if (!message) return null;
  return (
    <p className="ic-form-failure" role="alert">
      {lead ? `${lead} ${message}` : message}
    </p>
  );
}
