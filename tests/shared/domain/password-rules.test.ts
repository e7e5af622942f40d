import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGES, passwordProblem } from '@/shared/domain/password-rules';

describe('new password rules', () => {
  it('accepts ten characters or more, counting an emoji as one', () => {
    expect(passwordProblem('ten chars!')).toBeNull();
    expect(passwordProblem('nine char')).toBe(PASSWORD_RULE_MESSAGES.tooShort);
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀')).toBe(PASSWORD_RULE_MESSAGES.tooShort);
    expect(passwordProblem('😀😀😀😀😀😀😀😀😀😀')).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toBe(PASSWORD_RULE_MESSAGES.tooLong);
  });

  it('refuses leading or trailing spaces, which the sign-in form trims away', () => {
    expect(passwordProblem(' long enough secret')).toBe(PASSWORD_RULE_MESSAGES.spaces);
    expect(passwordProblem('long enough secret\t')).toBe(PASSWORD_RULE_MESSAGES.spaces);
    expect(passwordProblem('inner spaces are fine')).toBeNull();
  });

  it('refuses the username or its local part, whatever the case', () => {
    expect(passwordProblem('Nora.Reyes@firm.test', 'nora.reyes@firm.test')).toBe(
      PASSWORD_RULE_MESSAGES.sameAsUsername,
    );
    expect(passwordProblem('NORA.REYES', 'nora.reyes@firm.test')).toBe(
      PASSWORD_RULE_MESSAGES.sameAsUsername,
    );
    expect(passwordProblem('nora.reyes.2026', 'nora.reyes@firm.test')).toBeNull();
  });
});
