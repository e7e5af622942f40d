import { useId, useState, type FormEvent } from 'react';
import { useSaveAgentParameters } from './use-users-parameters';
import { refusalMessage } from '@/shared/api/quiet-api';
import { Button } from '@/app/components/button/button';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { useCheckedDraft } from '@/app/components/field/use-checked-draft';
import { FormDialog } from '@/app/components/form-dialog/form-dialog';
import { useHost } from '@/app/host/host';
import type {
  AgentParameters,
  AgentParametersUpdate,
  UsersParameters,
} from '@/shared/contracts/users-parameters';
import {
  draftOf,
  type MinimumField,
  type ParametersDraft,
  type ParametersDraftErrors,
  readParametersDraft,
} from './parameters-draft';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { CheckField } from '@/app/components/field/field-controls';

export const SAVE_LABEL = 'Save parameters';
export const savedText = (name: string) => `Parameters of ${name} saved.`;

const MINIMUM_LABELS: Record<MinimumField, string> = {
  outboundCallsPerWeek: 'Outbound calls per week',
  outboundAnswersPerWeek: 'Outbound answers per week',
  outboundSetsPerWeek: 'Outbound sets per week',
  compliancePercent: 'Minimum compliance %',
};

export interface EditParametersDialogProps {
  workspaceId: string;
  agent: AgentParameters;
  choices: Pick<UsersParameters, 'offices' | 'practiceAreas' | 'consultants' | 'defaults'>;
  onClose: () => void;
  onSaved: (agent: AgentParameters) => void;
}

/**
 * Edits one agent's parameters (docs/users-parameters.md): office, practice areas,
 * consultant, compliance minimums. A modal: focus goes to its first field, stays inside
 * (Tab wraps), Escape closes it and focus returns to the row's Edit button. The draft is
 * checked with the server's contract before sending; a refusal keeps everything typed.
 */
export function EditParametersDialog({
  workspaceId,
  agent,
  choices,
  onClose,
  onSaved,
}: EditParametersDialogProps) {
  const host = useHost();
  const id = useId();
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    ParametersDraft,
    AgentParametersUpdate,
    ParametersDraftErrors
  >(draftOf(agent), readParametersDraft);
  const [saving, setSaving] = useState(false);
  const save = useSaveAgentParameters(workspaceId);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const request = check();
    if (!request) return;
    setSaving(true);
    try {
      const saved = await save.mutate({ agentId: agent.agentId, update: request });
      host.notify('success', savedText(agent.agentName));
      onSaved(saved);
    } catch (error) {
      setFailure(refusalMessage(error));
      setSaving(false);
    }
  }

  function togglePracticeArea(areaId: string, on: boolean) {
    const chosen = new Set(draft.practiceAreaIds);
    if (on) chosen.add(areaId);
    else chosen.delete(areaId);
    // Kept in the workspace's order, as the server answers them.
    update(
      'practiceAreaIds',
      choices.practiceAreas.filter((area) => chosen.has(area.id)).map((area) => area.id),
    );
  }

  const minimumField = (field: MinimumField) => (
    <TextField
      key={field}
      label={MINIMUM_LABELS[field]}
      error={errors[field]}
      help={
        field === 'compliancePercent'
          ? `0 to 100. Empty: the workspace default (${choices.defaults.compliancePercent}%).`
          : 'Empty: no minimum.'
      }
      inputMode="numeric"
      autoComplete="off"
      value={draft[field]}
      onValueChange={(value) => update(field, value)}
    />
  );

  return (
    <FormDialog
      title={<>Parameters of {agent.agentName}</>}
      description="The reports and call flows read these for this agent."
      wide
      onClose={() => {
        // A save on its way finishes first: Escape and the backdrop wait for it.
        if (!saving) onClose();
      }}
    >
      <form
        ref={formRef}
        className="ic-form-dialog__form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <div className="ic-form-dialog__pair">
          <SelectField
            label="Office"
            error={errors.officeId}
            value={draft.officeId}
            onValueChange={(value) => update('officeId', value)}
            placeholder="No office"
            options={choices.offices.map((office) => ({ value: office.id, label: office.name }))}
          />
          <SelectField
            label="Consultant"
            error={errors.consultantId}
            value={draft.consultantId}
            onValueChange={(value) => update('consultantId', value)}
            placeholder="No consultant"
            options={choices.consultants.map((consultant) => ({
              value: consultant.id,
              label: <>{consultant.active ? consultant.name : `${consultant.name} (inactive)`}</>,
            }))}
          />
        </div>

        <fieldset
          className="ic-parameters-dialog__group"
          aria-describedby={errors.practiceAreaIds ? `${id}-areas-error` : undefined}
        >
          <legend>Practice areas</legend>
          {choices.practiceAreas.length === 0 ? (
            <p className="ic-form-dialog__text">This workspace has no practice areas.</p>
          ) : (
            <div className="ic-parameters-dialog__checks">
              {choices.practiceAreas.map((area) => (
                <CheckField
                  key={area.id}
                  label={area.name}
                  labelClassName={area.parent ? 'ic-parameters-dialog__check--child' : undefined}
                  checked={draft.practiceAreaIds.includes(area.id)}
                  aria-invalid={errors.practiceAreaIds ? true : undefined}
                  onCheckedChange={(checked) => togglePracticeArea(area.id, checked)}
                />
              ))}
            </div>
          )}
          {errors.practiceAreaIds ? (
            <p className="ic-field__error" id={`${id}-areas-error`}>
              {errors.practiceAreaIds}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="ic-parameters-dialog__group">
          <legend>Compliance minimums</legend>
          <div className="ic-form-dialog__pair">
            {minimumField('outboundCallsPerWeek')}
            {minimumField('outboundAnswersPerWeek')}
            {minimumField('outboundSetsPerWeek')}
            {minimumField('compliancePercent')}
          </div>
        </fieldset>

        <FormFailure message={failure} />
        <div className="ic-form-dialog__actions">
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving…' : SAVE_LABEL}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
