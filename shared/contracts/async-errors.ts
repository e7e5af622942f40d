import { z } from 'zod';
import { idSchema, listMetaSchema, pagingQuerySchema } from './common';
import { crmRecordTypeSchema } from './call-flow';
import { asyncRecordPayloadSchema } from './call-flow-api';

// Settings > Async error resolution (issue #16; spec: dashboards 2.2 menu, 6 "async-error-
// resolution needs asynchronous lead generation"; session 7 CRM sync). The CRM writes of
// the async-records pipeline that the CRM refused, kept so that nothing is lost silently.
// docs/async-error-resolution.md has the endpoint table.

/** open: still to resolve; resolved: a retry reached the CRM; dismissed: a manager let it go. */
export const asyncFailureStatusSchema = z.enum(['open', 'resolved', 'dismissed']);
export type AsyncFailureStatus = z.infer<typeof asyncFailureStatusSchema>;

/** How the (simulated) CRM refused a write; see shared/domain/async-errors.ts. */
export const crmErrorCodeSchema = z.enum([
  'REQUIRED_FIELD_MISSING',
  'DUPLICATE_EMAIL',
  'CONTACT_NOT_FOUND',
  'CRM_UNAVAILABLE',
  // A real CRM refused the record (issue #33): its message says why, in the CRM's words.
  'CRM_REFUSED',
]);
export type CrmErrorCode = z.infer<typeof crmErrorCodeSchema>;

export const crmErrorSchema = z.object({
  code: crmErrorCodeSchema,
  /** What the CRM answered, for a person to read. */
  message: z.string().min(1).max(2000),
});
export type CrmError = z.infer<typeof crmErrorSchema>;

/** Who did something to a record (a user of the workspace or the system user). */
export const actorSchema = z.object({ id: idSchema, name: z.string() });
export type Actor = z.infer<typeof actorSchema>;

/** One refused CRM write. */
export const asyncRecordFailureSchema = z.object({
  id: idSchema,
  workspace: idSchema,
  type: crmRecordTypeSchema,
  /** The contact the record is about ("Ada Byron", else its e-mail), when it names one. */
  contactName: z.string().nullable(),
  /** The last answer of the CRM (updated by each failed retry). */
  error: crmErrorSchema,
  /** Writes tried so far, the first one included. */
  attempts: z.number().int().min(1),
  status: asyncFailureStatusSchema,
  /** When the pipeline's write first failed. */
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime(),
  /** The execution history the record came from (null once that history is gone). */
  processExecutionHistoryId: idSchema.nullable(),
  /** The re-mapped record, exactly what a retry writes. */
  payload: asyncRecordPayloadSchema,
  /** The CRM record a successful retry wrote. */
  crmRecordId: idSchema.nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: actorSchema.nullable(),
  dismissedAt: z.iso.datetime().nullable(),
  dismissedBy: actorSchema.nullable(),
});
export type AsyncRecordFailure = z.infer<typeof asyncRecordFailureSchema>;

/** GET workspaces/{id}/async-errors?status=open&page[limit]=&page[offset]= */
export const asyncFailureListQuerySchema = pagingQuerySchema.extend({
  status: asyncFailureStatusSchema.default('open'),
});
export type AsyncFailureListQuery = z.input<typeof asyncFailureListQuerySchema>;

export const asyncFailureCountsSchema = z.object({
  open: z.number().int().min(0),
  resolved: z.number().int().min(0),
  dismissed: z.number().int().min(0),
});
export type AsyncFailureCounts = z.infer<typeof asyncFailureCountsSchema>;

/** Newest first; `meta.total` counts the asked status, `meta.counts` every status. */
export const asyncFailureListResponseSchema = z.object({
  data: z.array(asyncRecordFailureSchema),
  meta: listMetaSchema.extend({ counts: asyncFailureCountsSchema }),
});
export type AsyncFailureList = z.infer<typeof asyncFailureListResponseSchema>;

/** POST .../async-errors/{failureId}/retry and .../dismiss: the record as it now is. */
export const asyncFailureResponseSchema = z.object({ data: asyncRecordFailureSchema });

/** POST workspaces/{id}/async-errors/retry-all: what the (bounded) run did. */
export const retryAllResponseSchema = z.object({
  data: z.object({
    /** Records tried in this run (at most RETRY_ALL_LIMIT, oldest first). */
    attempted: z.number().int().min(0),
    succeeded: z.number().int().min(0),
    failed: z.number().int().min(0),
    /** Open records after the run (those still failing, and those beyond the bound). */
    remaining: z.number().int().min(0),
  }),
});
export type RetryAllResult = z.infer<typeof retryAllResponseSchema>['data'];

/** GET / PUT workspaces/{id}/simulated-crm: the simulated CRM's outage switch (system only). */
export const simulatedCrmStateSchema = z.object({
  outage: z.boolean(),
  since: z.iso.datetime().nullable(),
});
export const simulatedCrmUpdateSchema = z.object({ outage: z.boolean() }).strict();
export const simulatedCrmResponseSchema = z.object({ data: simulatedCrmStateSchema });

export const asyncErrorPaths = {
  list: (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/async-errors`,
  retry: (workspaceId: string, failureId: string) =>
    `${asyncErrorPaths.list(workspaceId)}/${encodeURIComponent(failureId)}/retry`,
  dismiss: (workspaceId: string, failureId: string) =>
    `${asyncErrorPaths.list(workspaceId)}/${encodeURIComponent(failureId)}/dismiss`,
  retryAll: (workspaceId: string) => `${asyncErrorPaths.list(workspaceId)}/retry-all`,
  simulatedCrm: (workspaceId: string) =>
    `workspaces/${encodeURIComponent(workspaceId)}/simulated-crm`,
} as const;
