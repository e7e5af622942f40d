import type { EditionKey } from '@/shared/contracts/roles';
import {
  workspaceEditSchema,
  type WorkspaceEdit,
  type WorkspaceCrm,
} from '@/shared/contracts/system-workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import {
  callTrackingFormOf,
  crmFormOf,
  editableSettingsOf,
  readCallTrackingForm,
  readCrmForm,
  readValue,
  type FormReading,
} from '@/shared/domain/workspace-wizard';
import { editionKeySchema } from '@/shared/contracts/roles';
import { workspaceNameSchema, workspaceTimezoneSchema } from '@/shared/contracts/system-workspaces';

/** The settings form as typed: every field a string or a flag. */
export interface WorkspaceSettingsDraft {
  name: string;
  timezone: string;
  edition: EditionKey | '';
  crmKind: WorkspaceCrm | '';
  zohoOrgId: string;
  ifsOrgId: string;
  ifsOrgHost: string;
  cockpitEnabled: boolean;
  salesPerformance: boolean;
  communications: boolean;
  cashFlow: boolean;
  ctmEnabled: boolean;
  ctmAccount: string;
  quickBooks: boolean;
}

export type WorkspaceSettingsErrors = Partial<Record<keyof WorkspaceSettingsDraft, string>>;

/** The form filled with a workspace's current settings. */
export function settingsDraftOf(workspace: Workspace): WorkspaceSettingsDraft {
  const edit = editableSettingsOf(workspace);
  const crm = crmFormOf(edit.crm);
  const ctm = callTrackingFormOf(edit.callTracking);
  return {
    name: edit.name,
    timezone: edit.timezone,
    edition: edit.edition,
    crmKind: crm.kind,
    zohoOrgId: crm.zohoOrgId,
    ifsOrgId: crm.ifsOrgId,
    ifsOrgHost: crm.ifsOrgHost,
    cockpitEnabled: edit.cockpit.enabled,
    salesPerformance: edit.cockpit.modules.salesPerformance,
    communications: edit.cockpit.modules.communications,
    cashFlow: edit.cockpit.modules.cashFlow,
    ctmEnabled: ctm.enabled,
    ctmAccount: ctm.account,
    quickBooks: edit.quickBooks,
  };
}

/**
 * Checks the form with the contracts the server checks (workspaceEditSchema and its
 * parts): the settings to send, or the errors by field. Nothing is sent with an error.
 */
export function readSettingsDraft(
  draft: WorkspaceSettingsDraft,
): FormReading<WorkspaceEdit, WorkspaceSettingsErrors> {
  const errors: WorkspaceSettingsErrors = {};
  const name = readValue(workspaceNameSchema, draft.name);
  if (!name.ok) errors.name = name.message;
  const timezone = readValue(workspaceTimezoneSchema, draft.timezone);
  if (!timezone.ok) errors.timezone = timezone.message;
  const edition = readValue(editionKeySchema, draft.edition);
  if (!edition.ok) errors.edition = 'Choose an edition.';
  const crm = readCrmForm({
    kind: draft.crmKind,
    zohoOrgId: draft.zohoOrgId,
    ifsOrgId: draft.ifsOrgId,
    ifsOrgHost: draft.ifsOrgHost,
  });
  if (!crm.ok) {
    errors.crmKind = crm.errors.kind;
    errors.zohoOrgId = crm.errors.zohoOrgId;
    errors.ifsOrgId = crm.errors.ifsOrgId;
    errors.ifsOrgHost = crm.errors.ifsOrgHost;
  }
  const callTracking = readCallTrackingForm({
    enabled: draft.ctmEnabled,
    account: draft.ctmAccount,
  });
  if (!callTracking.ok) errors.ctmAccount = callTracking.errors.account;
  if (!name.ok || !timezone.ok || !edition.ok || !crm.ok || !callTracking.ok) {
    return { ok: false, errors };
  }
  const edit = workspaceEditSchema.safeParse({
    name: name.value,
    timezone: timezone.value,
    edition: edition.value,
    crm: crm.request,
    cockpit: {
      enabled: draft.cockpitEnabled,
      modules: {
        salesPerformance: draft.salesPerformance,
        communications: draft.communications,
        cashFlow: draft.cashFlow,
      },
    },
    callTracking: callTracking.request,
    quickBooks: draft.quickBooks,
  });
  if (!edit.success) return { ok: false, errors: { name: edit.error.issues[0]?.message } };
  return { ok: true, request: edit.data };
}
