import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** A heading for the card; its level follows the page outline (h2 by default). */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  as?: 'section' | 'div' | 'article';
}

export function Card({
  title,
  headingLevel = 2,
  as: Tag = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Tag className={['ic-card', className].filter(Boolean).join(' ')} {...rest}>
      {title ? <Heading className="ic-card__title">{title}</Heading> : null}
      {children}
    </Tag>
  );
}
