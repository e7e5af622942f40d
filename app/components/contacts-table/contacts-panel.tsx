import type { ReactNode } from 'react';
import './contacts-panel.css';

export interface ContactsPanelToggle {
  label: string;
  pressed: boolean;
  onClick: () => void;
}

export interface ContactsPanelProps {
  id: string;
  title: string;
  /** The contacts count line (announced politely as it changes). */
  count: ReactNode;
  /** Right of the title: the export buttons. */
  actions?: ReactNode;
  /** The collection filters (spec: dashboards 2.5 toggle filters, 4 collections). */
  toggles?: readonly ContactsPanelToggle[];
  children: ReactNode;
}

/**
 * The contacts of a selected stat card: title, count, exports, the collection toggles and
 * the table. The funnel and the conversion report show the same panel.
 */
export function ContactsPanel({
  id,
  title,
  count,
  actions,
  toggles,
  children,
}: ContactsPanelProps) {
  return (
    <section id={id} className="ic-contacts-panel" aria-labelledby={`${id}-title`}>
      <header className="ic-contacts-panel__header">
        <div>
          <h2 className="ic-contacts-panel__title" id={`${id}-title`}>
            {title}
          </h2>
          <p className="ic-contacts-panel__count" aria-live="polite">
            {count}
          </p>
        </div>
        {actions}
      </header>
      {toggles && toggles.length > 0 ? (
        <div className="ic-contacts-panel__toggles" role="group" aria-label="Show">
          {toggles.map((toggle) => (
            <button
              key={toggle.label}
              type="button"
              className="ic-contacts-panel__toggle"
              aria-pressed={toggle.pressed}
              onClick={toggle.onClick}
            >
              {toggle.label}
            </button>
          ))}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** What the panel says when a card and its filters match no contact. */
export function ContactsPanelEmpty({ children }: { children: ReactNode }) {
  return <p className="ic-contacts-panel__empty">{children}</p>;
}
