import { describe, expect, it } from 'vitest';
import { decodeStored, encodeStored } from '@/shared/session/encoding';
import { createStoredSessionStore } from '@/shared/session/stored-session-store';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeUser } from '../domain/fixtures';

const tokens = { username: 'owner@lakeside.test', accessToken: 'a1', refreshToken: 'r1' };

describe('the stored session (spec: session 3 — the user under "user", encoded)', () => {
  it('keeps the user and the token pair in one encoded value, and reads them back', async () => {
    const storage = createMemoryStorage();
    const store = createStoredSessionStore(storage);
    const user = makeUser({ username: 'owner@lakeside.test' });
    await store.save(user, tokens);
    expect(decodeStored((await storage.get('user'))!)).toEqual({
      ...user,
      accessToken: 'a1',
      refreshToken: 'r1',
    });
    expect(await store.read()).toEqual({ state: 'stored', user, tokens });
    expect(await store.readTokens()).toEqual(tokens);
  });

  it('tells an absent session from one it cannot read', async () => {
    expect(await createStoredSessionStore(createMemoryStorage()).read()).toEqual({
      state: 'absent',
    });
    const edited = createMemoryStorage({ user: encodeStored({ name: 'no tokens' }) });
    expect(await createStoredSessionStore(edited).read()).toEqual({ state: 'unreadable' });
    expect(await createStoredSessionStore(edited).readTokens()).toBeNull();
  });

  it('clears everything at logout but the theme and mini menu, and remembers the version', async () => {
    const storage = createMemoryStorage({
      user: encodeStored({}),
      filters: '{}',
      theme: 'dark',
      miniMenu: 'true',
      appVersion: '2.68.0',
    });
    await createStoredSessionStore(storage).clear('2.69.183');
    expect(await storage.get('user')).toBeNull();
    expect(await storage.get('filters')).toBeNull();
    expect(await storage.get('theme')).toBe('dark');
    expect(await storage.get('miniMenu')).toBe('true');
    expect(await storage.get('appVersion')).toBe('2.69.183');
  });

  it('forgets only the session after a half-done sign-in', async () => {
    const storage = createMemoryStorage({ theme: 'dark' });
    const store = createStoredSessionStore(storage);
    await store.save(makeUser(), tokens);
    await store.setVersion('2.69.183');
    await store.forget();
    expect(await store.read()).toEqual({ state: 'absent' });
    expect(await store.version()).toBe('2.69.183');
    expect(await storage.get('theme')).toBe('dark');
  });
});
