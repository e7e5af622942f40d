import type { ReactNode } from 'react';
import { ErrorView } from '@/app/components/error-view/error-view';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import type { DataState } from '@/app/query/use-data-query';

export interface ReportStateProps<T> {
  state: DataState<T>;
  /** The spinner's text while loading (or while the filters are read). */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/**
 * One report's states (spec: dashboards 4, 8): loading, then the error view with Try
 * Again? (with 'No Data' under it for an empty answer), or the data.
 */
export function ReportState<T>({ state, loadingLabel, children }: ReportStateProps<T>) {
  if (state.status === 'error') {
    return <ErrorView onRetry={state.retry} detail={state.detail ?? undefined} />;
  }
  if (state.status === 'loaded' && state.data !== null) return <>{children(state.data)}</>;
  return <LoadingBlock label={loadingLabel} />;
}
