import './spinner.css';

/** A spinner with its label: used wherever a whole area waits (lazy screens, session restore). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="ic-spinner-block" role="status" aria-live="polite">
      <span className="ic-spinner ic-spinner--lg" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
