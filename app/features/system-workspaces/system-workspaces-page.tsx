import { systemWorkspaceListsKey, workspacesKey } from '@/shared/query/workspace-queries';
import { Fragment, useId, useState } from 'react';
import { buttonClassName } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import {
  EditorRow,
  editorSave,
  RowEditButton,
  useRowEditor,
} from '@/app/components/row-editor/row-editor';
import { ErrorView } from '@/app/components/error-view/error-view';
import { HostLink } from '@/app/components/host-link/host-link';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TABLE_ACTIONS, TableScroll } from '@/app/components/table/table-scroll';
import { CrmConnectionPanel } from '@/app/components/crm-connection/crm-connection-panel';
import { CtmConnectionPanel } from '@/app/components/ctm-connection/ctm-connection-panel';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useRowWrite } from '@/app/query/use-mutate-and-invalidate';
import { updateWorkspaceSettings } from '@/shared/api/system-workspaces';
import type { SystemWorkspace, WorkspaceEdit } from '@/shared/contracts/system-workspaces';
import { editionLabel } from '@/shared/domain/editions';
import { isCallTrackingEnabled, usesZohoVendor } from '@/shared/domain/workspace-features';
import { CRM_LABELS, crmOf } from '@/shared/domain/workspace-wizard';
import {
  systemWorkspacesKey,
  systemWorkspacesQuery,
  timezonesQuery,
} from './system-workspaces-query';
import { WorkspaceSettingsEditor } from './workspace-settings-editor';
import { formatDisplayDateTime } from '@/shared/domain/date-range';
import './system-workspaces-page.css';

/**
 * The call-flow designer of a workspace, as a system user opens it (issue #34 "system users
 * for any workspace"): the designer's own path with ?workspace= (designer-workspace.tsx in
 * the call-flow feature; a feature does not import another, a test keeps the two equal).
 */
export function callFlowDesignerPath(workspaceId: string): string {
  return `/app/automated-intake/designer?workspace=${encodeURIComponent(workspaceId)}`;
}

export const WIZARD_PATH = '/app/system/workspace-wizard';

/** The workspace a link asks to show (the wizard's "Open in System > Workspaces"). */
function linkedWorkspaceId(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('workspace');
}

/**
 * Saves one workspace's settings (through useRowWrite): the saved workspace
 * replaces its row at once, then health and every other list of workspaces (Send
 * notification's, the pickers') are made stale. Silent: the panel shows the server's
 * reason beside its buttons.
 */
function useSaveWorkspaceSettings() {
  const { api } = useHost();
  const scope = useQueryScope();
  const { mutate } = useRowWrite(
    ({ workspaceId, edit }: { workspaceId: string; edit: WorkspaceEdit }) =>
      updateWorkspaceSettings(api, workspaceId, edit, { silent: true }),
    {
      list: systemWorkspacesKey(scope),
      isRow: (row: SystemWorkspace, saved) => row.workspace.id === saved.id,
      toRow: (saved, row) => ({ ...row, workspace: saved, crm: crmOf(saved) }),
      invalidates: () => [systemWorkspaceListsKey(scope), workspacesKey(scope)],
    },
  );
  return mutate;
}

/**
 * System > Workspaces (issue #16; spec: dashboards 2.2, 6 system only): every workspace
 * with its edition, CRM and organisation, cockpit modules, call tracking, accounting
 * vendor and a health summary; each one's settings edited in a panel under its row,
 * checked with the contract the server checks. The system user lands here (session 2).
 */
export function SystemWorkspacesPage() {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const workspaces = useDataQuery(systemWorkspacesQuery(scope, api));
  const timezones = useDataQuery(timezonesQuery(scope, api));
  const rowEditor = useRowEditor();
  const { editing } = rowEditor;
  const [highlighted] = useState(linkedWorkspaceId);
  const captionId = useId();

  const saveSettings = useSaveWorkspaceSettings();
  const save = editorSave(
    rowEditor,
    (workspaceId, edit: WorkspaceEdit) => saveSettings({ workspaceId, edit }),
    (saved) => notify('success', `Settings of ${saved.attributes.name} saved.`),
  );

  const rows = workspaces.data ?? [];

  return (
    <Page
      eyebrow="System"
      title="Workspaces"
      description="Every workspace with its edition, CRM, modules and health. Edit a workspace's settings here; create one with the workspace wizard."
      actions={
        <HostLink to={WIZARD_PATH} className={buttonClassName({ variant: 'primary' })}>
          New workspace
        </HostLink>
      }
    >
      <Card
        className="ic-system-workspaces"
        aria-busy={workspaces.status === 'loading' || undefined}
      >
        <p className="ic-system-workspaces__count" aria-live="polite">
          {workspaces.status === 'loaded'
            ? `${rows.length} ${rows.length === 1 ? 'workspace' : 'workspaces'}`
            : ''}
        </p>
        {workspaces.status === 'loading' ? <LoadingBlock label="Loading workspaces…" /> : null}
        {workspaces.status === 'error' ? (
          <ErrorView onRetry={workspaces.retry} detail={workspaces.detail ?? undefined} />
        ) : null}
        {workspaces.status === 'loaded' && rows.length === 0 ? (
          <p className="ic-system-workspaces__empty">
            There are no workspaces yet. <HostLink to={WIZARD_PATH}>Create the first one</HostLink>{' '}
            with the workspace wizard.
          </p>
        ) : null}
        {workspaces.status === 'loaded' && rows.length > 0 ? (
          <TableScroll labelledBy={captionId}>
            <table className={`${TABLE} ic-system-workspaces__table`} aria-labelledby={captionId}>
              <caption id={captionId} className="ic-system-workspaces__caption">
                Workspaces
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="ic-system-workspaces__col-name">
                    Workspace
                  </th>
                  <th scope="col" className="ic-system-workspaces__col-crm">
                    CRM
                  </th>
                  <th scope="col" className="ic-system-workspaces__col-modules">
                    Cockpit modules
                  </th>
                  <th scope="col" className="ic-system-workspaces__col-vendors">
                    Vendors
                  </th>
                  <th scope="col" className="ic-system-workspaces__col-health">
                    Health
                  </th>
                  <th scope="col" className={TABLE_ACTIONS}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const { workspace } = row;
                  const name = workspace.attributes.name;
                  const isEditing = editing === workspace.id;
                  return (
                    <Fragment key={workspace.id}>
                      <tr
                        data-editing={isEditing || undefined}
                        data-highlighted={highlighted === workspace.id || undefined}
                      >
                        <th scope="row" className="ic-system-workspaces__name">
                          {name}
                          {highlighted === workspace.id ? (
                            <span className="ic-system-workspaces__tag">New</span>
                          ) : null}
                          <span className="ic-system-workspaces__edition">
                            {editionLabel(workspace.attributes.edition)}
                          </span>
                          <span className="ic-system-workspaces__sub">
                            {workspace.id} · {workspace.attributes.timezone}
                          </span>
                          {usesZohoVendor(workspace) ? null : (
                            <HostLink
                              to={callFlowDesignerPath(workspace.id)}
                              className="ic-system-workspaces__sub ic-system-workspaces__designer"
                              aria-label={`Design the call flows of ${name}`}
                            >
                              Call flows
                            </HostLink>
                          )}
                        </th>
                        <td>
                          <CrmCell row={row} />
                        </td>
                        <td>
                          <ModulesCell row={row} />
                        </td>
                        <td>
                          <VendorsCell row={row} />
                        </td>
                        <td>
                          <HealthCell row={row} />
                        </td>
                        <td className={TABLE_ACTIONS}>
                          <RowEditButton
                            editor={rowEditor}
                            rowId={workspace.id}
                            aria-label={`Edit settings of ${name}`}
                          >
                            Edit
                          </RowEditButton>
                        </td>
                      </tr>
                      {isEditing ? (
                        <EditorRow className="ic-system-workspaces__editor-row" colSpan={6}>
                          <WorkspaceSettingsEditor
                            workspace={workspace}
                            timezones={timezones.data ?? []}
                            onSave={(edit) => save(workspace.id, edit)}
                            onCancel={() => rowEditor.close(workspace.id)}
                          />
                          <WorkspaceConnections row={row} />
                        </EditorRow>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
      </Card>
    </Page>
  );
}

/** The workspace's outside systems under its settings: call tracking, its CRM (issues #32, #33). */
function WorkspaceConnections({ row }: { row: SystemWorkspace }) {
  const { workspace } = row;
  return (
    <>
      {isCallTrackingEnabled(workspace) ? (
        <section
          className="ic-row-editor ic-system-workspaces__connection"
          aria-label={`Call tracking provider of ${workspace.attributes.name}`}
        >
          <h3 className="ic-row-editor__title">Call tracking provider</h3>
          <CtmConnectionPanel workspaceId={workspace.id} canConnect />
        </section>
      ) : null}
      {row.crm === 'zoho' ? (
        <section
          className="ic-row-editor ic-system-workspaces__connection"
          aria-label={`CRM connection of ${workspace.attributes.name}`}
        >
          <h3 className="ic-row-editor__title">CRM connection</h3>
          <CrmConnectionPanel workspaceId={workspace.id} canConnect />
        </section>
      ) : null}
    </>
  );
}

function CrmCell({ row }: { row: SystemWorkspace }) {
  const { settings } = row.workspace.attributes;
  if (row.crm === 'none')
    return <span className="ic-system-workspaces__none">{CRM_LABELS.none}</span>;
  const organisation = row.crm === 'zoho' ? settings.zohoOrgId : settings.ifsOrgHost;
  return (
    <>
      {CRM_LABELS[row.crm]}
      <span className="ic-system-workspaces__sub">
        {organisation ? `Organisation ${organisation}` : 'No organisation set'}
      </span>
    </>
  );
}

function ModulesCell({ row }: { row: SystemWorkspace }) {
  const { cockpit } = row.workspace.attributes.settings;
  if (!cockpit.enabled) return <span className="ic-system-workspaces__none">Cockpit off</span>;
  const modules = [
    cockpit.modules.salesPerformance ? 'Sales Performance' : null,
    cockpit.modules.communications ? 'Communications' : null,
    cockpit.modules.cashFlow ? 'Cash Flow' : null,
  ].filter((module): module is string => module !== null);
  return <>{modules.length > 0 ? modules.join(', ') : 'Cockpit on, no modules'}</>;
}

/** Call tracking and accounting in one cell: a label line each, so the table fits 800 px. */
function VendorsCell({ row }: { row: SystemWorkspace }) {
  const { settings, vendors } = row.workspace.attributes;
  const account = vendors.callTrackingMetrics.account;
  return (
    <div className="ic-system-workspaces__vendors">
      <span className="ic-system-workspaces__label">Call tracking</span>
      <span>
        <span>{settings.ctm ? 'On' : 'Off'}</span>
        {account ? <span className="ic-system-workspaces__sub">Account {account}</span> : null}
      </span>
      <span className="ic-system-workspaces__label">Accounting</span>
      {vendors.quickBooks ? (
        <span>QuickBooks</span>
      ) : (
        <span className="ic-system-workspaces__none">None</span>
      )}
    </div>
  );
}

function HealthCell({ row }: { row: SystemWorkspace }) {
  const { health } = row;
  const last = health.lastRecordAt ? formatDisplayDateTime(health.lastRecordAt) : 'none yet';
  const organisation =
    health.crmOrganization === 'none'
      ? null
      : health.crmOrganization === 'reachable'
        ? 'CRM organisation reachable'
        : 'CRM organisation unreachable';
  const problems = health.problems.length;
  return (
    <div className="ic-system-workspaces__health">
      <span className="ic-system-workspaces__status" data-status={health.status}>
        {health.status === 'healthy' ? 'Healthy' : 'Needs attention'}
      </span>
      <span className="ic-system-workspaces__sub">
        {health.activeUsers} of {health.users} users active · {health.activeSessions}{' '}
        {health.activeSessions === 1 ? 'session' : 'sessions'}
        {health.pendingInvitations > 0 ? ` · ${health.pendingInvitations} invited` : ''}
      </span>
      <details className="ic-system-workspaces__details">
        <summary>
          {problems > 0
            ? `Details · ${problems} ${problems === 1 ? 'problem' : 'problems'}`
            : 'Details'}
        </summary>
        <span className="ic-system-workspaces__sub">Last lead received: {last}</span>
        {organisation ? <span className="ic-system-workspaces__sub">{organisation}</span> : null}
        {health.failedAsyncRecords > 0 ? (
          <span className="ic-system-workspaces__sub">
            Failed async records: {health.failedAsyncRecords}
          </span>
        ) : null}
        {problems > 0 ? (
          <ul className="ic-system-workspaces__problems">
            {health.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </details>
    </div>
  );
}
