import { supportContactSchema, type SupportContact } from '@/shared/contracts/public-config';

/** The contact when the server sets neither SUPPORT_EMAIL nor SUPPORT_URL. */
export const DEFAULT_SUPPORT_EMAIL = 'support@intakecockpit.test';
export const DEFAULT_SUPPORT_CONTACT: SupportContact = { email: DEFAULT_SUPPORT_EMAIL, url: null };

/** The subject a support e-mail starts with (spec: session 2 Top bar "A support ticket link"). */
export const SUPPORT_TICKET_SUBJECT = 'Support ticket: Intake Cockpit';

/** A mailto: link to the address with the ticket subject filled in. */
export function supportMailto(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(SUPPORT_TICKET_SUBJECT)}`;
}

/**
 * Where "contact support" leads: the support page when there is one (a firm's ticket
 * form knows more than an inbox), else a message to the e-mail address.
 */
export function supportTicketHref(contact: SupportContact): string {
  if (contact.url) return contact.url;
  return supportMailto(contact.email ?? DEFAULT_SUPPORT_EMAIL);
}

/**
 * The contact from the server's settings (SUPPORT_EMAIL, SUPPORT_URL; empty counts as
 * unset). The default address applies only when neither is set: a firm that gives only a
 * URL never shows the product's own address beside it. Throws an Error that names the
 * variable for a value that is not an e-mail address or an http(s) URL, so a typo stops
 * the server's start instead of sending people nowhere.
 */
export function supportContactFromSettings(settings: {
  email?: string | undefined;
  url?: string | undefined;
}): SupportContact {
  const email = settings.email?.trim() || null;
  const url = settings.url?.trim() || null;
  if (email === null && url === null) return DEFAULT_SUPPORT_CONTACT;
  const parsed = supportContactSchema.safeParse({ email, url });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = issue?.path[0] === 'url' ? 'SUPPORT_URL' : 'SUPPORT_EMAIL';
  const expected =
    variable === 'SUPPORT_URL'
      ? 'an http or https address such as https://help.example.com'
      : 'an e-mail address such as help@example.com';
  throw new Error(
    `${variable} must be ${expected}, got "${variable === 'SUPPORT_URL' ? url : email}"`,
  );
}
