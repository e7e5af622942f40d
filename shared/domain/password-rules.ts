/**
 * The rules a new password must meet (issue #16: an invitee sets their password). Until
 * now passwords were only checked at sign-in (1 to 1024 characters, shared/contracts/
 * auth.ts); a password someone chooses gets these, after NIST SP 800-63B: length over
 * composition rules, no maximum below the sign-in limit, and nothing the sign-in form
 * would change — it trims what is typed (spec: session 5 Login), so a password starting
 * or ending with a space could never be typed back.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** The sign-in contract's own limit (loginRequestSchema). */
export const PASSWORD_MAX_LENGTH = 1024;

export const PASSWORD_RULE_MESSAGES = {
  tooShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password can have at most ${PASSWORD_MAX_LENGTH} characters.`,
  spaces: 'The password cannot start or end with a space.',
  sameAsUsername: 'The password cannot be your username or e-mail address.',
} as const;

/** The first rule the password breaks, as a message a person understands; null if none. */
export function passwordProblem(password: string, username?: string): string | null {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (password !== password.trim()) return PASSWORD_RULE_MESSAGES.spaces;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_RULE_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_RULE_MESSAGES.tooLong;
  if (username !== undefined) {
    const name = username.trim().toLowerCase();
    const local = name.split('@')[0];
    const lowered = password.toLowerCase();
    if (lowered === name || (local.length > 0 && lowered === local)) {
      return PASSWORD_RULE_MESSAGES.sameAsUsername;
    }
  }
  return null;
}
