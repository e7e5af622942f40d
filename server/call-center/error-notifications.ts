import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorNotificationRequestSchema } from '@/shared/contracts/call-flow';
import {
  callCenterAckSchema,
  errorNotificationListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR } from '@/shared/domain/intake-limits';
import type { ServerContext } from '../context';
import { serializeOn } from '../db/serialize';
import { parseInput, respondWith } from '../http/validate';
import { escapeHtml } from '@/shared/call-flow/expression';
import { systemOutboxPage } from './system-outbox-page';
import { assertHourlyVolume } from './volume-limits';

// spec: session 7 Call flow — POST error-notification with subject and body (spec 8: the
// call-flow error e-mail, sent once per session). Stored in error_notifications, which
// system users read (GET error-notification). Issue #29: at most
// MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR per user (429 with Retry-After); the client
// sends one per signed-in session.

/**
 * @param errorReportsTo SUPPORT_EMAIL once mail is sent (issue #33): each report is also an
 *   e-mail to it, queued in the outbox in the same transaction; null: kept here only.
 */
export function registerErrorNotificationRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  errorReportsTo: string | null = null,
): void {
  // spec 8: any screen's failure may notify, so any signed-in user may send one.
  api.post('/error-notification', async (request) => {
    const body = parseInput(errorNotificationRequestSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const id = randomUUID();
    await ctx.db.transaction().execute(async (trx) => {
      // issue #29: the hour's count and the insert, one sender at a time.
      await serializeOn(trx, `error-notification:${principal.sub}`);
      const now = ctx.now();
      await assertHourlyVolume(trx, {
        table: 'error_notifications',
        userId: principal.sub,
        max: MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR,
        now,
        what: 'error notifications',
      });
      await trx
        .insertInto('error_notifications')
        .values({
          id,
          workspace_id: principal.workspace,
          created_by: principal.sub,
          subject: body.subject,
          body: body.body,
          created_at: now.toISOString(),
        })
        .execute();
      if (errorReportsTo !== null) {
        await trx
          .insertInto('email_outbox')
          .values({
            id: randomUUID(),
            workspace_id: principal.workspace,
            created_by: principal.sub,
            recipients: JSON.stringify([errorReportsTo]),
            subject: `[Intake Cockpit error] ${body.subject}`.slice(0, 300),
            html_body: `<pre>${escapeHtml(body.body)}</pre>`,
            text_body: body.body,
            created_at: now.toISOString(),
            execution_id: null,
            kind: null,
          })
          .execute();
      }
    });
    return respondWith(callCenterAckSchema, { id });
  });

  api.get('/error-notification', async (request) => {
    const page = await systemOutboxPage(ctx, request, 'error_notifications', (r) => ({
      id: r.id,
      workspace: r.workspace_id,
      userId: r.created_by,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at,
    }));
    return respondWith(errorNotificationListResponseSchema, page);
  });
}
