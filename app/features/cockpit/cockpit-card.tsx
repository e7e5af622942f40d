import { useId, type ReactNode } from 'react';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Icon } from '@/app/components/icon/icon';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { type CockpitModuleStatus, LOCKED_TEXT } from '@/shared/domain/cockpit-status';
import type { DataState } from '@/app/query/use-data-query';
import { StatusLight } from './status-light';
import './cockpit-card.css';

/** A card's load (spec: dashboards 4 "Cards load independently"); locked cards never load. */
export type CardLoad<T> =
  | { status: 'locked' }
  | { status: 'loading' }
  | { status: 'error'; detail?: string }
  | { status: 'loaded'; data: T };

/** A card's load from its query: locked when its module is off (spec: dashboards 2.3). */
export function cardLoadOf<T>(enabled: boolean, query: DataState<T>): CardLoad<T> {
  if (!enabled) return { status: 'locked' };
  switch (query.status) {
    case 'loaded':
      return { status: 'loaded', data: query.data as T };
    case 'error':
      return { status: 'error', detail: query.detail ?? undefined };
    default:
      return { status: 'loading' };
  }
}

/** What the screen hands every card: its state and its place in the accordion. */
export interface CockpitCardFrameProps<T> {
  status: CockpitModuleStatus;
  open: boolean;
  onToggle: () => void;
  load: CardLoad<T>;
  onRetry: () => void;
}

export interface CockpitCardProps<T> {
  title: string;
  status: CockpitModuleStatus;
  open: boolean;
  onToggle: () => void;
  load: CardLoad<T>;
  /** The card's own loading text (spec: dashboards 2.3). */
  loadingText: string;
  /** The locked card's first line (spec: dashboards 2.3). */
  lockedText: string;
  onRetry: () => void;
  /** A one-line figure shown in the header, so a closed card still tells something. */
  summary?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One collapsible cockpit card (spec: dashboards 2.3): a disclosure button with the status
 * light and title controlling a region that holds the card's loading, locked, error or
 * loaded body.
 */
export function CockpitCard<T>({
  title,
  status,
  open,
  onToggle,
  load,
  loadingText,
  lockedText,
  onRetry,
  summary,
  children,
}: CockpitCardProps<T>) {
  const id = useId();
  const buttonId = `${id}-button`;
  const regionId = `${id}-region`;
  return (
    <section className="ic-cockpit-card" data-open={open || undefined} data-status={status}>
      <h2 className="ic-cockpit-card__heading">
        <button
          id={buttonId}
          type="button"
          className="ic-cockpit-card__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={onToggle}
        >
          <span className="ic-cockpit-card__title">{title}</span>
          <span className="ic-cockpit-card__summary">
            <HeaderSummary load={load} summary={summary} />
          </span>
          <StatusLight status={status} />
          <Icon name="chevron-down" className="ic-cockpit-card__chevron" />
        </button>
      </h2>
      <div
        id={regionId}
        role="region"
        aria-labelledby={buttonId}
        aria-busy={load.status === 'loading' || undefined}
        className="ic-cockpit-card__region"
        hidden={!open}
      >
        {open ? (
          <CardBody load={load} loadingText={loadingText} lockedText={lockedText} onRetry={onRetry}>
            {children}
          </CardBody>
        ) : null}
      </div>
    </section>
  );
}

function HeaderSummary<T>({
  load,
  summary,
}: {
  load: CardLoad<T>;
  summary?: (data: T) => ReactNode;
}) {
  switch (load.status) {
    case 'loading':
      return <span className="ic-spinner ic-cockpit-card__mini-spinner" aria-hidden="true" />;
    case 'locked':
      return (
        <span className="ic-cockpit-card__locked-tag">
          <Icon name="lock" size="sm" /> Upgrade to unlock
        </span>
      );
    case 'error':
      return <span className="ic-cockpit-card__error-tag">Not available</span>;
    case 'loaded':
      return summary ? <>{summary(load.data)}</> : null;
  }
}

function CardBody<T>({
  load,
  loadingText,
  lockedText,
  onRetry,
  children,
}: {
  load: CardLoad<T>;
  loadingText: string;
  lockedText: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  switch (load.status) {
    case 'loading':
      return <LoadingBlock label={loadingText} />;
    case 'locked':
      return (
        <div className="ic-cockpit-card__locked">
          <span className="ic-cockpit-card__locked-icon">
            <Icon name="lock" size="lg" />
          </span>
          <p className="ic-cockpit-card__locked-text">{lockedText}</p>
          <p className="ic-cockpit-card__locked-hint">{LOCKED_TEXT.askSalesRep}</p>
        </div>
      );
    case 'error':
      return <ErrorView onRetry={onRetry} detail={load.detail} />;
    case 'loaded':
      return <div className="ic-cockpit-card__body">{children(load.data)}</div>;
  }
}
