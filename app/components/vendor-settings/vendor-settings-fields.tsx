import { SelectField, TextField } from '@/app/components/field/field-controls';
import type { WorkspaceCrm } from '@/shared/contracts/system-workspaces';
import { CRM_LABELS, type CrmForm, type CrmFormErrors } from '@/shared/domain/workspace-wizard';

/**
 * A workspace's outside systems as a form, written once for the workspace wizard and
 * System > Workspaces (issue #31 item 7): which CRM and its organisation, and the
 * CallTrackingMetrics account. The forms keep their drafts and checks
 * (shared/domain/workspace-wizard); these fields only show and edit them.
 */
const CRM_OPTIONS = (['zoho', 'keap', 'none'] as const).map((kind) => ({
  value: kind,
  label: CRM_LABELS[kind],
}));

export interface CrmSettingsFieldsProps {
  form: CrmForm;
  errors: CrmFormErrors;
  onChange: <Key extends keyof CrmForm>(key: Key, value: CrmForm[Key]) => void;
}

/** The CRM choice and, for Zoho or Keap, the organisation that identifies the firm there. */
export function CrmSettingsFields({ form, errors, onChange }: CrmSettingsFieldsProps) {
  return (
    <>
      <SelectField<WorkspaceCrm | ''>
        label="CRM"
        help="Where the firm keeps its leads: the panels and links open records there."
        required
        error={errors.kind}
        value={form.kind}
        onValueChange={(kind) => onChange('kind', kind)}
        options={CRM_OPTIONS}
        placeholder="Choose the CRM"
      />
      {form.kind === 'zoho' ? (
        <TextField
          label="Zoho organisation id"
          help="Digits, shown in Zoho under Setup > Company details."
          required
          error={errors.zohoOrgId}
          value={form.zohoOrgId}
          onValueChange={(value) => onChange('zohoOrgId', value)}
          inputMode="numeric"
          autoComplete="off"
        />
      ) : null}
      {form.kind === 'keap' ? (
        <>
          <TextField
            label="Keap app name"
            help="Such as hb417."
            required
            error={errors.ifsOrgId}
            value={form.ifsOrgId}
            onValueChange={(value) => onChange('ifsOrgId', value)}
            autoComplete="off"
          />
          <TextField
            label="Keap address"
            required
            error={errors.ifsOrgHost}
            value={form.ifsOrgHost}
            onValueChange={(value) => onChange('ifsOrgHost', value)}
            placeholder="https://hb417.infusionsoft.com"
            autoComplete="off"
            spellCheck={false}
          />
        </>
      ) : null}
    </>
  );
}

export interface CallTrackingAccountFieldProps {
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
}

/** The CallTrackingMetrics account id, needed to turn call tracking on. */
export function CallTrackingAccountField({
  value,
  error,
  onValueChange,
}: CallTrackingAccountFieldProps) {
  return (
    <TextField
      label="CallTrackingMetrics account"
      help="Needed to turn call tracking on. A new account comes with its users and a main line, so agents can be linked and take calls."
      error={error}
      value={value}
      onValueChange={onValueChange}
      inputMode="numeric"
      autoComplete="off"
    />
  );
}
