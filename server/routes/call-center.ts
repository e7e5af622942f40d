import type { FastifyInstance } from 'fastify';
import { registerCaseRoutes } from '../call-center/cases';
import { registerCrmSyncRoutes } from '../call-center/crm-sync';
import { registerEmailOutboxRoutes } from '../call-center/email-outbox';
import { registerErrorNotificationRoutes } from '../call-center/error-notifications';
import { registerExecutionContinuityRoutes } from '../call-center/execution-continuity';
import { registerExecutionHistoryRoutes } from '../call-center/execution-histories';
import { registerProcessDefinitionRoutes } from '../call-center/process-definitions';
import { registerProcessDesignRoutes } from '../call-center/process-designs';
import { registerProcessDraftRoutes } from '../call-center/process-drafts';
import type { ServerContext } from '../context';
import type { CrmOutbox } from '../crm/crm-outbox';
import type { CrmReads } from '../crm/crm-reads';

/** The call-centre API's base path (shared/config/api-config.ts callCenterBase). */
export const CALL_CENTER_PREFIX = '/call-center';

/**
 * The call-centre API (spec: session 7 "Call flow" and "CRM sync"; issue 11): one module
 * per concern under server/call-center/. Paths are listed in
 * shared/contracts/call-flow-api.ts callCenterPaths. Unknown paths under the prefix answer
 * the JSON 404 of the not-found handler (server/http/static-app.ts).
 */
export interface CallCenterRouteDeps {
  /** Where error reports are e-mailed (SUPPORT_EMAIL, once SMTP is configured); null: kept only. */
  errorReportsTo: string | null;
  /** Where records of workspaces connected to a real CRM go (issue #33); null in some tests. */
  crmOutbox: CrmOutbox | null;
  /** Reads of a workspace's real CRM (the ifs methods from Keap, issue #33); null in some tests. */
  crmReads: CrmReads | null;
  /** Tells the workspace's signed-in sessions to load it again (its lead-generation process changed). */
  workspaceChanged: (workspaceId: string) => void;
}

export function registerCallCenterRoutes(
  callCenter: FastifyInstance,
  ctx: ServerContext,
  deps: CallCenterRouteDeps,
): void {
  registerProcessDefinitionRoutes(callCenter, ctx);
  registerProcessDraftRoutes(callCenter, ctx);
  registerProcessDesignRoutes(callCenter, ctx, deps.workspaceChanged);
  registerCaseRoutes(callCenter, ctx);
  registerExecutionHistoryRoutes(callCenter, ctx);
  registerExecutionContinuityRoutes(callCenter, ctx);
  registerEmailOutboxRoutes(callCenter, ctx);
  registerErrorNotificationRoutes(callCenter, ctx, deps.errorReportsTo);
  registerCrmSyncRoutes(callCenter, ctx, deps.crmOutbox, deps.crmReads);
}
