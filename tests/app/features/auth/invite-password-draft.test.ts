import { describe, expect, it } from 'vitest';
import {
  INVITE_PASSWORD_MESSAGES,
  passwordHints,
  readInvitePassword,
} from '@/app/features/auth/invite-password-draft';
import { PASSWORD_RULE_MESSAGES } from '@/shared/domain/password-rules';

const USERNAME = 'nina.new@lakeside.test';

describe('the invite password form (issue #16, shared/domain/password-rules.ts)', () => {
  it('accepts a password meeting the rules, typed twice', () => {
    expect(
      readInvitePassword({ password: 'river-stone-42', confirm: 'river-stone-42' }, USERNAME),
    ).toEqual({
      ok: true,
      request: { password: 'river-stone-42' },
    });
  });

  it.each([
    ['', '', INVITE_PASSWORD_MESSAGES.enterPassword, INVITE_PASSWORD_MESSAGES.enterConfirm],
    ['short', 'short', PASSWORD_RULE_MESSAGES.tooShort, undefined],
    [' river-stone-42', ' river-stone-42', PASSWORD_RULE_MESSAGES.spaces, undefined],
    ['Nina.New', 'Nina.New', PASSWORD_RULE_MESSAGES.tooShort, undefined],
    [USERNAME, USERNAME, PASSWORD_RULE_MESSAGES.sameAsUsername, undefined],
    ['river-stone-42', 'river-stone-24', undefined, INVITE_PASSWORD_MESSAGES.mismatch],
  ])('refuses %j / %j', (password, confirm, passwordError, confirmError) => {
    const reading = readInvitePassword({ password, confirm }, USERNAME);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors.password).toBe(passwordError);
    expect(reading.errors.confirm).toBe(confirmError);
  });

  it('checks each rule on its own for the live hints', () => {
    const met = (password: string) =>
      Object.fromEntries(passwordHints(password, USERNAME).map((hint) => [hint.id, hint.met]));
    expect(met('')).toEqual({ length: false, spaces: false, username: false });
    expect(met('nina.new')).toEqual({ length: false, spaces: true, username: false });
    expect(met('NINA.NEW@lakeside.test')).toEqual({ length: true, spaces: true, username: false });
    expect(met('river-stone-42 ')).toEqual({ length: true, spaces: false, username: true });
    expect(met('river-stone-42')).toEqual({ length: true, spaces: true, username: true });
  });
});
