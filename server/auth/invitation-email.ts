import { escapeHtml } from '@/shared/call-flow/expression';
import { invitationLink } from '@/shared/contracts/users-administration';
import type { Db } from '../db/database';
import {
  insertInvitedUser,
  insertOutboxEmail,
  type InvitedUserWrite,
} from '../repositories/user-administration-repository';
import { findUserDisplayName } from '../repositories/user-repository';
import { createInvitation } from './invitations';

// Invitations and their e-mail (issue #16, Settings > Users administration): the invite
// and the e-mail land together or not at all.

export interface InvitationEmail {
  userId: string;
  workspaceId: string;
  workspaceName: string;
  role: string;
  firstName: string;
  email: string;
  appOrigin: string;
  now: Date;
}

/** Writes a new user's records and their invitation in one transaction. */
export async function inviteNewUser(
  db: Db,
  createdBy: string,
  user: InvitedUserWrite,
  invitation: InvitationEmail,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertInvitedUser(trx, user);
    // In the same transaction: a user is never left without the e-mail that lets them in.
    await sendInvitation(trx, createdBy, invitation);
  });
}

/** A new invitation for a pending user (their open ones are revoked), in one transaction. */
export async function renewInvitation(
  db: Db,
  createdBy: string,
  invitation: InvitationEmail,
): Promise<void> {
  await db.transaction().execute((trx) => sendInvitation(trx, createdBy, invitation));
}

/**
 * A new invite and its e-mail, written into the outbox system users read (GET
 * service-processes/outbox). Call it inside a transaction: both land or neither.
 */
async function sendInvitation(db: Db, createdBy: string, input: InvitationEmail): Promise<void> {
  const { token, expiresAt } = await createInvitation(db, {
    userId: input.userId,
    workspaceId: input.workspaceId,
    createdBy,
    now: input.now,
  });
  const link = invitationLink(input.appOrigin, token);
  const inviterName = (await findUserDisplayName(db, createdBy)) ?? 'Your administrator';
  const expires = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const subject = `You are invited to ${input.workspaceName} on Intake Cockpit`;
  const lines = [
    `Hello ${input.firstName},`,
    `${inviterName} invited you to ${input.workspaceName} on Intake Cockpit as ${input.role}.`,
    `Set your password here: ${link}`,
    `The link works once and until ${expires}.`,
    'If you did not expect this e-mail, you can ignore it.',
  ];
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    `<p>${escapeHtml(inviterName)} invited you to <strong>${escapeHtml(input.workspaceName)}</strong> on Intake Cockpit as ${escapeHtml(input.role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Set your password</a></p>`,
    `<p>The link works once and until ${escapeHtml(expires)}.</p>`,
    '<p>If you did not expect this e-mail, you can ignore it.</p>',
  ].join('\n');
  await insertOutboxEmail(db, {
    workspaceId: input.workspaceId,
    createdBy,
    recipients: [input.email],
    subject,
    html,
    text: lines.join('\n\n'),
    createdAt: input.now.toISOString(),
  });
}
