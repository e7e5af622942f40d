import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import { microservicesResponseSchema } from '@/shared/contracts/microservices';
import { CLAIM_MS, MAX_ATTEMPTS, retryDelayMs } from '@/server/mail/mail-delivery';
import { startTestSmtp, type TestSmtp } from '../../fakes/smtp/test-smtp-server';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';

// Issue #33 "Mail": the outbox sent over SMTP, to a real SMTP server the test starts
// (smtp-server), through the server's real nodemailer transport: an invitation arrives
// with the link that lets its person in, a call-flow e-mail and an error report too; an
// SMTP server refusing for now, for good, or not answering; a server killed mid-send.

describe('e-mail over SMTP (issue #33)', () => {
  let smtp: TestSmtp;
  let t: TestServer;
  const clock = createTestClock();
  const SUPPORT = 'help@intake-support.test';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestServer({
      now: clock.now,
      appOrigin: 'https://cockpit.lakeside.test',
      support: { email: SUPPORT },
      // The test sends when it says (runOnce), not on a timer.
      mail: { smtpUrl: smtp.url, from: 'Lakeside Law <intake@lakeside.test>', pollMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await mail().settled();
    smtp.received.length = 0;
  });

  const mail = () => {
    const delivery = t.server.mail;
    if (!delivery) throw new Error('mail delivery is not configured');
    return delivery;
  };
  const bearer = async (username: string) => (await t.signIn(username)).accessToken;

  async function outboxRow(subjectPart: string) {
    const answer = await t.api('/call-center/service-processes/outbox', {
      token: await bearer('system@intake.test'),
    });
    expect(answer.status).toBe(200);
    const row = outboxListResponseSchema
      .parse(answer.body)
      .data.find((m) => m.subject.includes(subjectPart));
    if (!row) throw new Error(`no e-mail "${subjectPart}" in the outbox`);
    return row;
  }

  async function sendCallFlowEmail(subject: string) {
    const answer = await t.api('/call-center/service-processes/sendEmail', {
      method: 'POST',
      token: await bearer('intake@harbor.test'),
      body: {
        destinations: { to: ['client@example.test'] },
        subject,
        body: { htmlBody: `<p>${subject}</p>`, textBody: subject },
      },
    });
    expect(answer.status).toBe(200);
  }

  it('sends an invitation with the link that lets its person in', async () => {
    const invited = await t.api('/api/users', {
      method: 'POST',
      token: await bearer('owner@lakeside.test'),
      body: {
        workspaceId: 'ws_lakeside',
        email: 'new.agent@lakeside.test',
        firstName: 'Noor',
        lastName: 'Agent',
        role: 'operator',
      },
    });
    expect(invited.status).toBe(201);
    expect(await mail().runOnce()).toBeGreaterThanOrEqual(1);

    const [received] = await smtp.waitForMessages(1);
    expect(received).toMatchObject({
      from: 'intake@lakeside.test',
      to: ['new.agent@lakeside.test'],
      subject: 'You are invited to Lakeside Law on Intake Cockpit',
    });
    const link = /https:\/\/cockpit\.lakeside\.test\/login\/([A-Za-z0-9_-]{43})\/invite/.exec(
      received.text,
    );
    expect(link, received.text).not.toBeNull();
    expect(received.html).toContain(link![0]);
    // The link is the person's way in: its token sets their password once.
    const accepted = await t.api('/api/users/password/confirm', {
      method: 'POST',
      body: { token: link![1], password: 'a-long-new-password-1' },
    });
    expect(accepted.status).toBe(200);

    const row = await outboxRow('You are invited to Lakeside Law');
    expect(row.delivery).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(received.messageId).toBe(`<${row.id}@cockpit.lakeside.test>`);
  });

  it('sends a call-flow e-mail once, however often the outbox is run', async () => {
    await sendCallFlowEmail('Your consultation on Monday');
    await mail().runOnce();
    await mail().runOnce();
    await smtp.waitForMessages(1);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Your consultation on Monday']);
    expect(smtp.received[0].to).toEqual(['client@example.test']);
  });

  it('e-mails an error report to SUPPORT_EMAIL', async () => {
    const reported = await t.api('/call-center/error-notification', {
      method: 'POST',
      token: await bearer('intake@harbor.test'),
      body: { subject: 'Call flow failed', body: 'Step 3 could not save.\n<script>' },
    });
    expect(reported.status).toBe(200);
    await mail().runOnce();
    const [report] = await smtp.waitForMessages(1);
    expect(report).toMatchObject({
      to: [SUPPORT],
      subject: '[Intake Cockpit error] Call flow failed',
    });
    expect(report.text).toContain('Step 3 could not save.');
    expect(report.html).not.toContain('<script>');
  });

  it('tries again later after a refusal for now (4yz), then sends it once', async () => {
    smtp.refuseNext(451, 'Greylisted, come back later');
    await sendCallFlowEmail('Greylisted once');
    expect(await mail().runOnce()).toBe(0);
    const waiting = await outboxRow('Greylisted once');
    expect(waiting.delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: expect.stringContaining('Greylisted'),
    });
    // Not before its backoff is over.
    expect(await mail().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    clock.advance(retryDelayMs(1));
    expect(await mail().runOnce()).toBe(1);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Greylisted once']);
    expect((await outboxRow('Greylisted once')).delivery).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
    });
  });

  it('fails an e-mail refused for good (5yz) at once, keeping the server’s words, and says so on Microservices', async () => {
    smtp.refuseNext(550, 'Mailbox unavailable');
    await sendCallFlowEmail('Refused for good');
    await mail().runOnce();
    clock.advance(retryDelayMs(MAX_ATTEMPTS));
    await mail().runOnce();
    expect(smtp.received).toHaveLength(0);
    expect((await outboxRow('Refused for good')).delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: expect.stringContaining('Mailbox unavailable'),
    });
    const health = await t.api('/api/system/microservices', {
      token: await bearer('system@intake.test'),
    });
    const part = microservicesResponseSchema
      .parse(health.body)
      .data.checks.find((c) => c.id === 'email-outbox');
    expect(part).toMatchObject({ name: 'E-mail (SMTP)', status: 'degraded' });
    expect(part?.detail).toMatch(/not delivered this week \(latest: .*Mailbox unavailable/);
  });

  it('sends again an e-mail whose sender was killed mid-send, once its claim runs out, and leaves a live claim alone', async () => {
    await sendCallFlowEmail('Claimed by a dead server');
    const row = await outboxRow('Claimed by a dead server');
    // Another server claimed it, then died before recording anything.
    await t.server.db
      .updateTable('email_outbox')
      .set({
        delivery: 'sending',
        next_attempt_at: new Date(clock.now().getTime() + CLAIM_MS).toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    expect(await mail().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    clock.advance(CLAIM_MS);
    expect(await mail().runOnce()).toBe(1);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Claimed by a dead server']);
  });
});

describe('e-mail when the SMTP server is unreachable or refuses the credentials (issue #33)', () => {
  let t: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestServer({
      mail: { smtpUrl: smtp.url.replace(smtp.password, 'wrong-password'), pollMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps the e-mail pending with the reason, and shows the part down on Microservices', async () => {
    const system = (await t.signIn('system@intake.test')).accessToken;
    const sent = await t.api('/call-center/service-processes/sendEmail', {
      method: 'POST',
      token: (await t.signIn('intake@harbor.test')).accessToken,
      body: {
        destinations: { to: ['client@example.test'] },
        subject: 'Held for the credentials',
        body: { htmlBody: '<p>x</p>', textBody: 'x' },
      },
    });
    expect(sent.status).toBe(200);
    await t.server.mail!.runOnce();
    expect(smtp.received).toHaveLength(0);
    const outbox = await t.api('/call-center/service-processes/outbox', { token: system });
    const row = outboxListResponseSchema
      .parse(outbox.body)
      .data.find((m) => m.subject === 'Held for the credentials');
    // Refused credentials are the operator's to fix: tried again, not failed.
    expect(row?.delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.delivery.error).toMatch(/535|Authentication/);

    const health = await t.api('/api/system/microservices', { token: system });
    const part = microservicesResponseSchema
      .parse(health.body)
      .data.checks.find((c) => c.id === 'email-outbox');
    expect(part?.status).toBe('down');
    expect(part?.detail).toMatch(/^SMTP server smtp:\/\/mailer@127\.0\.0\.1:\d+ not reachable/);
    expect(part?.detail).not.toContain('wrong-password');
  });
});
