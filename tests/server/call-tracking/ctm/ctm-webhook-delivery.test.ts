import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CtmCallEvent,
  type CtmCallFacts,
  ctmCallFacts,
  CtmWebhookError,
  verifyCtmWebhook,
} from '@/server/call-tracking/ctm/ctm-webhook';
import { type FakeCtm, startFakeCtm } from '../../../fakes/ctm/fake-ctm-server';
import { fakeCtmPhone } from '../../../fakes/ctm/fake-ctm-webhooks';

const AGENT = {
  id: 'USR1',
  first_name: 'Ivy',
  last_name: 'Intake',
  email: 'intake@harbor.test',
  role: 'agent',
};

/**
 * issue #32: the fake CTM's webhooks (a call ringing an agent, then the caller hanging up)
 * over real HTTP to a receiver that checks them with the server's verifier, on the raw
 * bytes received, as the webhook endpoint to come will.
 */
describe('CTM webhooks over HTTP', () => {
  let fake: FakeCtm;
  let receiver: Server;
  let base: string;
  let received: { event: CtmCallEvent; facts: CtmCallFacts }[];
  let refused: string[];
  let receiverSecret: string;

  beforeEach(async () => {
    fake = await startFakeCtm({ users: [AGENT] });
    receiverSecret = fake.secretKey;
    received = [];
    refused = [];
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const event: CtmCallEvent = req.url?.endsWith('/end') ? 'end' : 'start';
        try {
          const header = (name: string) => req.headers[name] as string | undefined;
          const call = verifyCtmWebhook(
            {
              rawBody: Buffer.concat(chunks),
              signature: header('x-ctm-signature'),
              time: header('x-ctm-time'),
            },
            receiverSecret,
            Date.now(),
          );
          received.push({ event, facts: ctmCallFacts(call, event, new Date()) });
          res.writeHead(200).end();
        } catch (error) {
          refused.push((error as CtmWebhookError).reason);
          res.writeHead(401).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/ws1`;
  });
  afterEach(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await fake.close();
  });

  it('rings the agent, then ends the call, as one CTM call id', async () => {
    const phone = fakeCtmPhone(fake, { start: `${base}/start`, end: `${base}/end` });
    const ringing = await phone.ring({
      agent: AGENT,
      callerNumber: '+17607058888',
      trackingNumber: '+17203584118',
      name: 'Dana Whitfield',
      source: 'Google Ads',
    });
    expect(ringing.status).toBe(200);
    const ended = await phone.hangUp(ringing.call.id, 42);
    expect(ended.status).toBe(200);
    expect(refused).toEqual([]);
    expect(received.map((r) => [r.event, r.facts.status, r.facts.ctmCallId])).toEqual([
      ['start', 'ringing', String(ringing.call.id)],
      ['end', 'completed', String(ringing.call.id)],
    ]);
    expect(received[0]?.facts).toMatchObject({
      agentCtmUserId: 'USR1',
      fromNumber: '+17607058888',
      leadName: 'Dana Whitfield',
      leadSourceName: 'Google Ads',
    });
    expect(received[1]?.facts).toMatchObject({ duration: 42, connected: true });
    expect(received[1]?.facts.recordingUrl).toContain('/recordings/');
  });

  it('is refused, and nothing received, when the receiver holds another secret', async () => {
    receiverSecret = 'not-the-account-secret';
    const phone = fakeCtmPhone(fake, { start: `${base}/start`, end: `${base}/end` });
    const ringing = await phone.ring({
      agent: AGENT,
      callerNumber: '+17607058888',
      trackingNumber: '+17203584118',
    });
    expect(ringing.status).toBe(401);
    expect(refused).toEqual(['bad-signature']);
    expect(received).toEqual([]);
  });
});
