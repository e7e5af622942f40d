import { useId, type ReactNode } from 'react';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { fieldClassNames } from '@/app/components/field/field';
import type { DataState } from '@/app/query/use-data-query';
import type { Workspace } from '@/shared/contracts/workspace';
import './workspace-picker.css';

export interface WorkspacePickerProps {
  /** The workspaces to choose from, as the screen's query answers them (already filtered). */
  workspaces: Pick<DataState<readonly Workspace[]>, 'status' | 'data' | 'detail' | 'retry'>;
  /** The chosen workspace's id; '' while none is chosen. */
  chosenId: string;
  onChange: (workspaceId: string) => void;
  /** Said in the card instead of the list when it is loaded and empty (why there is none). */
  emptyText?: ReactNode;
}

/**
 * The system user's "Workspace" card: it has no workspace of its own, so a settings or
 * report screen asks it to pick one first (Users Administration, Users Parameters, Cash
 * Flow Pipeline). Loading, error (with Try Again?) and, when `emptyText` says why,
 * empty states; the screen says what to do below it while nothing is chosen.
 */
export function WorkspacePicker({
  workspaces,
  chosenId,
  onChange,
  emptyText,
}: WorkspacePickerProps) {
  const pickerId = useId();
  const loaded = workspaces.status === 'loaded';
  const none = loaded && emptyText !== undefined && (workspaces.data ?? []).length === 0;

  return (
    <Card title="Workspace">
      {workspaces.status === 'error' ? (
        <ErrorView onRetry={workspaces.retry} detail={workspaces.detail ?? undefined} />
      ) : none ? (
        <p className="ic-workspace-picker__notice" role="status">
          {emptyText}
        </p>
      ) : (
        <div className="ic-workspace-picker">
          <label htmlFor={pickerId}>Workspace</label>
          <select
            id={pickerId}
            className={fieldClassNames.select}
            value={chosenId}
            disabled={!loaded}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">{loaded ? 'Choose a workspace' : 'Loading workspaces…'}</option>
            {(workspaces.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.attributes.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </Card>
  );
}
