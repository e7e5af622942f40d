import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import { workspaceMailResponseSchema } from '@/shared/contracts/workspace-mail';
import { startTestSmtp, type TestSmtp } from '../../fakes/smtp/test-smtp-server';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Issue #33 "Mail … per workspace where a firm sends as itself": Harbor's owner gives the
// workspace its own SMTP account and From (checked at its SMTP server before it is kept,
// the password sealed and never answered); Harbor's e-mails then go through the firm's
// server as the firm, while other workspaces' go through the server's own (SMTP_URL) or,
// without one, wait in the outbox. Real SMTP servers the test starts (smtp-server).

const HARBOR = 'ws_harbor';

const harborAccount = (smtp: TestSmtp, overrides: Record<string, unknown> = {}) => {
  const url = new URL(smtp.url);
  return {
    fromName: 'Harbor Law',
    fromAddress: 'intake@harbor-law.example',
    host: url.hostname,
    port: Number(url.port),
    security: 'starttls',
    username: smtp.user,
    password: smtp.password,
    ...overrides,
  };
};

async function sendCallFlowEmail(t: TestServer, agent: string, subject: string) {
  const answer = await t.api('/call-center/service-processes/sendEmail', {
    method: 'POST',
    token: (await t.signIn(agent)).accessToken,
    body: {
      destinations: { to: ['client@example.test'] },
      subject,
      body: { htmlBody: `<p>${subject}</p>`, textBody: subject },
    },
  });
  expect(answer.status).toBe(200);
}

/** Lakeside's owner invites someone: an e-mail of Lakeside's, which has no account of its own. */
async function inviteToLakeside(t: TestServer, email: string) {
  const invited = await t.api('/api/users', {
    method: 'POST',
    token: (await t.signIn('owner@lakeside.test')).accessToken,
    body: {
      workspaceId: 'ws_lakeside',
      email,
      firstName: 'Noor',
      lastName: 'Agent',
      role: 'operator',
    },
  });
  expect(invited.status).toBe(201);
}

async function outboxStatus(t: TestServer, subject: string) {
  const answer = await t.api('/call-center/service-processes/outbox', {
    token: (await t.signIn('system@intake.test')).accessToken,
  });
  const row = outboxListResponseSchema.parse(answer.body).data.find((m) => m.subject === subject);
  if (!row) throw new Error(`no e-mail "${subject}" in the outbox`);
  return row.delivery.status;
}

describe('a workspace sending its e-mails as itself (issue #33)', () => {
  let serverSmtp: TestSmtp;
  let firmSmtp: TestSmtp;
  let t: TestServer;
  let owner: string;

  beforeAll(async () => {
    [serverSmtp, firmSmtp] = await Promise.all([startTestSmtp(), startTestSmtp()]);
    t = await startTestServer({
      mail: {
        smtpUrl: serverSmtp.url,
        from: 'Intake Cockpit <no-reply@cockpit.test>',
        pollMs: 3_600_000,
      },
    });
    owner = (await t.signIn('owner@harbor.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([serverSmtp?.close(), firmSmtp?.close()]);
  });
  beforeEach(async () => {
    await t.server.mail.settled();
    serverSmtp.received.length = 0;
    firmSmtp.received.length = 0;
  });

  const mailPath = `/api/workspaces/${HARBOR}/mail`;
  const view = async (token = owner) =>
    workspaceMailResponseSchema.parse((await t.api(mailPath, { token })).body).data;

  it('starts with the server’s account, and refuses an account its SMTP server refuses', async () => {
    expect(await view()).toMatchObject({
      sender: null,
      serverSends: true,
      serverFrom: 'Intake Cockpit <no-reply@cockpit.test>',
    });
    const refused = await t.api(mailPath, {
      method: 'PUT',
      token: owner,
      body: harborAccount(firmSmtp, { password: 'not-the-password' }),
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('The SMTP server refused the account');
    expect(JSON.stringify(refused.body)).toContain('Authentication credentials invalid');
    expect((await view()).sender).toBeNull();
  });

  it('keeps the account it could sign in with, never answering the password', async () => {
    const saved = await t.api(mailPath, {
      method: 'PUT',
      token: owner,
      body: harborAccount(firmSmtp),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(firmSmtp.password);
    const sender = workspaceMailResponseSchema.parse(saved.body).data.sender;
    expect(sender).toMatchObject({
      fromName: 'Harbor Law',
      fromAddress: 'intake@harbor-law.example',
      host: '127.0.0.1',
      security: 'starttls',
      username: firmSmtp.user,
      updatedBy: 'owner@harbor.test',
    });
    // Sealed at rest: the row holds the account's URL only sealed.
    const kept = await t.server.db
      .selectFrom('workspace_mail')
      .selectAll()
      .where('workspace_id', '=', HARBOR)
      .executeTakeFirstOrThrow();
    expect(kept.smtp_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(kept)).not.toContain(firmSmtp.password);
  });

  it('sends Harbor’s e-mails through the firm’s server as the firm, others through the server’s', async () => {
    await sendCallFlowEmail(t, 'intake@harbor.test', 'Your Harbor consultation');
    await inviteToLakeside(t, 'noor.one@lakeside.test');
    await t.server.mail.runOnce();
    const [firm] = await firmSmtp.waitForMessages(1);
    const [server] = await serverSmtp.waitForMessages(1);
    expect(firm).toMatchObject({
      from: 'intake@harbor-law.example',
      to: ['client@example.test'],
      subject: 'Your Harbor consultation',
    });
    expect(server).toMatchObject({
      from: 'no-reply@cockpit.test',
      to: ['noor.one@lakeside.test'],
      subject: 'You are invited to Lakeside Law on Intake Cockpit',
    });
    const fared = await view();
    expect(fared.delivery).toMatchObject({ pending: 0, failed: 0, lastError: null });
    expect(fared.delivery.lastSentAt).not.toBeNull();
  });

  it('keeps the stored password when the owner saves without typing it again', async () => {
    const withoutPassword: Record<string, unknown> = harborAccount(firmSmtp, {
      fromName: 'Harbor Law LLP',
    });
    delete withoutPassword.password;
    const saved = await t.api(mailPath, { method: 'PUT', token: owner, body: withoutPassword });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await view()).sender?.fromName).toBe('Harbor Law LLP');
    await sendCallFlowEmail(t, 'intake@harbor.test', 'Still from the firm');
    await t.server.mail.runOnce();
    const [firm] = await firmSmtp.waitForMessages(1);
    expect(firm.subject).toBe('Still from the firm');
  });

  it('refuses bad input with the field’s words, and lets only owners and system change it', async () => {
    const badHost = await t.api(mailPath, {
      method: 'PUT',
      token: owner,
      body: harborAccount(firmSmtp, { host: 'smtp://mail.example.com/' }),
    });
    expect(badHost.status).toBe(400);
    expect(JSON.stringify(badHost.body)).toContain('host name');
    const badFrom = await t.api(mailPath, {
      method: 'PUT',
      token: owner,
      body: harborAccount(firmSmtp, { fromAddress: 'not an address' }),
    });
    expect(badFrom.status).toBe(400);
    const injected = await t.api(mailPath, {
      method: 'PUT',
      token: owner,
      body: harborAccount(firmSmtp, { fromName: 'Harbor\r\nBcc: everyone@example.com' }),
    });
    expect(injected.status).toBe(400);

    // Admins see their workspace's account but do not change it; other firms see nothing.
    const admin = (await t.signIn('admin@lakeside.test')).accessToken;
    const lakesideMail = '/api/workspaces/ws_lakeside/mail';
    expect((await t.api(lakesideMail, { token: admin })).status).toBe(200);
    const byAdmin = await t.api(lakesideMail, {
      method: 'PUT',
      token: admin,
      body: harborAccount(firmSmtp),
    });
    expect(byAdmin.status).toBe(403);
    expect((await t.api(mailPath, { token: admin })).status).toBe(403);
    const system = (await t.signIn('system@intake.test')).accessToken;
    expect((await view(system)).sender?.host).toBe('127.0.0.1');
  });

  it('goes back to the server’s account once the owner removes the firm’s', async () => {
    const removed = await t.api(mailPath, { method: 'DELETE', token: owner });
    expect(removed.status).toBe(200);
    expect(workspaceMailResponseSchema.parse(removed.body).data.sender).toBeNull();
    await sendCallFlowEmail(t, 'intake@harbor.test', 'After the firm’s account');
    await t.server.mail.runOnce();
    const [server] = await serverSmtp.waitForMessages(1);
    expect(server.subject).toBe('After the firm’s account');
    expect(firmSmtp.received).toHaveLength(0);
  });
});

describe('a workspace’s own account on a server without SMTP (issue #33)', () => {
  let firmSmtp: TestSmtp;
  let t: TestServer;

  beforeAll(async () => {
    firmSmtp = await startTestSmtp();
    t = await startTestServer({ mail: { pollMs: 3_600_000 } });
  });
  afterAll(async () => {
    await t?.close();
    await firmSmtp?.close();
  });

  it('sends the firm’s e-mails, and keeps the others waiting in the outbox', async () => {
    const owner = (await t.signIn('owner@harbor.test')).accessToken;
    const before = workspaceMailResponseSchema.parse(
      (await t.api(`/api/workspaces/${HARBOR}/mail`, { token: owner })).body,
    ).data;
    expect(before).toMatchObject({ sender: null, serverSends: false, serverFrom: null });
    const saved = await t.api(`/api/workspaces/${HARBOR}/mail`, {
      method: 'PUT',
      token: owner,
      body: harborAccount(firmSmtp),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await sendCallFlowEmail(t, 'intake@harbor.test', 'From the firm itself');
    await inviteToLakeside(t, 'noor.two@lakeside.test');
    expect(await t.server.mail.runOnce()).toBe(1);
    const [firm] = await firmSmtp.waitForMessages(1);
    expect(firm.subject).toBe('From the firm itself');
    expect(await outboxStatus(t, 'From the firm itself')).toBe('sent');
    expect(await outboxStatus(t, 'You are invited to Lakeside Law on Intake Cockpit')).toBe(
      'pending',
    );
  });
});
