import { useEffect, useId, useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft, useDraftSubmit } from '@/app/components/field/use-checked-draft';
import {
  CallTrackingAccountField,
  CrmSettingsFields,
} from '@/app/components/vendor-settings/vendor-settings-fields';
import type { Timezone } from '@/shared/contracts/lookups';
import { EDITIONS } from '@/shared/contracts/roles';
import type { WorkspaceEdit } from '@/shared/contracts/system-workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { editionLabel } from '@/shared/domain/editions';
import { TransportError } from '@/shared/transport/transport';
import { readSettingsDraft, settingsDraftOf } from './workspace-settings-draft';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { CheckField } from '@/app/components/field/field-controls';

export const NOT_SAVED_TEXT = 'The settings were not saved. Please try again.';

export interface WorkspaceSettingsEditorProps {
  workspace: Workspace;
  timezones: readonly Timezone[];
  /** Saves; a rejection keeps everything typed and shows why beside the buttons. */
  onSave: (edit: WorkspaceEdit) => Promise<void>;
  onCancel: () => void;
}

/** System > Workspaces: one workspace's settings (the edit panel under its row). */
export function WorkspaceSettingsEditor({
  workspace,
  timezones,
  onSave,
  onCancel,
}: WorkspaceSettingsEditorProps) {
  const { draft, errors, formRef, update, check } = useCheckedDraft(
    settingsDraftOf(workspace),
    readSettingsDraft,
  );
  const { submit, sending, failure } = useDraftSubmit(check, onSave, {
    onSent: () => undefined,
    failureOf: (error) => {
      const reason = error instanceof TransportError ? error.serverMessage : null;
      return reason ? `${NOT_SAVED_TEXT} ${reason}` : NOT_SAVED_TEXT;
    },
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const name = workspace.attributes.name;

  // The panel opens with the focus on its heading, so keyboard users start at its top.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <form
      ref={formRef}
      className="ic-row-editor ic-workspace-editor"
      aria-labelledby={headingId}
      noValidate
      onSubmit={submit}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="ic-row-editor__title">
        Settings of {name}
      </h3>
      <div className="ic-workspace-editor__grid">
        <TextField
          label="Name"
          required
          error={errors.name}
          value={draft.name}
          maxLength={80}
          onValueChange={(value) => update('name', value)}
        />
        <SelectField
          label="Timezone"
          required
          error={errors.timezone}
          value={draft.timezone}
          onValueChange={(value) => update('timezone', value)}
          options={timezones.map((zone) => ({ value: zone.key, label: zone.label }))}
        />
        <SelectField
          label="Edition"
          required
          error={errors.edition}
          value={draft.edition}
          onValueChange={(value) => update('edition', value)}
          options={EDITIONS.map((edition) => ({ value: edition, label: editionLabel(edition) }))}
        />
      </div>

      <fieldset className="ic-workspace-editor__group">
        <legend>CRM and organisation</legend>
        <CrmSettingsFields
          form={{
            kind: draft.crmKind,
            zohoOrgId: draft.zohoOrgId,
            ifsOrgId: draft.ifsOrgId,
            ifsOrgHost: draft.ifsOrgHost,
          }}
          errors={{
            kind: errors.crmKind,
            zohoOrgId: errors.zohoOrgId,
            ifsOrgId: errors.ifsOrgId,
            ifsOrgHost: errors.ifsOrgHost,
          }}
          onChange={(key, value) => update(key === 'kind' ? 'crmKind' : key, value)}
        />
      </fieldset>

      <fieldset className="ic-workspace-editor__group">
        <legend>Cockpit modules</legend>
        <CheckField
          label="Cockpit enabled"
          checked={draft.cockpitEnabled}
          onCheckedChange={(value) => update('cockpitEnabled', value)}
        />
        <CheckField
          label="Sales Performance"
          checked={draft.salesPerformance}
          onCheckedChange={(value) => update('salesPerformance', value)}
        />
        <CheckField
          label="Communications"
          checked={draft.communications}
          onCheckedChange={(value) => update('communications', value)}
        />
        <CheckField
          label="Cash Flow"
          checked={draft.cashFlow}
          onCheckedChange={(value) => update('cashFlow', value)}
        />
      </fieldset>

      <fieldset className="ic-workspace-editor__group">
        <legend>Call tracking</legend>
        <CheckField
          label="Call tracking on"
          checked={draft.ctmEnabled}
          onCheckedChange={(value) => update('ctmEnabled', value)}
        />
        <CallTrackingAccountField
          value={draft.ctmAccount}
          error={errors.ctmAccount}
          onValueChange={(value) => update('ctmAccount', value)}
        />
      </fieldset>

      <fieldset className="ic-workspace-editor__group">
        <legend>Accounting</legend>
        <CheckField
          label="QuickBooks (accounting vendor)"
          checked={draft.quickBooks}
          onCheckedChange={(value) => update('quickBooks', value)}
        />
      </fieldset>

      <FormFailure message={failure} />
      <div className="ic-workspace-editor__actions">
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? 'Saving…' : 'Save settings'}
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
