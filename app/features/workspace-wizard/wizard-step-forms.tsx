import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '@/app/components/button/button';
import { ErrorView } from '@/app/components/error-view/error-view';
import { SelectField, TextField } from '@/app/components/field/field-controls';
import { type DraftReading, useCheckedDraft } from '@/app/components/field/use-checked-draft';
import {
  CallTrackingAccountField,
  CrmSettingsFields,
} from '@/app/components/vendor-settings/vendor-settings-fields';
import type { DataState } from '@/app/query/use-data-query';
import type { Timezone } from '@/shared/contracts/lookups';
import { EDITIONS, editionKeySchema, type EditionKey } from '@/shared/contracts/roles';
import {
  type CallTrackingSettings,
  type CrmSettings,
  type WizardOwner,
  workspaceNameSchema,
  workspaceTimezoneSchema,
} from '@/shared/contracts/system-workspaces';
import { editionLabel } from '@/shared/domain/editions';
import {
  callTrackingFormOf,
  crmFormOf,
  readCallTrackingForm,
  readCrmForm,
  readOwnerForm,
  readValue,
  type CrmForm,
} from '@/shared/domain/workspace-wizard';
import { CheckField } from '@/app/components/field/field-controls';
import { PersonFields } from '@/app/components/field/person-fields';

/** What every step form is given: its saved value, how to go on, and how to go back. */
export interface StepFormProps<Value> {
  initial: Value | undefined;
  /** Checked value of the step: saves the draft and opens the next step. */
  onNext: (value: Value) => void;
  /** null on the first step. */
  onBack: (() => void) | null;
  saving: boolean;
}

interface StepFrameProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: () => void;
  onBack: (() => void) | null;
  saving: boolean;
}

/**
 * One step's checked draft and the props of its frame: Next checks the draft and, when it
 * reads, hands its value on; a refusal shows the errors and keeps what was typed.
 */
function useStepForm<Draft extends object, Value, Errors extends object>(
  { onNext, onBack, saving }: StepFormProps<Value>,
  empty: Draft,
  read: (draft: Draft) => DraftReading<Value, Errors>,
) {
  const { draft, errors, formRef, update, check } = useCheckedDraft(empty, read);
  const frame: StepFrameProps = {
    formRef,
    onBack,
    saving,
    onSubmit: () => {
      const value = check();
      if (value !== null) onNext(value);
    },
  };
  return { draft, errors, update, frame };
}

/** The form of one step with its Back and Next buttons. */
function StepFrame({
  formRef,
  onSubmit,
  onBack,
  saving,
  children,
}: StepFrameProps & { children: ReactNode }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form ref={formRef} className="ic-wizard__form" noValidate onSubmit={submit}>
      {children}
      <div className="ic-wizard__nav">
        {onBack ? (
          <Button onClick={onBack} disabled={saving}>
            Back
          </Button>
        ) : null}
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Next'}
        </Button>
      </div>
    </form>
  );
}

type One<K extends string> = Record<K, string>;
type OneErrors<K extends string> = Partial<Record<K, string>>;

export function NameStep(props: StepFormProps<string>) {
  const { draft, errors, update, frame } = useStepForm<One<'name'>, string, OneErrors<'name'>>(
    props,
    { name: props.initial ?? '' },
    (d) => {
      const read = readValue(workspaceNameSchema, d.name);
      return read.ok
        ? { ok: true, request: read.value }
        : { ok: false, errors: { name: read.message } };
    },
  );
  return (
    <StepFrame {...frame}>
      <TextField
        label="Workspace name"
        help="The firm's name as its users see it. Each workspace has its own name."
        required
        error={errors.name}
        value={draft.name}
        maxLength={80}
        autoComplete="off"
        onValueChange={(value) => update('name', value)}
      />
    </StepFrame>
  );
}

export function TimezoneStep({
  timezones,
  ...props
}: StepFormProps<string> & { timezones: DataState<Timezone[]> }) {
  const { draft, errors, update, frame } = useStepForm<
    One<'timezone'>,
    string,
    OneErrors<'timezone'>
  >(props, { timezone: props.initial ?? '' }, (d) => {
    const read = readValue(workspaceTimezoneSchema, d.timezone);
    return read.ok
      ? { ok: true, request: read.value }
      : { ok: false, errors: { timezone: read.message } };
  });
  const zones = timezones.data ?? [];
  return (
    <StepFrame {...frame}>
      {timezones.status === 'error' ? (
        <ErrorView onRetry={timezones.retry} detail={timezones.detail ?? undefined} />
      ) : (
        <SelectField
          label="Timezone"
          help="The workspace's day: reports, goals and the cockpit count days in it."
          required
          error={errors.timezone}
          value={draft.timezone}
          disabled={timezones.status !== 'loaded'}
          onValueChange={(value) => update('timezone', value)}
          placeholder={timezones.status === 'loaded' ? 'Choose a timezone' : 'Loading timezones…'}
          options={zones.map((zone) => ({ value: zone.key, label: zone.label }))}
        />
      )}
    </StepFrame>
  );
}

const EDITION_HELP: Record<EditionKey, string> = {
  starter: 'Dashboards and reports.',
  professional: 'Adds the screens that need the professional edition.',
  enterprise: 'Every screen.',
};

export function EditionStep(props: StepFormProps<EditionKey>) {
  const { draft, errors, update, frame } = useStepForm<
    One<'edition'>,
    EditionKey,
    OneErrors<'edition'>
  >(props, { edition: props.initial ?? '' }, (d) => {
    const read = editionKeySchema.safeParse(d.edition);
    return read.success
      ? { ok: true, request: read.data }
      : { ok: false, errors: { edition: 'Choose an edition.' } };
  });
  const chosen = editionKeySchema.safeParse(draft.edition);
  return (
    <StepFrame {...frame}>
      <SelectField
        label="Edition"
        help={chosen.success ? EDITION_HELP[chosen.data] : 'What the workspace may open.'}
        required
        error={errors.edition}
        value={draft.edition}
        onValueChange={(value) => update('edition', value)}
        placeholder="Choose an edition"
        options={EDITIONS.map((edition) => ({ value: edition, label: editionLabel(edition) }))}
      />
    </StepFrame>
  );
}

export function CrmStep(props: StepFormProps<CrmSettings>) {
  const { draft, errors, update, frame } = useStepForm<
    CrmForm,
    CrmSettings,
    Partial<Record<keyof CrmForm, string>>
  >(props, crmFormOf(props.initial), readCrmForm);
  return (
    <StepFrame {...frame}>
      <CrmSettingsFields form={draft} errors={errors} onChange={update} />
    </StepFrame>
  );
}

export function CallTrackingStep(props: StepFormProps<CallTrackingSettings>) {
  const { draft, errors, update, frame } = useStepForm(
    props,
    callTrackingFormOf(props.initial),
    readCallTrackingForm,
  );
  return (
    <StepFrame {...frame}>
      <CheckField
        label="Turn call tracking on"
        checked={draft.enabled}
        onCheckedChange={(checked) => update('enabled', checked)}
      />
      <CallTrackingAccountField
        value={draft.account}
        error={errors.account}
        onValueChange={(value) => update('account', value)}
      />
      <p className="ic-wizard__intro">
        The workspace starts on the simulated provider, for trying it out. To ring agents with real
        calls, connect the CallTrackingMetrics account&apos;s API keys on the last page, once the
        workspace exists; or later: its owner in Settings &gt; Tracking Numbers, you in System &gt;
        Workspaces (Edit).
      </p>
    </StepFrame>
  );
}

export function OwnerStep(props: StepFormProps<WizardOwner>) {
  const { initial } = props;
  const { draft, errors, update, frame } = useStepForm(
    props,
    {
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      email: initial?.email ?? '',
    },
    readOwnerForm,
  );
  return (
    <StepFrame {...frame}>
      <p className="ic-wizard__intro">
        The first owner gets an e-mail with a link to set a password when you finish. They then add
        the rest of the team in Settings.
      </p>
      <PersonFields draft={draft} errors={errors} onChange={update} />
    </StepFrame>
  );
}
