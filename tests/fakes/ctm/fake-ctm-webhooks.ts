import { createHmac } from 'node:crypto';
import type { FakeCtm, FakeCtmCall, FakeCtmUser } from './fake-ctm-server';

// CTM's webhooks, as the fake CTM sends them (issue #32): the call object itself as the
// JSON body, POSTed to the URL configured for the event (the call starting, the call
// ending), with X-CTM-Time (seconds since the epoch) and X-CTM-Signature =
// base64(HMAC-SHA1(account secret key, time + body)), per
// https://github.com/calltracking/ctm-csharp/blob/master/CTMWebHookExample/README.md.

/** A signed webhook request: the exact body and its headers. */
export function signedCtmWebhook(call: unknown, secret: string, unixSeconds: number) {
  const body = JSON.stringify(call);
  const time = String(unixSeconds);
  const signature = createHmac('sha1', secret)
    .update(time + body)
    .digest('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-ctm-time': time,
      'x-ctm-signature': signature,
    },
  };
}

/** POSTs `call` to `url` as CTM would, signed with `secret` at `unixSeconds`. */
export function deliverCtmWebhook(url: string, call: unknown, secret: string, unixSeconds: number) {
  const { body, headers } = signedCtmWebhook(call, secret, unixSeconds);
  return fetch(url, { method: 'POST', headers, body });
}

export interface RingCall {
  agent: FakeCtmUser;
  callerNumber: string;
  trackingNumber: string;
  name?: string;
  source?: string;
  campaign?: string;
}

/** The fake's phone network: calls that ring an agent and end, each sent as CTM's webhook. */
export interface FakeCtmPhone {
  /** A new inbound call ringing `agent`: stored in the fake, sent to the start URL. */
  ring(call: RingCall): Promise<{ call: FakeCtmCall; status: number }>;
  /** The caller hangs up after `talkSeconds` of talk (0: nobody answered); sent to the end URL. */
  hangUp(callId: number, talkSeconds: number): Promise<{ call: FakeCtmCall; status: number }>;
}

export function fakeCtmPhone(
  fake: FakeCtm,
  urls: { start: string; end: string },
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
): FakeCtmPhone {
  const send = async (url: string, call: FakeCtmCall) => {
    const answer = await deliverCtmWebhook(url, call, fake.secretKey, nowSeconds());
    return { call, status: answer.status };
  };
  return {
    ring: (ring) => {
      const id = Math.max(1000, ...fake.calls.map((c) => c.id)) + 1;
      const call: FakeCtmCall = {
        id,
        sid: `CA${id.toString(16).padStart(32, '0')}`,
        account_id: Number(fake.accountId),
        direction: 'inbound',
        name: ring.name ?? null,
        caller_number: ring.callerNumber,
        tracking_number: ring.trackingNumber,
        source: ring.source ?? null,
        campaign: ring.campaign ?? null,
        dial_status: 'ringing',
        unix_time: nowSeconds(),
        agent: {
          id: ring.agent.id,
          name: `${ring.agent.first_name} ${ring.agent.last_name}`,
          email: ring.agent.email,
        },
      };
      fake.calls.push(call);
      return send(urls.start, call);
    },
    hangUp: (callId, talkSeconds) => {
      const call = fake.calls.find((c) => c.id === callId);
      if (!call) throw new Error(`The fake CTM has no call ${callId}.`);
      call.dial_status = talkSeconds > 0 ? 'completed' : 'no-answer';
      call.talk_time = talkSeconds;
      call.duration = Math.max(talkSeconds, nowSeconds() - call.unix_time);
      call.audio = talkSeconds > 0 ? `https://fake-ctm.test/recordings/${call.sid}` : null;
      return send(urls.end, call);
    },
  };
}
