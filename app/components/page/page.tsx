import { useCompact } from '@/app/host/compact';
import type { ReactNode } from 'react';
import './page.css';

export interface PageProps {
  title: ReactNode;
  /** A small label above the title: the area the page belongs to. */
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}

/** The frame of a screen: one h1, an optional description and the page body. */
export function Page({
  title,
  eyebrow,
  description,
  actions,
  narrow = false,
  children,
}: PageProps) {
  // In the CRM panel's column (app/host/compact.ts) the panel gives the margins.
  const compact = useCompact();
  const classes = ['ic-page', narrow ? 'ic-page--narrow' : '', compact ? 'ic-page--compact' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <header className="ic-page__header">
        <div>
          {eyebrow ? <p className="ic-page__eyebrow">{eyebrow}</p> : null}
          <h1 className="ic-page__title">{title}</h1>
          {description ? <p className="ic-page__description">{description}</p> : null}
        </div>
        {actions ? <div>{actions}</div> : null}
      </header>
      <div className="ic-page__body">{children}</div>
    </div>
  );
}
