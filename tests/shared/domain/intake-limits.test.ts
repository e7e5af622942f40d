import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  jsonDeeperThan,
  MAX_EXECUTION_HISTORY_BYTES,
  MAX_HISTORY_RESPONSE_BYTES,
  MAX_STEP_HISTORY_BYTES,
  measureJson,
  STEP_HISTORY_PAGE_LIMIT,
  utf8ByteLength,
} from '@/shared/domain/intake-limits';

// Issue #29 "Everything has a bound": the measures the server and the client share.

describe('utf8ByteLength', () => {
  it('counts what the text weighs in UTF-8, as Buffer does', () => {
    for (const text of ['', 'plain', 'café', '日本語', '👍🏽 ok', 'a\u0000b', '\u07ff\u0800']) {
      expect(utf8ByteLength(text), text).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('counts a lone surrogate as the replacement character it is sent as', () => {
    expect(utf8ByteLength('\ud800')).toBe(Buffer.byteLength('\ud800', 'utf8'));
    expect(utf8ByteLength('\udc00x')).toBe(Buffer.byteLength('\udc00x', 'utf8'));
  });
});

describe('measureJson', () => {
  it("answers the value's JSON and its UTF-8 length", () => {
    expect(measureJson({ name: 'Zoë' })).toEqual({ text: '{"name":"Zoë"}', bytes: 15 });
  });
});

describe('jsonDeeperThan', () => {
  const nested = (levels: number) => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { v: value };
    return value;
  };

  it('counts every object or array as one level; a scalar is none', () => {
    expect(jsonDeeperThan('text', 0)).toBe(false);
    expect(jsonDeeperThan({}, 1)).toBe(false);
    expect(jsonDeeperThan({}, 0)).toBe(true);
    expect(jsonDeeperThan(nested(10), 10)).toBe(false);
    expect(jsonDeeperThan(nested(11), 10)).toBe(true);
  });

  it('finds the one deep branch among shallow ones', () => {
    expect(jsonDeeperThan({ a: 1, b: [1, 2, { c: nested(5) }], d: {} }, 7)).toBe(true);
    expect(jsonDeeperThan({ a: 1, b: [1, 2, { c: nested(5) }], d: {} }, 8)).toBe(false);
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    expect(jsonDeeperThan(nested(100_000), 64)).toBe(true);
  });
});

describe('the bounds', () => {
  it('keep a full page of the histories under the response bound', () => {
    // A step's names and ids beside its variables: a name of 500 characters at 6 bytes
    // (an escaped control character), ids of 128, the agent's name: 8 KB is generous.
    const overheadPerStep = 8 * 1024;
    const page =
      MAX_EXECUTION_HISTORY_BYTES +
      STEP_HISTORY_PAGE_LIMIT * (MAX_STEP_HISTORY_BYTES + overheadPerStep);
    expect(page).toBeLessThan(MAX_HISTORY_RESPONSE_BYTES);
  });

  it('read as a person writes them', () => {
    expect(formatBytes(256 * 1024)).toBe('256 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
  });
});
