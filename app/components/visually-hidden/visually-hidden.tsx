import type { ReactNode } from 'react';
import './visually-hidden.css';

/** Text for assistive technology only (labels of icon buttons, context for counts). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="ic-visually-hidden">{children}</span>;
}
