import type { ReactNode } from 'react';
import './card-column.css';

/** One column of a cockpit card: its heading (the spec's capitals), its control, its body. */
export function CardColumn({
  title,
  control,
  children,
}: {
  title: string;
  control?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ic-card-column">
      <header className="ic-card-column__header">
        <h3 className="ic-card-column__title">{title}</h3>
        {control}
      </header>
      <div className="ic-card-column__body">{children}</div>
    </section>
  );
}

/** The columns of a card: four side by side on wide screens, fewer as space shrinks. */
export function CardColumns({ children }: { children: ReactNode }) {
  return (
    <div className="ic-card-columns-frame">
      <div className="ic-card-columns">{children}</div>
    </div>
  );
}
