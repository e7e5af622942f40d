import { z } from 'zod';

// QuickBooks Online's own answer shapes, Accounting API v3 (issue #33), read from Intuit's
// API reference, never from our contracts:
// - Invoice: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice
// - Payment: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/payment
//   (TotalAmt and CustomerRef required; Line[].LinkedTxn[] {TxnId, TxnType: "Invoice" | …})
// - Customer: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/customer
// - Account: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/most-commonly-used/account
//   (AccountType "Bank" among the asset types; CurrentBalance; AccountType filterable)
// - RecurringTransaction: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/recurringtransaction
//   (a query answers each template wrapped in its type, {"Invoice": {…, RecurringInfo}};
//   RecurringInfo {Name, RecurType Automated | Reminded | UnScheduled, Active, ScheduleInfo
//   {IntervalType Daily | Weekly | Monthly | Yearly, NumInterval, DayOfMonth, StartDate,
//   EndDate, NextDate, PreviousDate, …}}; the reference types the numbers as String, its
//   examples send JSON numbers: both are read)
// - CompanyInfo: https://developer.intuit.com/app/developer/qbo/docs/api/accounting/most-commonly-used/companyinfo
//   (GET /v3/company/{realmId}/companyinfo/{realmId} answers {CompanyInfo, time})
// - the query envelope: https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries
//   ("QueryResponse … startPosition … maxResults — The number of entity elements in the
//   response"; "Only those properties with values are returned"), with the examples of
//   the entity pages above ({"QueryResponse": {"Invoice": […], "startPosition": 1,
//   "maxResults": 2}, "time": "…"}); totalCount answers `select count(*)`;
// - the Fault: https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes
//   and …/troubleshooting/handling-common-errors: {"Fault": {"Error": [{"Message",
//   "Detail", "code", "element"}], "type": "ValidationFault" | "SystemFault" |
//   "AuthenticationFault" | "AuthorizationFault"}, "time"}; "200 OK … the response body
//   may contain a <Fault> element that identifies the error".
//
// Intuit's keys stay PascalCase. Records keep every field (z.looseObject: a company's
// QuickBooks carries custom fields, lines and references we do not read); envelopes keep
// only what we read. Ids are strings in Intuit's JSON ("Id": "129").
//
// ASSUMED, where the documentation reachable here does not settle a shape (kept here):
// - an empty result answers `{"QueryResponse": {}}` (no entity key, no startPosition):
//   Intuit documents no empty example; it is what integrations record from Intuit.
// - a refusal of the token at Intuit's gateway sometimes comes lowercase,
//   `{"fault": {"error": [{"message", "detail", "code"}], "type"}}` (seen by integrations
//   for 401s, never documented): it is read like the documented Fault.

const text = z.string();
const optionalText = text.nullish();
/** An Intuit Id: a string in JSON. */
const idSchema = text.min(1);
/** Intuit's Decimal amounts: JSON numbers. */
const amount = z.number();
/** A count the reference types as String while its examples send a number. */
const countish = z
  .union([z.number().int(), text.regex(/^\d+$/)])
  .transform((value) => Number(value))
  .nullish();

/** ReferenceType: {value: the Id, name: the object's display name when given}. */
export const quickBooksRefSchema = z.looseObject({ value: text, name: optionalText });
export type QuickBooksRef = z.infer<typeof quickBooksRefSchema>;

/** ModificationMetaData: read only, set by Intuit; LastUpdatedTime filterable, sortable. */
export const quickBooksMetaDataSchema = z.looseObject({
  CreateTime: optionalText,
  LastUpdatedTime: optionalText,
});

/** LinkedTxn: the transaction this one is related to. */
export const quickBooksLinkedTxnSchema = z.looseObject({
  TxnId: text,
  TxnType: text,
  TxnLineId: optionalText,
});

const commonFields = {
  Id: idSchema,
  SyncToken: optionalText,
  MetaData: quickBooksMetaDataSchema.nullish(),
};

/** Invoice: a sales form the customer pays later. */
export const quickBooksInvoiceSchema = z.looseObject({
  ...commonFields,
  DocNumber: optionalText,
  TxnDate: optionalText,
  DueDate: optionalText,
  TotalAmt: amount,
  Balance: amount.nullish(),
  CustomerRef: quickBooksRefSchema,
  LinkedTxn: z.array(quickBooksLinkedTxnSchema).nullish(),
  EmailStatus: optionalText,
  PrivateNote: optionalText,
});
export type QuickBooksInvoice = z.infer<typeof quickBooksInvoiceSchema>;

/** One line of a Payment: the amount applied to the transactions it links. */
export const quickBooksPaymentLineSchema = z.looseObject({
  Amount: amount,
  LinkedTxn: z.array(quickBooksLinkedTxnSchema).nullish(),
});

/** Payment: money received, applied to invoices (Line[].LinkedTxn, TxnType "Invoice"). */
export const quickBooksPaymentSchema = z.looseObject({
  ...commonFields,
  TxnDate: optionalText,
  TotalAmt: amount,
  UnappliedAmt: amount.nullish(),
  CustomerRef: quickBooksRefSchema,
  PaymentRefNum: optionalText,
  DepositToAccountRef: quickBooksRefSchema.nullish(),
  PaymentMethodRef: quickBooksRefSchema.nullish(),
  Line: z.array(quickBooksPaymentLineSchema).nullish(),
});
export type QuickBooksPayment = z.infer<typeof quickBooksPaymentSchema>;

/** Customer: DisplayName always present; the rest only when the company filled it. */
export const quickBooksCustomerSchema = z.looseObject({
  ...commonFields,
  DisplayName: text,
  GivenName: optionalText,
  FamilyName: optionalText,
  CompanyName: optionalText,
  PrimaryEmailAddr: z.looseObject({ Address: optionalText }).nullish(),
  PrimaryPhone: z.looseObject({ FreeFormNumber: optionalText }).nullish(),
  Mobile: z.looseObject({ FreeFormNumber: optionalText }).nullish(),
  Balance: amount.nullish(),
  Active: z.boolean().nullish(),
});
export type QuickBooksCustomer = z.infer<typeof quickBooksCustomerSchema>;

/** Account: a ledger of the chart of accounts ("Bank" accounts hold the firm's cash). */
export const quickBooksAccountSchema = z.looseObject({
  ...commonFields,
  Name: text,
  AccountType: optionalText,
  AccountSubType: optionalText,
  Classification: optionalText,
  CurrentBalance: amount.nullish(),
  CurrentBalanceWithSubAccounts: amount.nullish(),
  Active: z.boolean().nullish(),
  CurrencyRef: quickBooksRefSchema.nullish(),
});
export type QuickBooksAccount = z.infer<typeof quickBooksAccountSchema>;

/** RecurringInfo.ScheduleInfo (RecurringScheduleInfo). */
export const quickBooksScheduleInfoSchema = z.looseObject({
  IntervalType: optionalText,
  NumInterval: countish,
  DayOfMonth: countish,
  DayOfWeek: optionalText,
  WeekOfMonth: optionalText,
  MonthOfYear: optionalText,
  MaxOccurrences: countish,
  DaysBefore: countish,
  RemindDays: countish,
  StartDate: optionalText,
  EndDate: optionalText,
  NextDate: optionalText,
  PreviousDate: optionalText,
});

/** RecurringInfo: the schedule of a recurring template. */
export const quickBooksRecurringInfoSchema = z.looseObject({
  Name: optionalText,
  RecurType: optionalText,
  Active: z.boolean().nullish(),
  ScheduleInfo: quickBooksScheduleInfoSchema.nullish(),
});

/** A recurring invoice template: an Invoice without its own dates, with RecurringInfo. */
export const quickBooksRecurringInvoiceSchema = z.looseObject({
  ...commonFields,
  RecurringInfo: quickBooksRecurringInfoSchema,
  RecurDataRef: quickBooksRefSchema.nullish(),
  CustomerRef: quickBooksRefSchema.nullish(),
  TotalAmt: amount.nullish(),
});
export type QuickBooksRecurringInvoice = z.infer<typeof quickBooksRecurringInvoiceSchema>;

/**
 * One row of `select * from RecurringTransaction`: the template wrapped in its type. Only
 * the Invoice kind is read; the others (Bill, JournalEntry, …) are kept as they came.
 */
export const quickBooksRecurringTransactionSchema = z.looseObject({
  Invoice: quickBooksRecurringInvoiceSchema.optional(),
});
export type QuickBooksRecurringTransaction = z.infer<typeof quickBooksRecurringTransactionSchema>;

/** CompanyInfo: the company of the realm. */
export const quickBooksCompanyInfoSchema = z.looseObject({
  ...commonFields,
  CompanyName: text,
  LegalName: optionalText,
  Country: optionalText,
  FiscalYearStartMonth: optionalText,
  Email: z.looseObject({ Address: optionalText }).nullish(),
  PrimaryPhone: z.looseObject({ FreeFormNumber: optionalText }).nullish(),
});
export type QuickBooksCompanyInfo = z.infer<typeof quickBooksCompanyInfoSchema>;

/** GET …/companyinfo/{realmId}: {CompanyInfo, time}. */
export const quickBooksCompanyInfoResponseSchema = z.object({
  CompanyInfo: quickBooksCompanyInfoSchema,
  time: optionalText,
});

/** The query envelope without its rows (read per entity by quickBooksQueryPageSchema). */
export const quickBooksQueryEnvelopeSchema = z.object({
  QueryResponse: z.looseObject({
    startPosition: z.number().int().nullish(),
    maxResults: z.number().int().nullish(),
    totalCount: z.number().int().nullish(),
  }),
  time: optionalText,
});

/** One page of a query: the rows of the entity asked for, and where the page starts. */
export interface QuickBooksQueryPage<T> {
  rows: T[];
  startPosition: number | null;
  maxResults: number | null;
  totalCount: number | null;
  time: string | null;
}

/**
 * A query answer for `entity` (the key its rows come under: "Invoice"), each row checked
 * against `row`; a row out of shape is reported at its place (QueryResponse.Invoice.3.Id).
 */
export function quickBooksQueryPageSchema<T>(
  entity: string,
  row: z.ZodType<T>,
): z.ZodType<QuickBooksQueryPage<T>> {
  const rows = z.array(row);
  return quickBooksQueryEnvelopeSchema.transform((answer, ctx): QuickBooksQueryPage<T> => {
    const found = answer.QueryResponse[entity];
    const parsed = rows.safeParse(found ?? []);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['QueryResponse', entity, ...issue.path],
        });
      }
      return z.NEVER;
    }
    const page = answer.QueryResponse;
    return {
      rows: parsed.data,
      startPosition: page.startPosition ?? null,
      maxResults: page.maxResults ?? null,
      totalCount: page.totalCount ?? null,
      time: answer.time ?? null,
    };
  });
}

/** One error of a Fault, as Intuit documents it. */
export const quickBooksFaultErrorSchema = z.looseObject({
  Message: text,
  Detail: optionalText,
  code: z.union([text, z.number()]).nullish(),
  element: optionalText,
});

/** The documented Fault envelope. */
export const quickBooksFaultSchema = z.object({
  Fault: z.looseObject({
    Error: z.array(quickBooksFaultErrorSchema).min(1),
    type: optionalText,
  }),
  time: optionalText,
});

/** The lowercase variant some 401s come in (see ASSUMED above). */
const lowercaseFaultSchema = z.object({
  fault: z.looseObject({
    error: z
      .array(
        z.looseObject({
          message: text,
          detail: optionalText,
          code: z.union([text, z.number()]).nullish(),
        }),
      )
      .min(1),
    type: optionalText,
  }),
});

export interface QuickBooksFault {
  /** ValidationFault, SystemFault, AuthenticationFault, AuthorizationFault, …; null if none. */
  type: string | null;
  errors: { message: string; detail: string | null; code: string | null }[];
}

/** The Fault of an answer, in either spelling; null when the body is no Fault. */
export function quickBooksFaultOf(body: unknown): QuickBooksFault | null {
  const fault = quickBooksFaultSchema.safeParse(body);
  if (fault.success) {
    return {
      type: fault.data.Fault.type ?? null,
      errors: fault.data.Fault.Error.map((error) => ({
        message: error.Message,
        detail: error.Detail ?? null,
        code: error.code === null || error.code === undefined ? null : String(error.code),
      })),
    };
  }
  const lower = lowercaseFaultSchema.safeParse(body);
  if (!lower.success) return null;
  return {
    type: lower.data.fault.type ?? null,
    errors: lower.data.fault.error.map((error) => ({
      message: error.message,
      detail: error.detail ?? null,
      code: error.code === null || error.code === undefined ? null : String(error.code),
    })),
  };
}

/** A Fault in Intuit's words: each error's Message and Detail, the first error's code. */
export function quickBooksFaultWords(fault: QuickBooksFault): { words: string; code?: string } {
  const words = fault.errors
    .map(({ message, detail }) => {
      const said = message.trim();
      const more = detail?.trim();
      return more && more !== said ? `${said}: ${more}` : said;
    })
    .join('; ');
  const code = fault.errors[0]?.code;
  return { words, ...(code ? { code } : {}) };
}

/** The words and code of an error answer; null when the body is no Fault (an HTML page). */
export function quickBooksErrorWords(body: unknown): { words: string; code?: string } | null {
  const fault = quickBooksFaultOf(body);
  return fault ? quickBooksFaultWords(fault) : null;
}
