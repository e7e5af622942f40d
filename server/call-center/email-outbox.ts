import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendEmailRequestSchema } from '@/shared/contracts/call-flow';
import {
  callCenterAckSchema,
  outboxListResponseSchema,
  SEND_EMAIL_PATH,
} from '@/shared/contracts/call-flow-api';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { serializeOn } from '../db/serialize';
import { forbidden, HttpError } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { systemOutboxPage } from './system-outbox-page';
import {
  MAX_EMAILS_PER_EXECUTION,
  MAX_EMAILS_PER_USER_PER_HOUR,
} from '@/shared/domain/intake-limits';
import { callFlowScope } from './call-flow-access';
import { reachableExecution } from './execution-histories';
import { assertHourlyVolume } from './volume-limits';

// spec: session 7 Call flow — POST {service-processes}/sendEmail, here the literal path
// service-processes/sendEmail. E-mails land in the outbox table, which system users read
// (GET service-processes/outbox, with each one's delivery); with SMTP configured they are
// then sent from it (server/mail/mail-delivery.ts, issue #33). Issue #29: at most
// MAX_RECIPIENTS_PER_EMAIL recipients (the contract), MAX_EMAILS_PER_EXECUTION per execution
// (409) and MAX_EMAILS_PER_USER_PER_HOUR per user (429 with Retry-After).

const recipientsSchema = z.array(z.string());

/**
 * 409 once an execution sent MAX_EMAILS_PER_EXECUTION e-mails (issue #29): a flow whose
 * triggers mail on every step cannot flood anyone. Not a 429: waiting does not help, the
 * execution's e-mails are spent.
 */
async function assertEmailsOfExecution(db: Db, executionId: string) {
  const { n } = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('execution_id', '=', executionId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_EMAILS_PER_EXECUTION) {
    throw new HttpError(
      409,
      `This call flow already sent ${MAX_EMAILS_PER_EXECUTION} e-mails, the most one call flow may send; this one was not sent.`,
    );
  }
}

export function registerEmailOutboxRoutes(api: FastifyInstance, ctx: ServerContext): void {
  // E-mails come from call-flow triggers: the caller must be able to run call flows in
  // their workspace (system users take no calls and have no workspace).
  api.post(`/${SEND_EMAIL_PATH}`, async (request) => {
    const body = parseInput(sendEmailRequestSchema, request.body, 'body');
    const principal = await ctx.authenticate(request);
    const workspaceId = principal.workspace;
    if (workspaceId === null) throw forbidden('Only users of a workspace send call-flow e-mails.');
    await callFlowScope(ctx, principal, workspaceId, 'run');
    const executionId = body.processExecutionHistoryId ?? null;
    // The execution it is sent for is one the caller's workspace holds (else 404).
    if (executionId !== null) await reachableExecution(ctx.db, principal, executionId);
    const id = randomUUID();
    await ctx.db.transaction().execute(async (trx) => {
      // issue #29: the counts below and the insert, one sender at a time.
      await serializeOn(trx, `email:${principal.sub}`);
      const now = ctx.now();
      if (executionId !== null) await assertEmailsOfExecution(trx, executionId);
      await assertHourlyVolume(trx, {
        table: 'email_outbox',
        userId: principal.sub,
        max: MAX_EMAILS_PER_USER_PER_HOUR,
        now,
        what: 'call-flow e-mails',
      });
      await trx
        .insertInto('email_outbox')
        .values({
          id,
          workspace_id: workspaceId,
          created_by: principal.sub,
          recipients: JSON.stringify(body.destinations.to),
          subject: body.subject,
          html_body: body.body.htmlBody,
          text_body: body.body.textBody,
          created_at: now.toISOString(),
          execution_id: executionId,
          kind: 'call-flow',
        })
        .execute();
    });
    return respondWith(callCenterAckSchema, { id });
  });

  api.get('/service-processes/outbox', async (request) => {
    const page = await systemOutboxPage(ctx, request, 'email_outbox', (r) => ({
      id: r.id,
      workspace: r.workspace_id,
      userId: r.created_by,
      to: recipientsSchema.parse(JSON.parse(r.recipients)),
      subject: r.subject,
      htmlBody: r.html_body,
      textBody: r.text_body,
      createdAt: r.created_at,
      delivery: {
        status: r.delivery,
        attempts: r.delivery_attempts,
        deliveredAt: r.delivered_at,
        error: r.delivery_error,
      },
    }));
    return respondWith(outboxListResponseSchema, page);
  });
}
