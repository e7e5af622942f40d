import type { z } from 'zod';
import type { EditionKey } from '@/shared/contracts/roles';
import {
  type CallTrackingSettings,
  type CrmOrganizationState,
  type CrmSettings,
  callTrackingSettingsSchema,
  crmSettingsSchema,
  type WizardDraft,
  type WizardOwner,
  type WizardStep,
  type WizardValues,
  WIZARD_STEPS,
  type WorkspaceCreateRequest,
  type WorkspaceCrm,
  type WorkspaceEdit,
  workspaceNameSchema,
  workspaceTimezoneSchema,
  wizardOwnerSchema,
} from '@/shared/contracts/system-workspaces';
import { editionKeySchema } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';

// Pure rules of System > Workspace wizard and System > Workspaces (issue #16;
// docs/system-workspaces.md): which steps there are, what each requires, where a saved
// draft resumes, and how a workspace's settings read and change.

export const WIZARD_STEP_TITLES: Record<WizardStep, string> = {
  name: 'Name',
  timezone: 'Timezone',
  edition: 'Edition',
  crm: 'CRM and organisation',
  callTracking: 'Call tracking',
  owner: 'First owner',
  review: 'Review and finish',
};

/** The value each step gathers (review gathers none: it shows them all). */
export type ValueStep = Exclude<WizardStep, 'review'>;

/** What each step requires: its value must read with this contract. */
export const STEP_SCHEMAS: { [K in ValueStep]: z.ZodType<NonNullable<WizardValues[K]>> } = {
  name: workspaceNameSchema,
  timezone: workspaceTimezoneSchema,
  edition: editionKeySchema,
  crm: crmSettingsSchema,
  callTracking: callTrackingSettingsSchema,
  owner: wizardOwnerSchema,
};

export const VALUE_STEPS = WIZARD_STEPS.filter((step): step is ValueStep => step !== 'review');

export const stepIndex = (step: WizardStep): number => WIZARD_STEPS.indexOf(step);

export function nextStep(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.min(stepIndex(step) + 1, WIZARD_STEPS.length - 1)];
}

export function previousStep(step: WizardStep): WizardStep {
  return WIZARD_STEPS[Math.max(stepIndex(step) - 1, 0)];
}

/** Has this step's value been given, and does it still read? */
export function isStepComplete(step: WizardStep, values: WizardValues): boolean {
  if (step === 'review') return VALUE_STEPS.every((s) => isStepComplete(s, values));
  const value = values[step];
  return value !== undefined && STEP_SCHEMAS[step].safeParse(value).success;
}

/** The first step still missing its value; 'review' when every value is there. */
export function firstIncompleteStep(values: WizardValues): WizardStep {
  return VALUE_STEPS.find((step) => !isStepComplete(step, values)) ?? 'review';
}

/** A step can be opened when every step before it is complete (the trail's links). */
export function canOpenStep(step: WizardStep, values: WizardValues): boolean {
  return stepIndex(step) <= stepIndex(firstIncompleteStep(values));
}

/**
 * Where a saved draft resumes: the step the user was on, unless an earlier step lost its
 * value (a draft from an older version, a value no longer valid): then that step. No
 * draft starts at the first step.
 */
export function resumeStep(draft: Pick<WizardDraft, 'step' | 'values'> | null): WizardStep {
  if (!draft) return WIZARD_STEPS[0];
  const missing = firstIncompleteStep(draft.values);
  return stepIndex(draft.step) <= stepIndex(missing) ? draft.step : missing;
}

/** The POST workspaces body once every step is complete, else null. */
export function createRequestFrom(values: WizardValues): WorkspaceCreateRequest | null {
  const { name, timezone, edition, crm, callTracking } = values;
  if (!name || !timezone || !edition || !crm || !callTracking) return null;
  if (!isStepComplete('review', values)) return null;
  return { name, timezone, edition, crm, callTracking };
}

// ---------------------------------------------------------------- workspace settings

/** Which CRM a workspace works in, from its settings (isZoho / settings.zoho, ifsOrgId). */
export function crmOf(workspace: Workspace): WorkspaceCrm {
  const { settings, isZoho } = workspace.attributes;
  if (isZoho || settings.zoho) return 'zoho';
  if (settings.ifsOrgId !== null || settings.ifsOrgHost !== null) return 'keap';
  return 'none';
}

/** The CRM settings as the edit form holds them. */
export function crmSettingsOf(workspace: Workspace): CrmSettings {
  const { settings } = workspace.attributes;
  switch (crmOf(workspace)) {
    case 'zoho':
      return { kind: 'zoho', zohoOrgId: settings.zohoOrgId ?? '' };
    case 'keap':
      return {
        kind: 'keap',
        ifsOrgId: settings.ifsOrgId ?? '',
        ifsOrgHost: settings.ifsOrgHost ?? '',
      };
    case 'none':
      return { kind: 'none' };
  }
}

/** A workspace's editable settings, in the shape of the edit form. */
export function editableSettingsOf(workspace: Workspace): WorkspaceEdit {
  const { attributes } = workspace;
  return {
    name: attributes.name,
    timezone: attributes.timezone,
    edition: attributes.edition,
    crm: crmSettingsOf(workspace),
    cockpit: attributes.settings.cockpit,
    callTracking: {
      enabled: attributes.settings.ctm,
      account: attributes.vendors.callTrackingMetrics.account,
    },
    quickBooks: attributes.vendors.quickBooks,
  };
}

/** The stored parts of a workspace that the editable settings write. */
export interface WorkspaceStoredParts {
  name: string;
  timezone: string;
  edition: EditionKey;
  isZoho: boolean;
  settings: Omit<Workspace['attributes']['settings'], 'practiceAreas'>;
  vendors: Workspace['attributes']['vendors'];
}

/** The CRM columns for a CRM choice: exactly one CRM's organisation is kept. */
function crmColumns(crm: CrmSettings) {
  return {
    zoho: crm.kind === 'zoho',
    zohoOrgId: crm.kind === 'zoho' ? crm.zohoOrgId : null,
    ifsOrgId: crm.kind === 'keap' ? crm.ifsOrgId : null,
    ifsOrgHost: crm.kind === 'keap' ? crm.ifsOrgHost : null,
  };
}

function callTrackingColumns(callTracking: CallTrackingSettings) {
  return { ctm: callTracking.enabled, account: callTracking.account };
}

/**
 * Applies a (partial) settings change to the stored parts. Switching the CRM clears the
 * other CRM's organisation; the Zoho vendor flag follows the CRM (spec: session 3
 * vendors.zoho); needsAuth and the other settings are kept.
 */
export function applyWorkspaceEdit(
  current: WorkspaceStoredParts,
  change: Partial<WorkspaceEdit>,
): WorkspaceStoredParts {
  const next: WorkspaceStoredParts = {
    ...current,
    settings: { ...current.settings },
    vendors: {
      ...current.vendors,
      callTrackingMetrics: { ...current.vendors.callTrackingMetrics },
    },
  };
  if (change.name !== undefined) next.name = change.name;
  if (change.timezone !== undefined) next.timezone = change.timezone;
  if (change.edition !== undefined) next.edition = change.edition;
  if (change.crm !== undefined) {
    const crm = crmColumns(change.crm);
    next.isZoho = crm.zoho;
    next.settings = { ...next.settings, ...crm };
    next.vendors.zoho = crm.zoho;
  }
  if (change.cockpit !== undefined) next.settings.cockpit = change.cockpit;
  if (change.callTracking !== undefined) {
    const ctm = callTrackingColumns(change.callTracking);
    next.settings.ctm = ctm.ctm;
    next.vendors.callTrackingMetrics = { account: ctm.account };
  }
  if (change.quickBooks !== undefined) next.vendors.quickBooks = change.quickBooks;
  return next;
}

/** A new workspace's stored parts: cockpit off unless asked, no accounting vendor. */
export function newWorkspaceParts(request: WorkspaceCreateRequest & { crm: CrmSettings }) {
  const base: WorkspaceStoredParts = {
    name: request.name,
    timezone: request.timezone,
    edition: request.edition,
    isZoho: false,
    settings: {
      zoho: false,
      zohoOrgId: null,
      ifsOrgId: null,
      ifsOrgHost: null,
      cockpit: {
        enabled: false,
        modules: { salesPerformance: false, communications: false, cashFlow: false },
      },
      ctm: false,
      primaryPracticeArea: '',
    },
    vendors: {
      zoho: false,
      quickBooks: false,
      callTrackingMetrics: { account: null },
      needsAuth: [],
    },
  };
  return applyWorkspaceEdit(base, {
    crm: request.crm,
    callTracking: request.callTracking as CallTrackingSettings,
    ...(request.cockpit ? { cockpit: request.cockpit } : {}),
    ...(request.quickBooks !== undefined ? { quickBooks: request.quickBooks } : {}),
  });
}

// ---------------------------------------------------------------- health

export interface HealthFacts {
  crm: WorkspaceCrm;
  crmOrganization: CrmOrganizationState;
  activeOwners: number;
  pendingOwners: number;
  callTrackingOn: boolean;
  callTrackingAccount: string | null;
  failedAsyncRecords: number;
  /** Issue #32: the CTM connection's last failure (CTM's words), null while it works. */
  callTrackingFailure?: string | null;
  /** Issue #33: the vendor ended the CRM connection's grant; the owner must connect again. */
  crmReconnect?: boolean;
  /**
   * Issue #33: the QuickBooks connection's trouble: 'reconnect' (the firm ended the grant),
   * or the words of a reading of the books that failed; null or absent while it works.
   */
  quickBooksProblem?: string | null;
}

/** What needs a system user's attention in a workspace, in words; empty when healthy. */
export function workspaceProblems(facts: HealthFacts): string[] {
  const problems: string[] = [];
  if (facts.activeOwners === 0) {
    problems.push(
      facts.pendingOwners > 0
        ? 'The owner has not accepted the invitation yet.'
        : 'No active owner: invite one in Users administration.',
    );
  }
  if (facts.crmOrganization === 'unreachable') {
    problems.push(
      `The ${facts.crm === 'zoho' ? 'Zoho' : 'Keap'} organisation cannot be reached: its id is not set.`,
    );
  }
  if (facts.callTrackingOn && facts.callTrackingAccount === null) {
    problems.push('Call tracking is on without a CallTrackingMetrics account.');
  }
  if (facts.callTrackingFailure != null) {
    problems.push(`CallTrackingMetrics cannot be reached: ${facts.callTrackingFailure}`);
  }
  if (facts.crmReconnect === true) {
    const vendor = facts.crm === 'keap' ? 'Keap' : 'Zoho CRM';
    problems.push(`${vendor} ended the connection: the owner must connect it again.`);
  }
  if (facts.quickBooksProblem === 'reconnect') {
    problems.push('QuickBooks ended the connection: the owner must connect it again.');
  } else if (facts.quickBooksProblem) {
    problems.push(`The QuickBooks books could not be read: ${facts.quickBooksProblem}`);
  }
  if (facts.failedAsyncRecords > 0) {
    problems.push(
      facts.failedAsyncRecords === 1
        ? '1 CRM write failed and waits in Async error resolution.'
        : `${facts.failedAsyncRecords} CRM writes failed and wait in Async error resolution.`,
    );
  }
  return problems;
}

/** CRM label as the Workspaces table shows it. */
export const CRM_LABELS: Record<WorkspaceCrm, string> = {
  zoho: 'Zoho',
  keap: 'Keap',
  none: 'No CRM',
};

// ---------------------------------------------------------------- form readers

/** A form's reading: the value to send, or an error per field (the app's useCheckedDraft). */
export type FormReading<Value, Errors> =
  { ok: true; request: Value } | { ok: false; errors: Errors };

/** The first message per field, the field named by the issue path's element at `depth`. */
function errorsByField<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly Field[],
  depth = 0,
  fallback?: Field,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const key = issue.path[depth];
    const field =
      typeof key === 'string' && (fields as readonly string[]).includes(key)
        ? (key as Field)
        : fallback;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The CRM part of a form as typed: the choice and each organisation field. */
export interface CrmForm {
  kind: WorkspaceCrm | '';
  zohoOrgId: string;
  ifsOrgId: string;
  ifsOrgHost: string;
}
export type CrmFormErrors = Partial<Record<keyof CrmForm, string>>;

export function crmFormOf(crm: CrmSettings | undefined): CrmForm {
  return {
    kind: crm?.kind ?? '',
    zohoOrgId: crm?.kind === 'zoho' ? crm.zohoOrgId : '',
    ifsOrgId: crm?.kind === 'keap' ? crm.ifsOrgId : '',
    ifsOrgHost: crm?.kind === 'keap' ? crm.ifsOrgHost : '',
  };
}

/** Reads the CRM fields with the contract the server checks (crmSettingsSchema). */
export function readCrmForm(form: CrmForm): FormReading<CrmSettings, CrmFormErrors> {
  if (form.kind === '') {
    return { ok: false, errors: { kind: 'Choose the CRM: Zoho, Keap or none.' } };
  }
  const candidate =
    form.kind === 'zoho'
      ? { kind: 'zoho', zohoOrgId: form.zohoOrgId }
      : form.kind === 'keap'
        ? { kind: 'keap', ifsOrgId: form.ifsOrgId, ifsOrgHost: form.ifsOrgHost }
        : { kind: 'none' };
  const parsed = crmSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    errors: errorsByField(
      parsed.error.issues,
      ['kind', 'zohoOrgId', 'ifsOrgId', 'ifsOrgHost'],
      0,
      'kind',
    ),
  };
}

/** The call-tracking part of a form as typed. */
export interface CallTrackingForm {
  enabled: boolean;
  account: string;
}
export type CallTrackingFormErrors = Partial<Record<keyof CallTrackingForm, string>>;

export function callTrackingFormOf(value: CallTrackingSettings | undefined): CallTrackingForm {
  return { enabled: value?.enabled ?? false, account: value?.account ?? '' };
}

/** Reads call tracking: an empty account is "no account" (allowed only with tracking off). */
export function readCallTrackingForm(
  form: CallTrackingForm,
): FormReading<CallTrackingSettings, CallTrackingFormErrors> {
  const parsed = callTrackingSettingsSchema.safeParse({
    enabled: form.enabled,
    account: form.account.trim() === '' ? null : form.account,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    errors: errorsByField(parsed.error.issues, ['enabled', 'account'], 0, 'account'),
  };
}

/** Reads one value with its contract: the value or its first message. */
export function readValue<T>(
  schema: z.ZodType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Check this value.' };
}

/** The first owner's fields as typed. */
export type OwnerForm = { firstName: string; lastName: string; email: string };
export type OwnerFormErrors = Partial<Record<keyof OwnerForm, string>>;

export function readOwnerForm(form: OwnerForm): FormReading<WizardOwner, OwnerFormErrors> {
  const parsed = wizardOwnerSchema.safeParse(form);
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    errors: errorsByField(parsed.error.issues, ['firstName', 'lastName', 'email']),
  };
}
