import { z } from 'zod';

/**
 * Where people get help (issue #30): the server's SUPPORT_EMAIL and SUPPORT_URL, so a firm
 * points every "contact support" link of the app (error views, the sign-in page, the
 * credentials page, the help page) at its own desk. At least one of the two is set.
 */
export const supportContactSchema = z
  .object({
    /** An e-mail address ("contact support" opens a message to it when there is no url). */
    email: z.email().max(254).nullable(),
    /** A support page or ticket form, http(s) only; preferred over the e-mail when set. */
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable(),
  })
  .refine((contact) => contact.email !== null || contact.url !== null, {
    message: 'a support contact needs an e-mail address or a URL',
  });
export type SupportContact = z.infer<typeof supportContactSchema>;

/**
 * GET /api/public-config — unauthenticated: what the app needs to know about its server
 * before anyone signs in (the sign-in page's "Contact support"). Nothing secret belongs here.
 */
export const publicConfigSchema = z.object({
  support: supportContactSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_PATH = 'public-config';
