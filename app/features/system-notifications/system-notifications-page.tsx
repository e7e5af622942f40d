import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { TextField, TextareaField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { Page } from '@/app/components/page/page';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { sendNotification } from '@/shared/api/notifications';
import { EMPTY_DRAFT, readDraft } from './send-notification-draft';
import { TestCallForm } from './test-call-form';
import { optionLabel, UserPicker } from './user-picker';
import { workspaceUsersQuery } from '@/shared/query/settings-queries';
import { workspacesQuery } from '@/shared/query/workspace-queries';
import './system-notifications-page.css';
import { CheckField } from '@/app/components/field/field-controls';

/**
 * System area: send a notification to every user of a workspace, or to one of them
 * (issue #12). It appears behind their bell at once, or on their next connection. The
 * form is checked with the server's own contract; on a failure everything typed stays.
 */
export function SystemNotificationsPage() {
  const host = useHost();
  const scope = useQueryScope();
  const workspaces = useDataQuery(workspacesQuery(scope, host.api));
  const { draft, setDraft, errors, setErrors, formRef, update, check } = useCheckedDraft(
    EMPTY_DRAFT,
    readDraft,
  );
  const users = useDataQuery(
    // The same query as Settings → Users administration; the picker's list may be a minute old.
    draft.workspaceId
      ? { ...workspaceUsersQuery(scope, host.api, draft.workspaceId), staleTime: 60_000 }
      : null,
  );

  // No failure is shown here: the API client has shown the server's reason, and the form
  // keeps what was typed.
  const { submit, sending } = useDraftSubmit(
    check,
    (request) => sendNotification(host.api, request),
    {
      onSent: (_answer, request) => {
        const user = users.data?.find((candidate) => candidate.id === request.userId);
        const audience = !request.userId
          ? 'the workspace'
          : user
            ? optionLabel(user)
            : `user ${request.userId}`;
        host.notify('success', `Notification sent to ${audience}.`);
        setDraft({ ...EMPTY_DRAFT, workspaceId: draft.workspaceId });
        setErrors({});
      },
    },
  );

  return (
    <Page
      eyebrow="System"
      title="Send notification"
      description="Appears behind the bell of everyone in a workspace, or of one user. Users who are offline get it when they next connect."
      narrow
    >
      <Card title="Notification">
        {workspaces.status === 'error' ? (
          <ErrorView onRetry={workspaces.retry} detail={workspaces.detail ?? undefined} />
        ) : (
          <form ref={formRef} className="ic-system-notify" noValidate onSubmit={submit}>
            <Field label="Workspace" required error={errors.workspaceId}>
              {(control) => (
                <select
                  {...control}
                  className={fieldClassNames.select}
                  value={draft.workspaceId}
                  disabled={workspaces.status !== 'loaded'}
                  // Another workspace has other users.
                  onChange={(event) =>
                    update('workspaceId', event.target.value, { userId: '', userText: '' })
                  }
                >
                  <option value="">
                    {workspaces.status === 'loaded' ? 'Choose a workspace' : 'Loading workspaces…'}
                  </option>
                  {(workspaces.data ?? []).map((workspace) => (
                    <option key={workspace.id} value={workspace.id}>
                      {workspace.attributes.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="User"
              help={
                users.status === 'error'
                  ? 'The users could not be loaded: leave this empty to send to the whole workspace, or choose the workspace again.'
                  : 'Optional: search one user of the workspace by name or e-mail. Empty sends to everyone in it.'
              }
              error={errors.userId}
            >
              {(control) => (
                <UserPicker
                  control={control}
                  users={users.status === 'loaded' ? users.data : null}
                  placeholder={
                    !draft.workspaceId
                      ? 'Choose a workspace first'
                      : users.status === 'loaded'
                        ? 'Everyone in the workspace'
                        : users.status === 'error'
                          ? 'Everyone in the workspace'
                          : 'Loading users…'
                  }
                  text={draft.userText}
                  value={draft.userId}
                  onChange={({ text, userId }) => update('userId', userId, { userText: text })}
                />
              )}
            </Field>
            <TextField
              label="Title"
              required
              error={errors.title}
              value={draft.title}
              maxLength={200}
              onValueChange={(value) => update('title', value)}
            />
            <TextareaField
              label="Description"
              error={errors.description}
              value={draft.description}
              rows={4}
              maxLength={2000}
              onValueChange={(value) => update('description', value)}
            />
            <TextField
              label="Opens"
              help="Optional: the app page a click on the notification opens, such as /app/dashboards/cockpit."
              error={errors.path}
              value={draft.path}
              placeholder="/app/…"
              spellCheck={false}
              onValueChange={(value) => update('path', value)}
            />
            <CheckField
              label="Action required"
              checked={draft.actionRequired}
              onCheckedChange={(checked) => update('actionRequired', checked)}
            />
            <div>
              <Button type="submit" variant="primary" disabled={sending}>
                {sending ? 'Sending…' : 'Send notification'}
              </Button>
            </div>
          </form>
        )}
      </Card>
      {/* issue #13: system users try the intake without a telephone system. */}
      <TestCallForm
        workspaces={workspaces.data ?? []}
        workspacesLoaded={workspaces.status === 'loaded'}
      />
    </Page>
  );
}
