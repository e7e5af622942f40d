import { z } from 'zod';

// spec: dashboards 7 "Address check". The postal service speaks XML, the API speaks JSON
// (session 7: every request carries a JSON content type), so the XML documents travel as
// one string field each way: POST api/addresses/verify { xml } → { xml }.

/** Longest XML document either way (a reply for one address is well under 1 KB). */
export const MAX_ADDRESS_XML_CHARS = 16 * 1024;

/** POST addresses/verify: the AddressValidateRequest document. */
export const addressVerifyRequestSchema = z.object({
  xml: z.string().min(1).max(MAX_ADDRESS_XML_CHARS),
});
export type AddressVerifyRequest = z.infer<typeof addressVerifyRequestSchema>;

/** The service's reply document (AddressValidateResponse, or Error). */
export const addressVerifyResponseSchema = z.object({
  xml: z.string().max(MAX_ADDRESS_XML_CHARS),
});
export type AddressVerifyResponse = z.infer<typeof addressVerifyResponseSchema>;
