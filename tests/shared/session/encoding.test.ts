import { describe, expect, it } from 'vitest';
import { decodeStored, encodeStored } from '@/shared/session/encoding';

describe('the encoded user in local storage', () => {
  it('round-trips names with accents and emoji', () => {
    const user = { name: 'Zoë Ñúñez 👩‍⚖️', role: 'owner' };
    const encoded = encodeStored(user);
    expect(encoded).not.toContain('Zoë');
    expect(decodeStored(encoded)).toEqual(user);
  });

  it('answers null for text that is not an encoded value', () => {
    expect(decodeStored('%%% not base64')).toBeNull();
    expect(decodeStored(btoa('{not json'))).toBeNull();
  });
});
