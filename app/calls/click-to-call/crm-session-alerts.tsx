import { useState } from 'react';
import { useHost } from '@/app/host/host';
import { agentNotLinkedToZoho, crmNeedsAuthorization } from '@/shared/domain/click-to-call';
import { AgentNotLinkedToZohoAlert, CrmNotAuthorizedAlert } from './call-alerts';
import './click-to-call.css';

/**
 * spec: session 6, 8 — the CRM alerts of a session: "CRM connection not authorized…"
 * when the workspace's CRM vendor waits for authorization, then "Agent not linked to Zoho
 * User" for an agent of a Zoho workspace without one. Each shows once per mount (mount it
 * once per signed-in session) and closes with its button or Escape.
 */
export function CrmSessionAlerts() {
  const { session } = useHost();
  const [seen, setSeen] = useState<ReadonlySet<string>>(new Set());
  const close = (key: string) => setSeen((before) => new Set(before).add(key));

  if (crmNeedsAuthorization(session.workspace) && !seen.has('crm')) {
    return <CrmNotAuthorizedAlert onClose={() => close('crm')} />;
  }
  if (agentNotLinkedToZoho(session.workspace, session.agent) && !seen.has('zoho')) {
    return <AgentNotLinkedToZohoAlert onClose={() => close('zoho')} />;
  }
  return null;
}
