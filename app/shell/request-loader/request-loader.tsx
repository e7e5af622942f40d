import { useRequestLoaderStore } from './request-loader-store';
import './request-loader.css';

/** A thin indeterminate bar across the top of the window. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div className="ic-request-loader" role="progressbar" aria-label={label}>
      <span className="ic-request-loader__bar" />
    </div>
  );
}

/** The global request loader (spec: session 2 / 4): shown while any request is pending. */
export function RequestLoader() {
  const busy = useRequestLoaderStore((state) => state.pending > 0);
  return busy ? <ProgressBar label="Loading data" /> : null;
}
