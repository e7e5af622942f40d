import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { useCheckedDraft } from '@/app/components/field/use-checked-draft';
import type { Timezone } from '@/shared/contracts/lookups';
import { EDITIONS } from '@/shared/contracts/roles';
import type { WorkspaceEdit } from '@/shared/contracts/system-workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { editionLabel } from '@/shared/domain/editions';
import { CRM_LABELS } from '@/shared/domain/workspace-wizard';
import { TransportError } from '@/shared/transport/transport';
import { readSettingsDraft, settingsDraftOf } from './workspace-settings-draft';

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
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const name = workspace.attributes.name;

  // The panel opens with the focus on its heading, so keyboard users start at its top.
  useEffect(() => headingRef.current?.focus(), []);

  // The current zone stays choosable even when the list does not have it.
  const zoneOptions =
    timezones.length === 0 || timezones.some((zone) => zone.key === draft.timezone)
      ? timezones
      : [{ key: draft.timezone, label: draft.timezone }, ...timezones];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const edit = check();
    if (!edit) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(edit);
    } catch (error) {
      const reason = error instanceof TransportError ? error.serverMessage : null;
      setFailure(reason ? `${NOT_SAVED_TEXT} ${reason}` : NOT_SAVED_TEXT);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="ic-workspace-editor"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="ic-workspace-editor__title">
        Settings of {name}
      </h3>
      <div className="ic-workspace-editor__grid">
        <Field label="Name" required error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={fieldClassNames.input}
              value={draft.name}
              maxLength={80}
              onChange={(event) => update('name', event.target.value)}
            />
          )}
        </Field>
        <Field label="Timezone" required error={errors.timezone}>
          {(control) => (
            <select
              {...control}
              className={fieldClassNames.select}
              value={draft.timezone}
              onChange={(event) => update('timezone', event.target.value)}
            >
              {zoneOptions.length === 0 ? (
                <option value={draft.timezone}>{draft.timezone}</option>
              ) : null}
              {zoneOptions.map((zone) => (
                <option key={zone.key} value={zone.key}>
                  {zone.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Edition" required error={errors.edition}>
          {(control) => (
            <select
              {...control}
              className={fieldClassNames.select}
              value={draft.edition}
              onChange={(event) =>
                update('edition', event.target.value as (typeof EDITIONS)[number])
              }
            >
              {EDITIONS.map((edition) => (
                <option key={edition} value={edition}>
                  {editionLabel(edition)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <fieldset className="ic-workspace-editor__group">
        <legend>CRM and organisation</legend>
        <Field label="CRM" required error={errors.crmKind}>
          {(control) => (
            <select
              {...control}
              className={fieldClassNames.select}
              value={draft.crmKind}
              onChange={(event) =>
                update('crmKind', event.target.value as 'zoho' | 'keap' | 'none')
              }
            >
              {(['zoho', 'keap', 'none'] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {CRM_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.crmKind === 'zoho' ? (
          <Field label="Zoho organisation id" required error={errors.zohoOrgId}>
            {(control) => (
              <input
                {...control}
                className={fieldClassNames.input}
                value={draft.zohoOrgId}
                inputMode="numeric"
                autoComplete="off"
                onChange={(event) => update('zohoOrgId', event.target.value)}
              />
            )}
          </Field>
        ) : null}
        {draft.crmKind === 'keap' ? (
          <>
            <Field label="Keap app name" required error={errors.ifsOrgId}>
              {(control) => (
                <input
                  {...control}
                  className={fieldClassNames.input}
                  value={draft.ifsOrgId}
                  autoComplete="off"
                  onChange={(event) => update('ifsOrgId', event.target.value)}
                />
              )}
            </Field>
            <Field label="Keap address" required error={errors.ifsOrgHost}>
              {(control) => (
                <input
                  {...control}
                  className={fieldClassNames.input}
                  value={draft.ifsOrgHost}
                  placeholder="https://ab123.infusionsoft.com"
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => update('ifsOrgHost', event.target.value)}
                />
              )}
            </Field>
          </>
        ) : null}
      </fieldset>

      <fieldset className="ic-workspace-editor__group">
        <legend>Cockpit modules</legend>
        <Check
          label="Cockpit enabled"
          checked={draft.cockpitEnabled}
          onChange={(value) => update('cockpitEnabled', value)}
        />
        <Check
          label="Sales Performance"
          checked={draft.salesPerformance}
          onChange={(value) => update('salesPerformance', value)}
        />
        <Check
          label="Communications"
          checked={draft.communications}
          onChange={(value) => update('communications', value)}
        />
        <Check
          label="Cash Flow"
          checked={draft.cashFlow}
          onChange={(value) => update('cashFlow', value)}
        />
      </fieldset>

      <fieldset className="ic-workspace-editor__group">
        <legend>Call tracking</legend>
        <Check
          label="Call tracking on"
          checked={draft.ctmEnabled}
          onChange={(value) => update('ctmEnabled', value)}
        />
        <Field
          label="CallTrackingMetrics account"
          help="Needed to turn call tracking on. A new account comes with its users and a main line."
          error={errors.ctmAccount}
        >
          {(control) => (
            <input
              {...control}
              className={fieldClassNames.input}
              value={draft.ctmAccount}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => update('ctmAccount', event.target.value)}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="ic-workspace-editor__group">
        <legend>Accounting</legend>
        <Check
          label="QuickBooks (accounting vendor)"
          checked={draft.quickBooks}
          onChange={(value) => update('quickBooks', value)}
        />
      </fieldset>

      {failure ? (
        <p className="ic-workspace-editor__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="ic-workspace-editor__actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="ic-workspace-editor__check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
