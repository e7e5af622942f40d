import { z } from 'zod';

// Zoho CRM's own answer shapes, API v7 (issue #33), read from Zoho's documentation and its
// official SDK for v7 (github.com/zoho/zohocrm-php-sdk-7.0, src/resources/JSONDetails.json,
// whose classes record/ActionWrapper, record/SuccessResponse, record/APIException,
// record/Info, tags/RecordActionWrapper and tags/RecordSuccessResponse name every key
// below), never from our contracts. Objects keep Zoho's keys; records keep every field
// (Zoho's field API names are the organisation's own), the envelopes strip what we do not
// read.

/**
 * Zoho's error answer, at the top level (401 INVALID_TOKEN, 429, 5xx) or per record inside
 * `data` (400 MANDATORY_NOT_FOUND, INVALID_DATA, DUPLICATE_DATA): `{code, details, message,
 * status: "error"}`; `details` names the field (`api_name`, `json_path`) where one is at
 * fault. The v7 SDK's record/APIException (keys and codes), the insert page's notes
 * (https://www.zoho.com/crm/developer/docs/api/v7/insert-records.html: INVALID_DATA,
 * duplicates), https://zoho.com/crm/developer/docs/api/v8/status-codes.html.
 */
export const zohoErrorSchema = z.object({
  code: z.string().min(1),
  details: z.record(z.string(), z.unknown()).nullish(),
  message: z.string().nullish(),
  status: z.literal('error'),
});
export type ZohoError = z.infer<typeof zohoErrorSchema>;

/**
 * One record as Zoho answers it: its `id` (a 19-digit number written as a string) and the
 * fields asked for, under their API names (`Last_Name`, `Phone`, `Created_Time`, lookups as
 * `{id, name}`). https://zoho.com/crm/developer/docs/api/getrecords.html (v8, "To get specific
 * record"), https://prewww.zoho.com/crm/developer/docs/api/v5/get-records.html.
 */
export const zohoRecordSchema = z.looseObject({ id: z.string().min(1) });
export type ZohoRecord = z.infer<typeof zohoRecordSchema>;

/**
 * A list of records: `data` and the paging `info` (per_page, count, page, more_records).
 * Search (https://zoho.com/crm/developer/docs/api/v2.1/search-records.html, the same
 * {version} path in v7), related records
 * (https://www.zoho.com/crm/developer/docs/api/v7/get-related-records.html) and one record
 * (GET /{module}/{id}, answered as a list of one) share it. "Nothing found" is not this
 * shape but HTTP 204 with no body (https://zoho.com/crm/developer/docs/api/v8/status-codes.html,
 * "No Content").
 */
export const zohoRecordsAnswerSchema = z.object({
  data: z.array(zohoRecordSchema),
  info: z
    .object({
      per_page: z.number().int().nullish(),
      count: z.number().int().nullish(),
      page: z.number().int().nullish(),
      more_records: z.boolean().nullish(),
    })
    .nullish(),
});

/**
 * The outcome of one record of a write: `{code: "SUCCESS", details: {id, Created_Time,
 * Modified_Time, Created_By, Modified_By}, message: "record added" | "record updated",
 * status: "success"}`, or the error shape above. Tag actions answer the same envelope with
 * `details: {id, tags}` (https://www.zoho.com/crm/developer/docs/api/v7/add-tags.html).
 */
export const zohoActionSuccessSchema = z.object({
  code: z.string().min(1),
  details: z.looseObject({ id: z.string().min(1) }),
  message: z.string().nullish(),
  status: z.literal('success'),
});
export const zohoActionResultSchema = z.discriminatedUnion('status', [
  zohoActionSuccessSchema,
  zohoErrorSchema,
]);
export type ZohoActionResult = z.infer<typeof zohoActionResultSchema>;

/**
 * A write's answer, one outcome per record sent, in the order sent: HTTP 201 (insert) or
 * 200 (update, tags) when every record succeeded, 207 when some did, 400 when none did.
 * https://www.zoho.com/crm/developer/docs/api/v7/insert-records.html,
 * https://zoho.com/crm/developer/docs/api/v2.1/update-records.html (the {version} page),
 * https://zoho.com/crm/developer/docs/api/v8/status-codes.html (201, 207 Multi-Status).
 */
export const zohoActionAnswerSchema = z.object({ data: z.array(zohoActionResultSchema).min(1) });

/** Zoho's words for an error: its message, and the field at fault when it names one. */
export function zohoErrorText(error: ZohoError): string {
  const message = error.message?.trim() || error.code;
  const field = error.details?.api_name;
  return typeof field === 'string' && field !== '' ? `${message} (${field})` : message;
}

/**
 * The words and code of an error answer, whether Zoho put the error at the top level or in
 * the first record's outcome; null when the body is neither (an HTML error page).
 */
export function zohoErrorWords(body: unknown): { words: string; code: string } | null {
  const top = zohoErrorSchema.safeParse(body);
  if (top.success) return { words: zohoErrorText(top.data), code: top.data.code };
  const perRecord = z.object({ data: z.array(z.unknown()).min(1) }).safeParse(body);
  if (!perRecord.success) return null;
  const first = zohoErrorSchema.safeParse(perRecord.data.data[0]);
  return first.success ? { words: zohoErrorText(first.data), code: first.data.code } : null;
}
