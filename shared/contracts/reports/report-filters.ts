import { z } from 'zod';
import { idSchema } from '../common';

/**
 * The filters every report call shares (spec: dashboards 3 Report filters, 5 Validation,
 * 7 Calls made). Dates are workspace-local calendar days written ISO style, YYYY-MM-DD
 * (the screens show MM/DD/YYYY and convert). Both dates are required; the start date is
 * not after the end date. "End date not after today" depends on the workspace's timezone
 * and is checked by the server (answering 400 like any other bad filter).
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const reportDaySchema = z
  .string()
  .refine(isIsoDay, { message: 'must be a calendar date written YYYY-MM-DD' });

/** spec: dashboards 7 "Report type values: 'rjPclc' (Snapshot) and '{product}PCLC'". */
export const PCLC_TYPES = ['rjPclc', 'intakePCLC'] as const;
export const pclcTypeSchema = z.enum(PCLC_TYPES);
export type PclcType = z.infer<typeof pclcTypeSchema>;
/** The snapshot perspective counts transitions by when they happened. */
export const SNAPSHOT_TYPE: PclcType = 'rjPclc';
/** The conversion ("intake") perspective counts only contacts that entered in the range. */
export const CONVERSION_TYPE: PclcType = 'intakePCLC';

/** A case type with no case type set (spec: dashboards 2.8 "an extra 'Unknown' entry"). */
export const UNKNOWN_CASE_TYPE = 'unknown';

const MAX_FILTER_IDS = 500;
const idListSchema = z.array(idSchema).max(MAX_FILTER_IDS);

/**
 * A list filter in a query string: one value (`leadSources=a`) or repeated keys
 * (`leadSources=a&leadSources=b`) both give an array.
 */
const queryIdListSchema = z
  .union([idSchema, z.array(idSchema).max(MAX_FILTER_IDS)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const CAMPAIGN_STATUSES = ['active', 'inactive'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/**
 * spec: dashboards 3 "campaignStatus (map id to boolean)", 2.9 "campaign status
 * (active/inactive)", 4 "choosing both or neither shows all". Accepted as the map
 * `{active: true, inactive: false}` or as a list `['active']`; normalised to the list of
 * chosen statuses, where both or neither means no filter.
 */
const campaignStatusMapSchema = z
  .object({ active: z.boolean().optional(), inactive: z.boolean().optional() })
  .strict()
  .transform((map) => CAMPAIGN_STATUSES.filter((status) => map[status] === true));
const campaignStatusListSchema = z.array(campaignStatusSchema).max(2);
const bodyCampaignStatusSchema = z.union([campaignStatusMapSchema, campaignStatusListSchema]);
const queryCampaignStatusSchema = z
  .union([campaignStatusSchema, campaignStatusListSchema])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** The normalised filters a report is computed with. */
export interface ReportFilters {
  startDate: string;
  endDate: string;
  type: PclcType;
  leadSources: string[];
  campaigns: string[];
  /** Chosen campaign statuses; empty = every campaign. */
  campaignStatus: CampaignStatus[];
  offices: string[];
  /** Case types (ids, keys or labels; `unknown` = none set), practiceAreas included. */
  caseTypes: string[];
  subCaseTypes: string[];
  agents: string[];
}

function filterShape<L extends z.ZodType<string[]>, S extends z.ZodType<CampaignStatus[]>>(
  list: L,
  status: S,
) {
  return {
    startDate: reportDaySchema,
    endDate: reportDaySchema,
    type: pclcTypeSchema.default(SNAPSHOT_TYPE),
    leadSources: list.optional(),
    campaigns: list.optional(),
    campaignStatus: status.optional(),
    offices: list.optional(),
    caseTypes: list.optional(),
    /** spec: dashboards 7 pclc/trends name the case-type filter practiceAreas. */
    practiceAreas: list.optional(),
    subCaseTypes: list.optional(),
    agents: list.optional(),
  };
}

type RawFilters = {
  startDate: string;
  endDate: string;
  type: PclcType;
  leadSources?: string[];
  campaigns?: string[];
  campaignStatus?: CampaignStatus[];
  offices?: string[];
  caseTypes?: string[];
  practiceAreas?: string[];
  subCaseTypes?: string[];
  agents?: string[];
};

function normalise(raw: RawFilters): ReportFilters {
  const statuses = raw.campaignStatus ?? [];
  return {
    startDate: raw.startDate,
    endDate: raw.endDate,
    type: raw.type,
    leadSources: unique(raw.leadSources),
    campaigns: unique(raw.campaigns),
    // Both statuses or neither: every campaign (spec: dashboards 4).
    campaignStatus: new Set(statuses).size === 1 ? [statuses[0]] : [],
    offices: unique(raw.offices),
    caseTypes: unique([...(raw.caseTypes ?? []), ...(raw.practiceAreas ?? [])]),
    subCaseTypes: unique(raw.subCaseTypes),
    agents: unique(raw.agents),
  };
}

function unique(values: readonly string[] | undefined): string[] {
  return [...new Set(values ?? [])];
}

const startNotAfterEnd = (value: { startDate: string; endDate: string }) =>
  value.startDate <= value.endDate;
const START_AFTER_END = {
  message: 'the start date must not be after the end date',
  path: ['startDate'],
};

/** POST bodies: lists are JSON arrays. */
export const reportFiltersBodySchema = z
  .object(filterShape(idListSchema, bodyCampaignStatusSchema))
  .refine(startNotAfterEnd, START_AFTER_END)
  .transform(normalise);
export type ReportFiltersBody = z.input<typeof reportFiltersBodySchema>;

/** GET query strings: a list is one value or a repeated key. */
export const reportFiltersQuerySchema = z
  .object(filterShape(queryIdListSchema, queryCampaignStatusSchema))
  .refine(startNotAfterEnd, START_AFTER_END)
  .transform(normalise);
export type ReportFiltersQuery = z.input<typeof reportFiltersQuerySchema>;

/** Only a date range (spec: dashboards 7 reports taking startDate, endDate). */
export const dateRangeSchema = z
  .object({ startDate: reportDaySchema, endDate: reportDaySchema })
  .refine(startNotAfterEnd, START_AFTER_END);
export type DateRange = z.infer<typeof dateRangeSchema>;

/** Counts are whole numbers; rates are percents with 2 decimals (shared/domain/funnel-rates). */
export const countSchema = z.number().int().min(0);
export const percentSchema = z.number().min(0);
/**
 * What a rate divides (issue #30): its numerator and denominator, counts of one
 * population, so a screen can say "11 of 13" beside the rate and a test can check it.
 */
export const rateBasisSchema = z.object({ numerator: countSchema, denominator: countSchema });
export type RateBasisData = z.infer<typeof rateBasisSchema>;
/** Money in USD with cents (spec: dashboards 1 "Money is shown in USD"). */
export const moneySchema = z.number();
