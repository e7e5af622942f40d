import { useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { useHost } from '@/app/host/host';
import type { LookupItem } from '@/shared/api/lookups';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { linkListQuery } from '@/shared/query/settings-queries';
import { saveUserLinks } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { FormDialog } from '@/app/components/form-dialog/form-dialog';
import { quietly, refusalMessage } from '@/shared/api/quiet-api';
import { fullName, type LinkFeatures } from './user-list-model';
import { useWorkspaceUserWrite } from './use-workspace-users';
import { FormFailure } from '@/app/components/form-failure/form-failure';

type ListLoad<T> = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; items: T[] };

/** One lookup list for the dialog (asked when it opens, not cached: see linkListQuery). */
function useLinkList<K extends 'zohoUsers' | 'ctmUsers'>(
  enabled: boolean,
  name: K,
  workspaceId: string,
): [ListLoad<LookupItem<K>>, () => void] {
  const { api } = useHost();
  const scope = useQueryScope();
  const query = useDataQuery(enabled ? linkListQuery(scope, api, name, workspaceId) : null);
  const state: ListLoad<LookupItem<K>> =
    query.status === 'loaded' && query.data
      ? { status: 'loaded', items: query.data }
      : query.status === 'error'
        ? { status: 'error' }
        : { status: 'loading' };
  return [state, query.retry];
}

export interface LinkUserDialogProps {
  workspaceId: string;
  user: WorkspaceUser;
  /** Every user of the workspace: whose call-tracking user is already taken. */
  users: readonly WorkspaceUser[];
  features: LinkFeatures;
  onLinked: (user: WorkspaceUser) => void;
  onClose: () => void;
}

/**
 * "Link" (PUT workspaces/{id}/users/{userId}/links): the agent's Zoho user (GET
 * crm/zoho/users, Zoho workspaces) and call-tracking user (GET voip/providers/ctm/users,
 * workspaces with call tracking). Without them the agent's reports say "Agent not linked
 * to Zoho User" and their calls answer 'Uh oh!'. A call-tracking user linked to another
 * agent cannot be chosen (the server refuses it with 409 too).
 */
export function LinkUserDialog({
  workspaceId,
  user,
  users,
  features,
  onLinked,
  onClose,
}: LinkUserDialogProps) {
  const host = useHost();
  const name = fullName(user);
  const [crmUsers, retryCrm] = useLinkList(features.crm, 'zohoUsers', workspaceId);
  const [ctmUsers, retryCtm] = useLinkList(features.callTracking, 'ctmUsers', workspaceId);
  const writeUser = useWorkspaceUserWrite(workspaceId);
  const [crmUserId, setCrmUserId] = useState(user.agent?.crmUserId ?? '');
  const [ctmUserId, setCtmUserId] = useState(user.agent?.ctmUserId ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const takenBy = new Map(
    users
      .filter((other) => other.id !== user.id && other.agent?.ctmUserId)
      .map((other) => [other.agent!.ctmUserId!, fullName(other)] as const),
  );
  const listsReady =
    (!features.crm || crmUsers.status === 'loaded') &&
    (!features.callTracking || ctmUsers.status === 'loaded');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !listsReady) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await writeUser.mutate(() =>
        saveUserLinks(quietly(host.api), workspaceId, user.id, {
          // A link this workspace does not use is kept as it is.
          crmUserId: features.crm ? crmUserId || null : (user.agent?.crmUserId ?? null),
          ctmUserId: features.callTracking ? ctmUserId || null : (user.agent?.ctmUserId ?? null),
        }),
      );
      onLinked(saved);
    } catch (error) {
      setFailure(refusalMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title={`Link ${name}`}
      description="The CRM and call-tracking users this agent works as: reports and calls are matched by them."
      onClose={onClose}
    >
      <form
        className="ic-form-dialog__form"
        aria-label="Link"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {features.crm ? (
          <Field
            label="Zoho user"
            help={
              crmUsers.status === 'error'
                ? 'The Zoho users could not be loaded.'
                : 'Without it, their reports say "Agent not linked to Zoho User".'
            }
          >
            {(control) => (
              <select
                {...control}
                className={fieldClassNames.select}
                value={crmUserId}
                disabled={crmUsers.status !== 'loaded'}
                onChange={(event) => {
                  setCrmUserId(event.target.value);
                  setFailure(null);
                }}
              >
                <option value="">
                  {crmUsers.status === 'loading' ? 'Loading Zoho users…' : 'Not linked'}
                </option>
                {crmUsers.status === 'loaded'
                  ? crmUsers.items.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name} ({item.email})
                      </option>
                    ))
                  : null}
              </select>
            )}
          </Field>
        ) : null}
        {crmUsers.status === 'error' && features.crm ? (
          <div>
            <Button onClick={retryCrm}>Load the Zoho users again</Button>
          </div>
        ) : null}
        {features.callTracking ? (
          <Field
            label="Call-tracking user"
            help={
              ctmUsers.status === 'error'
                ? 'The call-tracking users could not be loaded.'
                : 'Without it, their calls cannot start ("Uh oh!").'
            }
          >
            {(control) => (
              <select
                {...control}
                className={fieldClassNames.select}
                value={ctmUserId}
                disabled={ctmUsers.status !== 'loaded'}
                onChange={(event) => {
                  setCtmUserId(event.target.value);
                  setFailure(null);
                }}
              >
                <option value="">
                  {ctmUsers.status === 'loading' ? 'Loading call-tracking users…' : 'Not linked'}
                </option>
                {ctmUsers.status === 'loaded'
                  ? ctmUsers.items.map((item) => {
                      const taken = takenBy.get(item.id);
                      return (
                        <option key={item.id} value={item.id} disabled={Boolean(taken)}>
                          {`${item.first_name} ${item.last_name} (${item.email})`}
                          {taken ? ` — linked to ${taken}` : ''}
                        </option>
                      );
                    })
                  : null}
              </select>
            )}
          </Field>
        ) : null}
        {ctmUsers.status === 'error' && features.callTracking ? (
          <div>
            <Button onClick={retryCtm}>Load the call-tracking users again</Button>
          </div>
        ) : null}
        <FormFailure message={failure} />
        <div className="ic-form-dialog__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={saving || !listsReady}>
            {saving ? 'Saving…' : 'Save links'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
