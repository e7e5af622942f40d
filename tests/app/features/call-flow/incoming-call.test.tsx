import { describe, expect, it } from 'vitest';
import {
  automatedIntakePath,
  decodeIncomingCall,
  encodeIncomingCall,
  MAX_INCOMING_CALL_LENGTH,
} from '@/app/calls/incoming-call';

// spec: session 2 Automated intake screen — "incomingCall holding an encoded call payload".

describe('the incomingCall payload', () => {
  it('survives the round trip through the address, accents and all', () => {
    const payload = { leadName: 'José Núñez', phone: '+1 512 555 0147', process: 'pi-intake' };
    const path = automatedIntakePath(payload);
    const encoded = new URL(path, 'https://app.test').searchParams.get('incomingCall')!;
    expect(decodeIncomingCall(encoded)).toEqual({ ok: true, payload });
    expect(encodeIncomingCall(payload)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('also reads plain JSON, as another host may send it', () => {
    expect(decodeIncomingCall('{"leadName":"Dana","phone":"5125550147"}')).toEqual({
      ok: true,
      payload: { leadName: 'Dana', phone: '5125550147' },
    });
  });

  it('refuses garbage, wrong shapes and oversized payloads with a message the agent can act on', () => {
    for (const bad of [
      '%%%',
      'bm90IGpzb24',
      encodeIncomingCall({ leadName: 'x'.repeat(500), phone: '' }),
      'a'.repeat(MAX_INCOMING_CALL_LENGTH + 1),
    ]) {
      const result = decodeIncomingCall(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/Start the call flow again from Call Flows/);
    }
  });
});
