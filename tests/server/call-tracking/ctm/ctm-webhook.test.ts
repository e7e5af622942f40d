import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CTM_WEBHOOK_MAX_AGE_SECONDS,
  ctmCallFacts,
  type CtmWebhookError,
  sameText,
  verifyCtmWebhook,
} from '@/server/call-tracking/ctm/ctm-webhook';
import type { CtmCall } from '@/server/call-tracking/ctm/ctm-schemas';
import { signedCtmWebhook } from '../../../fakes/ctm/fake-ctm-webhooks';

const SECRET = 'ctm-account-secret';
const NOW = Date.UTC(2026, 10, 2, 15, 30);
const NOW_S = NOW / 1000;

/** An inbound call as CTM's webhook body carries it, extra fields included. */
const started = {
  id: 729485,
  sid: 'CA2f6d0e1c9b',
  account_id: 4242,
  direction: 'inbound',
  name: 'Dana Whitfield',
  caller_number: '(760) 705-8888',
  tracking_number: '+17203584118',
  tracking_label: 'Google Ads line',
  source: 'Google Ads',
  campaign: 'Spring injury',
  dial_status: 'ringing',
  unix_time: NOW_S - 5,
  called_at: '2026-11-02 10:29 AM -05:00',
  agent: { id: 'USR1', name: 'Ivy Intake', email: 'intake@harbor.test' },
  likelihood: 82.0381,
  tag_list: ['follow up'],
};

function rejection(run: () => unknown): CtmWebhookError {
  try {
    run();
  } catch (error) {
    return error as CtmWebhookError;
  }
  throw new Error('expected the webhook to be refused');
}

const request = (signed: ReturnType<typeof signedCtmWebhook>) => ({
  rawBody: Buffer.from(signed.body),
  signature: signed.headers['x-ctm-signature'],
  time: signed.headers['x-ctm-time'],
});

/** issue #32: CTM webhooks' authenticity, freshness and body, then their mapping. */
describe('CTM webhook verification', () => {
  it("accepts CTM's signature over time + raw body and returns the call", () => {
    const call = verifyCtmWebhook(request(signedCtmWebhook(started, SECRET, NOW_S)), SECRET, NOW);
    expect(call).toMatchObject({ id: 729485, sid: 'CA2f6d0e1c9b', agent: { id: 'USR1' } });
    expect(call).not.toHaveProperty('likelihood');
  });

  it('refuses another secret, an altered body, and a missing signature', () => {
    const signed = signedCtmWebhook(started, 'another-secret', NOW_S);
    expect(rejection(() => verifyCtmWebhook(request(signed), SECRET, NOW)).reason).toBe(
      'bad-signature',
    );
    const good = signedCtmWebhook(started, SECRET, NOW_S);
    const altered = { ...request(good), rawBody: good.body.replace('729485', '729486') };
    expect(rejection(() => verifyCtmWebhook(altered, SECRET, NOW)).reason).toBe('bad-signature');
    const unsigned = { ...request(good), signature: undefined };
    expect(rejection(() => verifyCtmWebhook(unsigned, SECRET, NOW))).toMatchObject({
      reason: 'unsigned',
      message: 'The webhook has no X-CTM-Signature or X-CTM-Time.',
    });
    // The time is signed too: moving it breaks the signature.
    const moved = { ...request(good), time: String(NOW_S + 1) };
    expect(rejection(() => verifyCtmWebhook(moved, SECRET, NOW)).reason).toBe('bad-signature');
  });

  it(`refuses a signed request more than ${CTM_WEBHOOK_MAX_AGE_SECONDS} s from our clock`, () => {
    const edge = signedCtmWebhook(started, SECRET, NOW_S - CTM_WEBHOOK_MAX_AGE_SECONDS);
    expect(verifyCtmWebhook(request(edge), SECRET, NOW).id).toBe(729485);
    for (const time of [
      NOW_S - CTM_WEBHOOK_MAX_AGE_SECONDS - 1,
      NOW_S + CTM_WEBHOOK_MAX_AGE_SECONDS + 1,
    ]) {
      const stale = signedCtmWebhook(started, SECRET, time);
      const error = rejection(() => verifyCtmWebhook(request(stale), SECRET, NOW));
      expect(error.reason).toBe('stale');
      expect(error.message).toBe(
        "The webhook's X-CTM-Time is more than 300 s from the server's clock.",
      );
    }
    const body = JSON.stringify(started);
    const signature = createHmac('sha1', SECRET).update(`soon${body}`).digest('base64');
    expect(
      rejection(() => verifyCtmWebhook({ rawBody: body, signature, time: 'soon' }, SECRET, NOW)),
    ).toMatchObject({
      reason: 'stale',
      message: "The webhook's X-CTM-Time is not a time in seconds.",
    });
  });

  it('refuses a signed body that is not JSON or not a call, saying which', () => {
    const text = 'id=1&x=2';
    const time = String(NOW_S);
    const sig = createHmac('sha1', SECRET)
      .update(time + text)
      .digest('base64');
    expect(
      rejection(() => verifyCtmWebhook({ rawBody: text, signature: sig, time }, SECRET, NOW)),
    ).toMatchObject({
      reason: 'malformed-body',
      message: 'The webhook body is not JSON.',
    });
    const noId = signedCtmWebhook({ ...started, id: 'abc' }, SECRET, NOW_S);
    expect(rejection(() => verifyCtmWebhook(request(noId), SECRET, NOW))).toMatchObject({
      reason: 'malformed-body',
      message: 'The webhook body is not a CTM call (id).',
    });
  });
});

describe('constant-time comparison', () => {
  it('is true only for the same text, whatever the lengths', () => {
    expect(sameText('token-abc', 'token-abc')).toBe(true);
    expect(sameText('token-abc', 'token-abd')).toBe(false);
    expect(sameText('token-abc', 'token-abc-longer')).toBe(false);
    expect(sameText('', 'x')).toBe(false);
  });
});

describe('a CTM call as our call fields', () => {
  const at = new Date(NOW);

  it('maps a starting inbound call: ringing, caller and tracking number in E.164, names kept', () => {
    expect(ctmCallFacts(started as CtmCall, 'start', at)).toEqual({
      ctmCallId: '729485',
      sid: 'CA2f6d0e1c9b',
      direction: 'inbound',
      status: 'ringing',
      fromNumber: '+17607058888',
      toNumber: '+17203584118',
      agentCtmUserId: 'USR1',
      trackingNumber: '+17203584118',
      trackingLabel: 'Google Ads line',
      leadSourceName: 'Google Ads',
      campaignName: 'Spring injury',
      leadName: 'Dana Whitfield',
      startedAt: new Date((NOW_S - 5) * 1000).toISOString(),
      connected: false,
      endedAt: null,
      duration: null,
      endedBy: null,
      recordingUrl: null,
    });
  });

  it('maps its end: completed, talk time, end time, the recording', () => {
    const ended = {
      ...started,
      dial_status: 'completed',
      duration: 95,
      talk_time: 80,
      audio: 'https://ctm.example/rec/RE1',
    };
    expect(ctmCallFacts(ended as CtmCall, 'end', at)).toMatchObject({
      status: 'completed',
      connected: true,
      duration: 80,
      endedAt: new Date((NOW_S - 5 + 95) * 1000).toISOString(),
      endedBy: 'caller',
      recordingUrl: 'https://ctm.example/rec/RE1',
    });
  });

  it('maps a call nobody answered, a failed one, and an outbound call', () => {
    const missed = { ...started, dial_status: 'no-answer', duration: 25, talk_time: 0 };
    expect(ctmCallFacts(missed as CtmCall, 'end', at)).toMatchObject({
      status: 'no-answer',
      duration: 0,
      connected: false,
    });
    const failed = { ...started, dial_status: 'failed', duration: 0 };
    expect(ctmCallFacts(failed as CtmCall, 'end', at)).toMatchObject({
      status: 'no-answer',
      endedBy: 'system',
    });
    const outbound = {
      ...started,
      direction: 'outbound',
      caller_number: '+16175550199',
      dial_status: 'in-progress',
    };
    expect(ctmCallFacts(outbound as CtmCall, 'start', at)).toMatchObject({
      direction: 'outbound',
      status: 'in-progress',
      fromNumber: '+17203584118',
      toNumber: '+16175550199',
    });
  });

  it('stands in the receive time when CTM leaves the start time out', () => {
    const bare = { id: 1, caller_number: '+13125550100' } as CtmCall;
    expect(ctmCallFacts(bare, 'start', at)).toMatchObject({
      startedAt: at.toISOString(),
      trackingNumber: null,
      agentCtmUserId: null,
      direction: 'inbound',
    });
  });
});
