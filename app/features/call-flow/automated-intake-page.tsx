import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/app/components/page/page';
import { useHost } from '@/app/host/host';
import { currentEnvironment } from '@/app/shell/env-banner/env-banner';
import { createWebStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { CallFlowWizard } from './call-flow-wizard';
import { CALL_FLOWS_PATHS, CallFlowsNav } from './call-flows-nav';
import { decodeIncomingCall, INCOMING_CALL_PARAM } from './incoming-call';
import { ProcessList } from './process-list';

let appSessionStorage: KeyValueStorage | null = null;

/** spec 3 Session state: the automated intake lives in the tab's session storage. */
function sessionStateStorage(): KeyValueStorage {
  appSessionStorage ??= createWebStorage(window.sessionStorage);
  return appSessionStorage;
}

/** Owners and admins also see the area's histories and CRM records. */
export function useIsCallFlowManager(): boolean {
  const role = useHost().session.user?.role;
  return role === 'owner' || role === 'admin';
}

/**
 * /app/automated-intake?incomingCall=<encoded payload> (spec: session 2 Automated intake
 * screen; dashboards 2.2 "automated-intake (Call Flows)"): the route reads the query string
 * and hands the wizard its call and its navigation. With no call in progress it is the
 * Call Flows area's home: how a call starts, and the processes to start one by hand.
 */
export function AutomatedIntakePage() {
  const [params] = useSearchParams();
  const routerNavigate = useNavigate();
  const manager = useIsCallFlowManager();
  const encoded = params.get(INCOMING_CALL_PARAM);
  const decoded = useMemo(() => (encoded ? decodeIncomingCall(encoded) : null), [encoded]);
  // Once taken up, the payload leaves the address: a reload resumes from session storage
  // and the browser's Back never starts the same call twice.
  const onCallTaken = useCallback(
    () => void routerNavigate(CALL_FLOWS_PATHS.home, { replace: true }),
    [routerNavigate],
  );
  const onFinished = useCallback(() => void routerNavigate('/app'), [routerNavigate]);

  return (
    <Page
      eyebrow="Call Flows"
      title="Automated intake"
      description="A scripted intake, step by step, while the caller is on the line."
    >
      {manager ? <CallFlowsNav current={CALL_FLOWS_PATHS.home} /> : null}
      <CallFlowWizard
        incomingCall={decoded?.ok ? decoded.payload : null}
        incomingCallError={decoded && !decoded.ok ? decoded.message : null}
        stateStorage={sessionStateStorage()}
        environment={currentEnvironment() ?? 'production'}
        onCallTaken={onCallTaken}
        onFinished={onFinished}
        idleContent={<ProcessList />}
      />
    </Page>
  );
}
