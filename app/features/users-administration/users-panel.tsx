import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { ErrorView } from '@/app/components/error-view/error-view';
import { fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import { SortableHeader } from '@/app/components/sortable-header/sortable-header';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TABLE_CAPTION, TableScroll } from '@/app/components/table/table-scroll';
import { useHost } from '@/app/host/host';
import { resendInvitation, updateWorkspaceUser } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import type { Workspace } from '@/shared/contracts/workspace';
import type { AdminActor } from '@/shared/domain/user-administration';
import { toggleSort, type SortState } from '@/shared/domain/sorting';
import { isCallTrackingEnabled, isZohoWorkspace } from '@/shared/domain/workspace-features';
import { ChangeRoleDialog } from './change-role-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { LinkUserDialog } from './link-user-dialog';
import { useWorkspaceUserWrite, useWorkspaceUsers } from './use-workspace-users';
import {
  DEFAULT_USER_SORT,
  filterUsers,
  fullName,
  invitableRoles,
  missingLinks,
  ROLE_LABELS,
  rowActions,
  sortUsers,
  STATUS_LABELS,
  userStatus,
  type LinkFeatures,
  type StatusFilter,
  type UserSortKey,
} from './user-list-model';

type OpenDialog =
  | { kind: 'invite' }
  | { kind: 'role'; user: WorkspaceUser }
  | { kind: 'link'; user: WorkspaceUser }
  | null;

export const NOT_LINKED_TEXT = 'Not linked';

/** Row actions are compact buttons so that the whole table fits its card. */
const ACTION_CLASS = 'ic-users-admin__action';

/** The users of one workspace: filters, the table, and every action on a user. */
export function UsersPanel({ workspace, actor }: { workspace: Workspace; actor: AdminActor }) {
  const host = useHost();
  const { load, retry } = useWorkspaceUsers(workspace.id);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortState<UserSortKey>>(DEFAULT_USER_SORT);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { busy, tableRef, changeStatus, resend } = useUserStatusActions(workspace.id);
  const summaryId = useId();
  const features: LinkFeatures = {
    crm: isZohoWorkspace(workspace),
    callTracking: isCallTrackingEnabled(workspace),
  };
  const inviteRoles = invitableRoles(actor);
  const users = load.status === 'loaded' ? load.data : [];
  const shown = sortUsers(filterUsers(users, text, status), sort);
  const unlinked = users.filter(
    (user) => user.status === 'active' && missingLinks(user, features).length > 0,
  );

  const onSort = (key: UserSortKey) => setSort((current) => toggleSort(current, key));

  return (
    <Card
      className="ic-users-admin"
      title={`Users of ${workspace.attributes.name}`}
      aria-describedby={unlinked.length > 0 ? summaryId : undefined}
    >
      <div className="ic-users-admin__toolbar">
        <UserFilters text={text} onText={setText} status={status} onStatus={setStatus} />
        {inviteRoles.length > 0 ? (
          <Button
            variant="primary"
            disabled={load.status !== 'loaded'}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            Invite user
          </Button>
        ) : null}
      </div>

      {unlinked.length > 0 ? <UnlinkedWarning id={summaryId} count={unlinked.length} /> : null}

      {load.status === 'loading' ? (
        <LoadingBlock label="Loading users…" />
      ) : load.status === 'error' ? (
        <ErrorView onRetry={retry} />
      ) : (
        <>
          <p className="ic-users-admin__count" role="status" aria-live="polite">
            {shown.length === users.length
              ? `${users.length} ${users.length === 1 ? 'user' : 'users'}`
              : `${shown.length} of ${users.length} users`}
          </p>
          {users.length === 0 ? (
            <p className="ic-users-admin__empty">
              No users yet. Invite the first one with Invite user.
            </p>
          ) : shown.length === 0 ? (
            <p className="ic-users-admin__empty">No users match the search and status.</p>
          ) : (
            <UsersTable
              workspaceName={workspace.attributes.name}
              users={users}
              shown={shown}
              actor={actor}
              features={features}
              sort={sort}
              onSort={onSort}
              busyId={busy}
              tableRef={tableRef}
              onDialog={setDialog}
              onStatus={(user, next) => void changeStatus(user, next)}
              onResend={(user) => void resend(user)}
            />
          )}
        </>
      )}

      {dialog?.kind === 'invite' ? (
        <InviteUserDialog
          workspaceId={workspace.id}
          workspaceName={workspace.attributes.name}
          roles={inviteRoles}
          onClose={() => setDialog(null)}
          onInvited={(user) => {
            setDialog(null);
            host.notify(
              'success',
              `Invitation sent: the e-mail to ${user.email} with their link is in the outbox.`,
            );
          }}
        />
      ) : null}
      {dialog?.kind === 'role' ? (
        <ChangeRoleDialog
          workspaceId={workspace.id}
          user={dialog.user}
          roles={rowActions(actor, dialog.user, users, features).roles}
          onClose={() => setDialog(null)}
          onChanged={(user) => {
            setDialog(null);
            host.notify('success', `${fullName(user)} is now ${ROLE_LABELS[user.role]}.`);
          }}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <LinkUserDialog
          workspaceId={workspace.id}
          user={dialog.user}
          users={users}
          features={features}
          onClose={() => setDialog(null)}
          onLinked={(user) => {
            setDialog(null);
            host.notify('success', `Links of ${fullName(user)} saved.`);
          }}
        />
      ) : null}
    </Card>
  );
}

/** Deactivate, Reactivate and Resend invitation: the row being written, and the writes. */
function useUserStatusActions(workspaceId: string) {
  const host = useHost();
  const confirm = useConfirm();
  const writeUser = useWorkspaceUserWrite(workspaceId);
  const [busy, setBusy] = useState<string | null>(null);
  // After Deactivate / Reactivate the button pressed is gone: focus its replacement.
  const [focusAction, setFocusAction] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusAction) return;
    tableRef.current?.querySelector<HTMLElement>(`[data-action="${focusAction}"]`)?.focus();
    setFocusAction(null);
  }, [focusAction]);

  async function changeStatus(user: WorkspaceUser, next: 'active' | 'inactive') {
    const name = fullName(user);
    const answer = await confirm(
      next === 'inactive'
        ? {
            icon: 'warning',
            title: `Deactivate ${name}?`,
            subtitle: `${name} can no longer sign in, and their open sessions end at once.`,
            submitText: 'Deactivate',
            submitColor: 'danger',
          }
        : {
            icon: 'question',
            title: `Reactivate ${name}?`,
            subtitle: `${name} can sign in again with their password.`,
            submitText: 'Reactivate',
          },
    );
    if (answer !== 1) return;
    setBusy(user.id);
    try {
      await writeUser.mutate(() =>
        updateWorkspaceUser(host.api, workspaceId, user.id, { status: next }),
      );
      setFocusAction(`${next === 'inactive' ? 'reactivate' : 'deactivate'}-${user.id}`);
      host.notify(
        'success',
        next === 'inactive'
          ? `${name} is deactivated: their open sessions have ended.`
          : `${name} is active again.`,
      );
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  }

  async function resend(user: WorkspaceUser) {
    setBusy(user.id);
    try {
      await writeUser.mutate(() => resendInvitation(host.api, workspaceId, user.id));
      host.notify(
        'success',
        `A new invitation e-mail to ${user.email} is in the outbox. The earlier link no longer works.`,
      );
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(null);
    }
  }

  return { busy, tableRef, changeStatus, resend };
}

/** The search box and the status filter over the users' table. */
function UserFilters({
  text,
  onText,
  status,
  onStatus,
}: {
  text: string;
  onText: (text: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  const searchId = useId();
  const statusId = useId();
  return (
    <div className="ic-users-admin__filters">
      <div className="ic-users-admin__filter">
        <label htmlFor={searchId}>Search users</label>
        <input
          id={searchId}
          type="search"
          className={fieldClassNames.input}
          placeholder="Name, e-mail, role…"
          value={text}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      <div className="ic-users-admin__filter">
        <label htmlFor={statusId}>Status</label>
        <select
          id={statusId}
          className={fieldClassNames.select}
          value={status}
          onChange={(event) => onStatus(event.target.value as StatusFilter)}
        >
          <option value="all">All statuses</option>
          <option value="active">{STATUS_LABELS.active}</option>
          <option value="inactive">{STATUS_LABELS.inactive}</option>
          <option value="pending">{STATUS_LABELS.pending}</option>
        </select>
      </div>
    </div>
  );
}

/** How many active operators miss a link, and what that breaks. */
function UnlinkedWarning({ id, count }: { id: string; count: number }) {
  return (
    <p className="ic-users-admin__warning" id={id}>
      <Icon name="warning" size="sm" />
      <span>
        {count === 1 ? '1 operator is missing a link' : `${count} operators are missing a link`}:
        without a call-tracking user their calls answer &ldquo;Uh oh!&rdquo;, without a Zoho user
        their reports say &ldquo;Agent not linked to Zoho User&rdquo;. Use Link on their row.
      </span>
    </p>
  );
}

interface UsersTableProps {
  workspaceName: string;
  /** Every user of the workspace (the row actions depend on the others). */
  users: WorkspaceUser[];
  /** The users the filters keep, sorted. */
  shown: WorkspaceUser[];
  actor: AdminActor;
  features: LinkFeatures;
  sort: SortState<UserSortKey>;
  onSort: (key: UserSortKey) => void;
  /** The user whose write is under way. */
  busyId: string | null;
  tableRef: RefObject<HTMLDivElement | null>;
  onDialog: (dialog: OpenDialog) => void;
  onStatus: (user: WorkspaceUser, next: 'active' | 'inactive') => void;
  onResend: (user: WorkspaceUser) => void;
}

/** The users' table: sortable columns, one row per user with its actions. */
function UsersTable({
  workspaceName,
  users,
  shown,
  actor,
  features,
  sort,
  onSort,
  busyId,
  tableRef,
  onDialog,
  onStatus,
  onResend,
}: UsersTableProps) {
  return (
    <TableScroll
      className="ic-users-admin__scroll"
      label={`Users of ${workspaceName}`}
      ref={tableRef}
    >
      <table className={`${TABLE} ic-users-admin__table`}>
        <caption className={TABLE_CAPTION}>Users of {workspaceName}</caption>
        <thead>
          <tr>
            <SortableHeader column="name" sort={sort} onSort={onSort}>
              Name
            </SortableHeader>
            <SortableHeader column="username" sort={sort} onSort={onSort}>
              Username
            </SortableHeader>
            <SortableHeader column="role" sort={sort} onSort={onSort}>
              Role
            </SortableHeader>
            <SortableHeader column="status" sort={sort} onSort={onSort}>
              Status
            </SortableHeader>
            {features.crm ? (
              <SortableHeader column="crmUser" sort={sort} onSort={onSort}>
                Zoho user
              </SortableHeader>
            ) : null}
            {features.callTracking ? (
              <SortableHeader column="ctmUser" sort={sort} onSort={onSort}>
                Call-tracking user
              </SortableHeader>
            ) : null}
            <th scope="col" className="ic-users-admin__actions-head">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              self={user.id === actor.userId}
              features={features}
              actions={rowActions(actor, user, users, features)}
              busy={busyId === user.id}
              onRole={() => onDialog({ kind: 'role', user })}
              onLink={() => onDialog({ kind: 'link', user })}
              onStatus={(next) => onStatus(user, next)}
              onResend={() => onResend(user)}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

interface UserRowProps {
  user: WorkspaceUser;
  self: boolean;
  features: LinkFeatures;
  actions: ReturnType<typeof rowActions>;
  busy: boolean;
  onRole: () => void;
  onLink: () => void;
  onStatus: (next: 'active' | 'inactive') => void;
  onResend: () => void;
}

function UserRow({
  user,
  self,
  features,
  actions,
  busy,
  onRole,
  onLink,
  onStatus,
  onResend,
}: UserRowProps) {
  const name = fullName(user);
  const state = userStatus(user);
  const missing = missingLinks(user, features);
  const expired = user.pending && user.invitation?.expired === true;
  return (
    <tr>
      <th scope="row" className="ic-users-admin__name">
        {name}
        {self ? <span className="ic-users-admin__you"> (you)</span> : null}
      </th>
      <td className="ic-users-admin__username" title={user.username}>
        <Username value={user.username} />
      </td>
      <td>{ROLE_LABELS[user.role]}</td>
      <td>
        <span className={`ic-users-admin__status ic-users-admin__status--${state}`}>
          {STATUS_LABELS[state]}
        </span>
        {expired ? <span className="ic-users-admin__note"> Invitation expired</span> : null}
      </td>
      {features.crm ? (
        <td>
          <LinkCell
            name={user.agent?.crmUserName ?? user.agent?.crmUserId ?? null}
            missing={missing.includes('crm')}
          />
        </td>
      ) : null}
      {features.callTracking ? (
        <td>
          <LinkCell
            name={user.agent?.ctmUserName ?? user.agent?.ctmUserId ?? null}
            missing={missing.includes('callTracking')}
          />
        </td>
      ) : null}
      <td className="ic-users-admin__actions-cell">
        <div className="ic-users-admin__actions">
          {actions.roles.length > 0 ? (
            <Button
              className={ACTION_CLASS}
              disabled={busy}
              aria-label={`Change role of ${name}`}
              onClick={onRole}
            >
              Change role
            </Button>
          ) : null}
          {actions.link ? (
            <Button
              className={ACTION_CLASS}
              disabled={busy}
              aria-label={`Link ${name}`}
              onClick={onLink}
            >
              Link
            </Button>
          ) : null}
          {actions.resendInvitation ? (
            <Button
              className={ACTION_CLASS}
              disabled={busy}
              aria-label={`Resend invitation to ${name}`}
              onClick={onResend}
            >
              Resend invitation
            </Button>
          ) : null}
          {actions.deactivate ? (
            <Button
              className={ACTION_CLASS}
              variant="danger"
              disabled={busy}
              aria-label={`Deactivate ${name}`}
              data-action={`deactivate-${user.id}`}
              onClick={() => onStatus('inactive')}
            >
              Deactivate
            </Button>
          ) : null}
          {actions.reactivate ? (
            <Button
              className={ACTION_CLASS}
              disabled={busy}
              aria-label={`Reactivate ${name}`}
              data-action={`reactivate-${user.id}`}
              onClick={() => onStatus('active')}
            >
              Reactivate
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** A linked user's name, or the warning badge for an operator without one. */
function LinkCell({ name, missing }: { name: string | null; missing: boolean }) {
  if (name) return <span>{name}</span>;
  if (!missing) return <span className="ic-users-admin__none">—</span>;
  return (
    <span className="ic-users-admin__badge">
      <Icon name="warning" size="sm" />
      {NOT_LINKED_TEXT}
    </span>
  );
}

/** A username (usually an e-mail) that may wrap before its "@" rather than mid-word. */
function Username({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at <= 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}
