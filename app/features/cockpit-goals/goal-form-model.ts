import type { z } from 'zod';
import {
  type CockpitGoalSettings,
  type CockpitGoalSettingsUpdate,
  cockpitGoalsUpdateSchema,
} from '@/shared/contracts/reports/cockpit-goals';
import type { SalesPerformanceGoals } from '@/shared/contracts/goals';

/**
 * The cockpit-goals form as data (spec: dashboards 3 Goal settings, 5 Goal form, 9 goal
 * pairs). Values are the inputs' texts, keyed by field path; validation is the server's
 * own zod schema (cockpitGoalsUpdateSchema), so both sides refuse the same input.
 */
export type GoalFormValues = Record<string, string>;
export type GoalFormErrors = Record<string, string>;

/** The weekly min/goal pairs of Sales Performance, in the form's order. */
export const SALES_GOAL_PAIRS: readonly {
  label: string;
  min: keyof SalesPerformanceGoals;
  goal: keyof SalesPerformanceGoals;
}[] = [
  { label: 'Outbound calls', min: 'outboundCallsMin', goal: 'outboundCallsMax' },
  { label: 'Outbound answers', min: 'outboundAnswersMin', goal: 'outboundAnswersMax' },
  { label: 'Outbound sets', min: 'outboundSetsMin', goal: 'outboundSetsMax' },
  {
    label: 'Appointments scheduled',
    min: 'appointmentsScheduledMin',
    goal: 'appointmentsScheduledMax',
  },
  { label: 'Spots filled', min: 'spotsFilledMin', goal: 'spotsFilledMax' },
  { label: 'Shows', min: 'showsMin', goal: 'showsMax' },
  { label: 'Hires', min: 'hiresMin', goal: 'hiresMax' },
];

export const COMMUNICATIONS_FIELDS = [
  { key: 'allowableMissedCalls', label: 'Allowable missed calls', unit: 'per week' },
  { key: 'allowableAbandonedCalls', label: 'Allowable abandoned calls', unit: 'per week' },
  { key: 'averageWaitTime', label: 'Average wait time', unit: 'seconds' },
] as const;

export const sourceField = (id: string, key: 'leadsMin' | 'leadsMax') => `leadSources.${id}.${key}`;

const text = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

/** The form's starting values from the stored settings. */
export function goalFormValues(settings: CockpitGoalSettings): GoalFormValues {
  const values: GoalFormValues = {
    'leadGen.leadsMin': text(settings.leadGen.leadsMin),
    'leadGen.leadsMax': text(settings.leadGen.leadsMax),
  };
  for (const [key, value] of Object.entries(settings.salesPerformance)) {
    values[`salesPerformance.${key}`] = text(value);
  }
  for (const [key, value] of Object.entries(settings.communications)) {
    values[`communications.${key}`] = text(value);
  }
  for (const source of settings.leadSources) {
    values[sourceField(source.id, 'leadsMin')] = text(source.leadGen?.leadsMin);
    values[sourceField(source.id, 'leadsMax')] = text(source.leadGen?.leadsMax);
  }
  return values;
}

/** '' → undefined (required), '12' → 12, 'abc' → NaN (not a number). */
function numberOf(value: string | undefined): number | undefined {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function section<K extends string>(values: GoalFormValues, prefix: string, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, numberOf(values[`${prefix}.${key}`])]));
}

/** The raw request body the form's values make, before validation. */
export function goalFormBody(values: GoalFormValues, sourceIds: readonly string[]): unknown {
  const salesKeys = [
    'targetInboundSetRate',
    ...SALES_GOAL_PAIRS.flatMap((pair) => [pair.min, pair.goal]),
  ] as const;
  return {
    leadGen: section(values, 'leadGen', ['leadsMin', 'leadsMax']),
    salesPerformance: section(values, 'salesPerformance', salesKeys),
    communications: section(
      values,
      'communications',
      COMMUNICATIONS_FIELDS.map((field) => field.key),
    ),
    leadSources: sourceIds.map((id) => {
      const leadsMin = numberOf(values[sourceField(id, 'leadsMin')]);
      const leadsMax = numberOf(values[sourceField(id, 'leadsMax')]);
      // Both empty: the source has no goal of its own.
      return {
        id,
        leadGen: leadsMin === undefined && leadsMax === undefined ? null : { leadsMin, leadsMax },
      };
    }),
  };
}

function messageOf(issue: z.core.$ZodIssue, field: string, typed: string | undefined): string {
  if (issue.code === 'invalid_type') {
    if ((typed ?? '').trim() === '') {
      return field.endsWith('leadsMin') ? 'Lead minimum is required.' : 'Required.';
    }
    return 'Enter a number.';
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/** The field key an issue belongs to: lead-source rows are keyed by id, not index. */
function fieldOf(path: readonly PropertyKey[], sourceIds: readonly string[]): string {
  if (path[0] === 'leadSources' && typeof path[1] === 'number') {
    const id = sourceIds[path[1]];
    const key = path[3] === 'leadsMax' ? 'leadsMax' : 'leadsMin';
    return sourceField(id, key);
  }
  return path.map(String).join('.');
}

/**
 * Validates the form with the contract's schema (spec: dashboards 5 — leadsMin required;
 * targetInboundSetRate 0 to 100; other goal values at least 0): the update to send, or
 * one message per field.
 */
export function validateGoalForm(
  values: GoalFormValues,
  sourceIds: readonly string[],
): { ok: true; update: CockpitGoalSettingsUpdate } | { ok: false; errors: GoalFormErrors } {
  const result = cockpitGoalsUpdateSchema.safeParse(goalFormBody(values, sourceIds));
  if (result.success) return { ok: true, update: result.data };
  const errors: GoalFormErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path, sourceIds);
    errors[field] ??= messageOf(issue, field, values[field]);
  }
  return { ok: false, errors };
}
