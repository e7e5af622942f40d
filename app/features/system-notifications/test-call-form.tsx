import { quietly } from '@/shared/api/quiet-api';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { placeTestCall } from '@/shared/api/call-tracking';
import { CTM_NOT_LINKED_STATUS } from '@/shared/contracts/call-tracking';
import type { Workspace } from '@/shared/contracts/workspace';
import { TransportError } from '@/shared/transport/transport';
import {
  EMPTY_TEST_CALL,
  MAX_LEAD_NAME,
  readTestCallDraft,
  type TestCallDraft,
} from './test-call-draft';
import { workspaceAgentsQuery } from './workspace-agents-query';

/** What the server's refusal means for the person at the form. */
function describeFailure(error: unknown): { title: string; message: string } {
  const failure = TransportError.from(error);
  const said = failure.serverMessage ?? failure.message;
  if (failure.status === CTM_NOT_LINKED_STATUS) {
    return { title: 'This agent cannot take calls', message: said };
  }
  if (failure.status === 404) return { title: 'Nobody to ring', message: said };
  return { title: 'The test call was not placed', message: said };
}

/**
 * issue #13 "Place a test call" (system users): rings the chosen agent with a simulated
 * incoming call from the lead name and phone typed here, as the call-tracking provider
 * would (POST system/test-calls → `incomingCalls::{userId}`), so the automated intake can
 * be tried without a telephone system. The server's refusals (409 an agent without a
 * call-tracking user, 404 an agent without a sign-in) are said in the form.
 */
export function TestCallForm({
  workspaces,
  workspacesLoaded,
}: {
  workspaces: readonly Workspace[];
  workspacesLoaded: boolean;
}) {
  const host = useHost();
  const scope = useQueryScope();
  const {
    draft,
    setDraft,
    errors,
    setErrors,
    formRef,
    update: setField,
    check,
  } = useCheckedDraft(EMPTY_TEST_CALL, readTestCallDraft);
  const agents = useDataQuery(
    draft.workspaceId ? workspaceAgentsQuery(scope, host.api, draft.workspaceId) : null,
  );

  const {
    submit,
    sending: placing,
    failure,
    setFailure,
  } = useDraftSubmit(check, (request) => placeTestCall(quietly(host.api), request), {
    onSent: (_answer, request) => {
      const agent = agents.data?.find((candidate) => candidate.id === request.agentId);
      host.notify(
        'success',
        `Test call placed: ${agent?.name ?? 'the agent'} is being called by ${request.leadName}.`,
      );
      // The same agent may be rung again with another caller.
      setDraft((current) => ({ ...current, leadName: '', phone: '' }));
      setErrors({});
    },
    failureOf: describeFailure,
  });

  function update<K extends keyof TestCallDraft>(key: K, value: TestCallDraft[K]) {
    // Another workspace has other agents.
    setField(key, value, key === 'workspaceId' ? { agentId: '' } : undefined);
    setFailure(null);
  }

  const agentList = agents.data ?? [];
  return (
    <Card title="Place a test call">
      <p className="ic-system-notify__intro">
        Rings an agent with a simulated incoming call, as the call-tracking service would: their
        automated intake opens with the lead name and phone typed here.
      </p>
      <form
        ref={formRef}
        className="ic-system-notify"
        aria-label="Place a test call"
        noValidate
        onSubmit={submit}
      >
        <SelectField
          label="Agent's workspace"
          required
          error={errors.workspaceId}
          value={draft.workspaceId}
          disabled={!workspacesLoaded}
          onValueChange={(value) => update('workspaceId', value)}
          placeholder={workspacesLoaded ? 'Choose a workspace' : 'Loading workspaces…'}
          options={workspaces.map((workspace) => ({
            value: workspace.id,
            label: workspace.attributes.name,
          }))}
        />
        <SelectField
          label="Agent"
          required
          help={
            agents.status === 'error'
              ? 'The agents of this workspace could not be loaded.'
              : 'The agent whose phone rings. Agents without a call-tracking user cannot take calls.'
          }
          error={errors.agentId}
          value={draft.agentId}
          disabled={!draft.workspaceId || agents.status !== 'loaded'}
          onValueChange={(value) => update('agentId', value)}
          placeholder={
            !draft.workspaceId
              ? 'Choose a workspace first'
              : agents.status === 'loaded'
                ? agentList.length > 0
                  ? 'Choose an agent'
                  : 'No agents in this workspace'
                : 'Loading agents…'
          }
          options={agentList.map((agent) => ({
            value: agent.id,
            label: (
              <>
                {agent.name}
                {agent.ctmUserId ? '' : ' (no call-tracking user)'}
                {agent.active ? '' : ' (inactive)'}
              </>
            ),
          }))}
        />
        <TextField
          label="Lead name"
          required
          error={errors.leadName}
          value={draft.leadName}
          maxLength={MAX_LEAD_NAME}
          autoComplete="off"
          onValueChange={(value) => update('leadName', value)}
        />
        <TextField
          label="Phone"
          required
          help="The caller's US number, at least 10 digits, such as (312) 555-0142."
          error={errors.phone}
          type="tel"
          inputMode="tel"
          value={draft.phone}
          autoComplete="off"
          onValueChange={(value) => update('phone', value)}
        />
        {failure ? (
          <div className="ic-system-notify__failure" role="alert">
            <p className="ic-system-notify__failure-title">{failure.title}</p>
            <p>{failure.message}</p>
          </div>
        ) : null}
        <div>
          <Button type="submit" variant="primary" disabled={placing}>
            {placing ? 'Placing the call…' : 'Place a test call'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
