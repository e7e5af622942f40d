import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TableScroll } from '@/app/components/table/table-scroll';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useLookup } from '@/app/query/use-lookup';
import { readProcessFile } from '@/shared/call-flow/process-file';
import type { ProcessDesign, ProcessDesignStatus } from '@/shared/contracts/call-flow-api';
import { formatWhen } from '../history-format';
import { CALL_FLOWS_PATHS, CallFlowsNav } from '../call-flows-nav';
import { processDesignsQuery } from './designer-queries';
import { LeadGenerationSetting } from './lead-generation-setting';
import { NewProcessDialog } from './new-process-dialog';
import { useDesignerActions } from './use-designer-actions';
import { useDesignerWorkspace } from './designer-workspace';
import '../call-flows-area.css';
import './designer-list-page.css';
import '@/app/components/visually-hidden/visually-hidden.css';

export const DESIGN_STATUS_LABELS: Record<ProcessDesignStatus, string> = {
  published: 'Published',
  unpublished: 'Not published yet',
  archived: 'Archived',
};

/**
 * The call-flow designer's list (issue #34): the workspace's processes with their practice
 * area, status, version and last edit, and what an owner does with a whole process: create,
 * duplicate, import and export (JSON), archive and bring back. Each opens in the editor.
 */
export function DesignerListPage() {
  const { api, navigate } = useHost();
  const { workspace, system, pathTo, picker } = useDesignerWorkspace();
  const workspaceId = workspace?.id ?? '';
  const scope = useQueryScope();
  const designs = useDataQuery(workspace ? processDesignsQuery(scope, api, workspace.id) : null);
  const rows = useMemo(() => designs.data ?? [], [designs.data]);
  const actions = useDesignerActions(workspaceId, rows);
  const practiceAreas = useLookup('practiceAreas', true, workspace?.id);
  const areaName = useMemo(
    () => new Map(practiceAreas.items.map((area) => [area.id, area.name])),
    [practiceAreas.items],
  );
  const leadGenerationId = workspace?.attributes.processes.leadGeneration?.id ?? null;
  const [creating, setCreating] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const timeZone = workspace?.attributes.timezone;

  const archivedCount = rows.filter((row) => row.status === 'archived').length;
  const shown = showArchived ? rows : rows.filter((row) => row.status !== 'archived');
  const open = (uid: string) => navigate(pathTo(CALL_FLOWS_PATHS.designerProcess(uid)));

  const { problem, run, onFile, toggleArchive } = useListHandlers(actions, open);

  return (
    <Page
      eyebrow="Call Flows"
      title="Designer"
      description="Write, test and publish your call flows. A call keeps the version it started with."
      actions={
        <div className="ic-designer-list__actions">
          <Button onClick={() => fileInput.current?.click()} disabled={!workspace}>
            Import…
          </Button>
          <Button variant="primary" onClick={() => setCreating(true)} disabled={!designs.data}>
            New process
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            className="ic-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void onFile(event)}
          />
        </div>
      }
    >
      {/* A system user has only the designer of Call Flows: the picker, not the sections. */}
      {system ? picker : <CallFlowsNav current={CALL_FLOWS_PATHS.designer} />}
      <FormFailure message={problem} />
      {system && !workspace ? (
        <p className="ic-call-flows-area__empty">Choose a workspace to design its call flows.</p>
      ) : null}
      {workspace ? (
        <Card aria-busy={designs.status === 'loading' || actions.busy || undefined}>
          {designs.status === 'loading' && !designs.data ? (
            <LoadingBlock label="Loading the processes…" />
          ) : null}
          {designs.status === 'error' ? (
            <ErrorView onRetry={designs.retry} detail={designs.detail ?? undefined} />
          ) : null}
          {designs.data && rows.length === 0 ? (
            <p className="ic-call-flows-area__empty">
              This workspace has no call flow yet. Start one with New process, or import one
              exported from another workspace.
            </p>
          ) : null}
          {shown.length > 0 ? (
            <TableScroll label="Processes">
              <table className={`${TABLE} ic-call-flows-area__table`}>
                <caption className="ic-visually-hidden">Processes of this workspace</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Practice area</th>
                    <th scope="col">Status</th>
                    <th scope="col">Version</th>
                    <th scope="col">Last edited</th>
                    <th scope="col">
                      <span className="ic-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((design) => (
                    <DesignRow
                      key={design.id}
                      design={design}
                      href={pathTo(CALL_FLOWS_PATHS.designerProcess(design.id))}
                      areaName={areaName}
                      leadGenerationId={leadGenerationId}
                      timeZone={timeZone}
                      busy={actions.busy}
                      onDuplicate={() =>
                        void run(`${design.name} was not duplicated`, async () =>
                          open(await actions.duplicate(design)),
                        )
                      }
                      onExport={() =>
                        void run(`${design.name} was not exported`, () =>
                          actions.exportFile(design),
                        )
                      }
                      onToggleArchive={() =>
                        void toggleArchive(design, design.id === leadGenerationId)
                      }
                    />
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          {designs.data && workspace ? (
            <LeadGenerationSetting
              workspaceId={workspace.id}
              current={leadGenerationId ?? ''}
              designs={rows}
            />
          ) : null}
          {archivedCount > 0 ? (
            <label className="ic-designer-list__archived">
              <input
                type="checkbox"
                checked={showArchived}
                onChange={(event) => setShowArchived(event.target.checked)}
              />{' '}
              Show archived processes ({archivedCount})
            </label>
          ) : null}
        </Card>
      ) : null}
      {creating && workspace ? (
        <NewProcessDialog
          workspaceId={workspace.id}
          designs={rows}
          onCreate={actions.create}
          onCreated={(uid) => {
            setCreating(false);
            open(uid);
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Page>
  );
}

/** One process of the list: its name and what it is, and what can be done with it. */
function DesignRow({
  design,
  href,
  areaName,
  leadGenerationId,
  timeZone,
  busy,
  onDuplicate,
  onExport,
  onToggleArchive,
}: {
  design: ProcessDesign;
  /** Its editor's path (a system user's carries the workspace). */
  href: string;
  areaName: ReadonlyMap<string, string>;
  leadGenerationId: string | null;
  timeZone: string | undefined;
  busy: boolean;
  onDuplicate: () => void;
  onExport: () => void;
  onToggleArchive: () => void;
}) {
  return (
    <tr>
      <td>
        <HostLink to={href}>{design.name}</HostLink>
        {design.id === leadGenerationId ? (
          <span className="ic-designer-list__note">Runs incoming calls that name no process</span>
        ) : null}
      </td>
      <td>{design.practiceAreaId ? (areaName.get(design.practiceAreaId) ?? '—') : 'None'}</td>
      <td>
        <span className={`ic-call-flows-area__status ic-designer-list__status--${design.status}`}>
          {DESIGN_STATUS_LABELS[design.status]}
        </span>
        {design.status !== 'unpublished' && design.draftRevision !== null ? (
          <span className="ic-designer-list__note">Changes not published</span>
        ) : null}
      </td>
      <td>{design.version === null ? '—' : `Version ${design.version}`}</td>
      <td>
        <span className="ic-call-flows-area__line">{formatWhen(design.editedAt, timeZone)}</span>
        <span className="ic-designer-list__note">{design.editedBy ?? 'Intake Cockpit'}</span>
      </td>
      <td>
        <div className="ic-designer-list__row-actions">
          <Button
            variant="ghost"
            aria-label={`Duplicate ${design.name}`}
            disabled={busy}
            onClick={onDuplicate}
          >
            Duplicate
          </Button>
          <Button variant="ghost" aria-label={`Export ${design.name}`} onClick={onExport}>
            Export
          </Button>
          {design.status !== 'unpublished' ? (
            <Button
              variant="ghost"
              aria-label={`${design.status === 'archived' ? 'Bring back' : 'Archive'} ${design.name}`}
              disabled={busy}
              // Offered, not hidden: pressed, it says why it cannot be archived yet.
              aria-disabled={design.id === leadGenerationId || undefined}
              onClick={onToggleArchive}
            >
              {design.status === 'archived' ? 'Bring back' : 'Archive'}
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * What the list's buttons do beyond a write: a failure said above the list (nothing else
 * changes), a chosen file read before it is imported, archiving confirmed first.
 */
function useListHandlers(
  actions: ReturnType<typeof useDesignerActions>,
  open: (uid: string) => void,
) {
  const confirm = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (what: string, work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(`${what}: ${error instanceof Error ? error.message : 'try again.'}`);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again is a new choice.
    event.target.value = '';
    if (!file) return;
    const reading = readProcessFile(await file.text(), file.name);
    if (!reading.ok) {
      setProblem(reading.message);
      return;
    }
    await run(`${file.name} was not imported`, async () =>
      open(await actions.importFile(reading.definition, reading.name)),
    );
  };

  const toggleArchive = async (design: ProcessDesign, runsIncomingCalls: boolean) => {
    const archiving = design.status !== 'archived';
    if (archiving && runsIncomingCalls) {
      // The server refuses it too; said here at once, with what to do instead.
      setProblem(
        `${design.name} runs incoming calls that name no process: choose another process for them below before archiving it.`,
      );
      return;
    }
    if (archiving) {
      const answer = await confirm({
        icon: 'warning',
        title: `Archive ${design.name}?`,
        body: 'No new call starts it. Calls in progress finish on their version, and its histories stay. You can bring it back at any time.',
        cancelText: 'Keep it',
        submitText: 'Archive',
        submitColor: 'danger',
      });
      if (answer !== 1) return;
    }
    await run(`${design.name} was not ${archiving ? 'archived' : 'brought back'}`, () =>
      actions.setArchived({ uid: design.id, archived: archiving }),
    );
  };

  return { problem, run, onFile, toggleArchive };
}
