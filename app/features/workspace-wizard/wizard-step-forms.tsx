import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '@/app/components/button/button';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { useCheckedDraft } from '@/app/components/field/use-checked-draft';
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
  CRM_LABELS,
  crmFormOf,
  readCallTrackingForm,
  readCrmForm,
  readOwnerForm,
  readValue,
  type CrmForm,
} from '@/shared/domain/workspace-wizard';

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
  children: ReactNode;
}

/** The form of one step with its Back and Next buttons. */
function StepFrame({ formRef, onSubmit, onBack, saving, children }: StepFrameProps) {
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

export function NameStep({ initial, onNext, onBack, saving }: StepFormProps<string>) {
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    One<'name'>,
    string,
    OneErrors<'name'>
  >({ name: initial ?? '' }, (d) => {
    const read = readValue(workspaceNameSchema, d.name);
    return read.ok
      ? { ok: true, request: read.value }
      : { ok: false, errors: { name: read.message } };
  });
  return (
    <StepFrame
      formRef={formRef}
      onBack={onBack}
      saving={saving}
      onSubmit={() => {
        const value = check();
        if (value !== null) onNext(value);
      }}
    >
      <Field
        label="Workspace name"
        help="The firm's name as its users see it. Each workspace has its own name."
        required
        error={errors.name}
      >
        {(control) => (
          <input
            {...control}
            className={fieldClassNames.input}
            value={draft.name}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => update('name', event.target.value)}
          />
        )}
      </Field>
    </StepFrame>
  );
}

export function TimezoneStep({
  initial,
  onNext,
  onBack,
  saving,
  timezones,
}: StepFormProps<string> & { timezones: DataState<Timezone[]> }) {
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    One<'timezone'>,
    string,
    OneErrors<'timezone'>
  >({ timezone: initial ?? '' }, (d) => {
    const read = readValue(workspaceTimezoneSchema, d.timezone);
    return read.ok
      ? { ok: true, request: read.value }
      : { ok: false, errors: { timezone: read.message } };
  });
  const zones = timezones.data ?? [];
  return (
    <StepFrame
      formRef={formRef}
      onBack={onBack}
      saving={saving}
      onSubmit={() => {
        const value = check();
        if (value !== null) onNext(value);
      }}
    >
      {timezones.status === 'error' ? (
        <ErrorView onRetry={timezones.retry} detail={timezones.detail ?? undefined} />
      ) : (
        <Field
          label="Timezone"
          help="The workspace's day: reports, goals and the cockpit count days in it."
          required
          error={errors.timezone}
        >
          {(control) => (
            <select
              {...control}
              className={fieldClassNames.select}
              value={draft.timezone}
              disabled={timezones.status !== 'loaded'}
              onChange={(event) => update('timezone', event.target.value)}
            >
              <option value="">
                {timezones.status === 'loaded' ? 'Choose a timezone' : 'Loading timezones…'}
              </option>
              {draft.timezone && !zones.some((zone) => zone.key === draft.timezone) ? (
                <option value={draft.timezone}>{draft.timezone}</option>
              ) : null}
              {zones.map((zone) => (
                <option key={zone.key} value={zone.key}>
                  {zone.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </StepFrame>
  );
}

const EDITION_HELP: Record<EditionKey, string> = {
  starter: 'Dashboards and reports.',
  professional: 'Adds the screens that need the professional edition.',
  enterprise: 'Every screen.',
};

export function EditionStep({ initial, onNext, onBack, saving }: StepFormProps<EditionKey>) {
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    One<'edition'>,
    EditionKey,
    OneErrors<'edition'>
  >({ edition: initial ?? '' }, (d) => {
    const read = editionKeySchema.safeParse(d.edition);
    return read.success
      ? { ok: true, request: read.data }
      : { ok: false, errors: { edition: 'Choose an edition.' } };
  });
  const chosen = editionKeySchema.safeParse(draft.edition);
  return (
    <StepFrame
      formRef={formRef}
      onBack={onBack}
      saving={saving}
      onSubmit={() => {
        const value = check();
        if (value !== null) onNext(value);
      }}
    >
      <Field
        label="Edition"
        help={chosen.success ? EDITION_HELP[chosen.data] : 'What the workspace may open.'}
        required
        error={errors.edition}
      >
        {(control) => (
          <select
            {...control}
            className={fieldClassNames.select}
            value={draft.edition}
            onChange={(event) => update('edition', event.target.value)}
          >
            <option value="">Choose an edition</option>
            {EDITIONS.map((edition) => (
              <option key={edition} value={edition}>
                {editionLabel(edition)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </StepFrame>
  );
}

export function CrmStep({ initial, onNext, onBack, saving }: StepFormProps<CrmSettings>) {
  const { draft, errors, formRef, update, check } = useCheckedDraft<
    CrmForm,
    CrmSettings,
    Partial<Record<keyof CrmForm, string>>
  >(crmFormOf(initial), readCrmForm);
  return (
    <StepFrame
      formRef={formRef}
      onBack={onBack}
      saving={saving}
      onSubmit={() => {
        const value = check();
        if (value !== null) onNext(value);
      }}
    >
      <Field
        label="CRM"
        help="Where the firm keeps its leads: the panels and links open records there."
        required
        error={errors.kind}
      >
        {(control) => (
          <select
            {...control}
            className={fieldClassNames.select}
            value={draft.kind}
            onChange={(event) => update('kind', event.target.value as CrmForm['kind'])}
          >
            <option value="">Choose the CRM</option>
            {(['zoho', 'keap', 'none'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {CRM_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {draft.kind === 'zoho' ? (
        <Field
          label="Zoho organisation id"
          help="Digits, shown in Zoho under Setup > Company details."
          required
          error={errors.zohoOrgId}
        >
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
      {draft.kind === 'keap' ? (
        <>
          <Field label="Keap app name" help="Such as hb417." required error={errors.ifsOrgId}>
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
                placeholder="https://hb417.infusionsoft.com"
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => update('ifsOrgHost', event.target.value)}
              />
            )}
          </Field>
        </>
      ) : null}
    </StepFrame>
  );
}

export function CallTrackingStep({
  initial,
  onNext,
  onBack,
  saving,
}: StepFormProps<CallTrackingSettings>) {
  const { draft, errors, formRef, update, check } = useCheckedDraft(
    callTrackingFormOf(initial),
    readCallTrackingForm,
  );
  return (
    <StepFrame
      formRef={formRef}
      onBack={onBack}
      saving={saving}
      onSubmit={() => {
        const value = check();
        if (value !== null) onNext(value);
      }}
    >
      <label className="ic-wizard__check">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => update('enabled', event.target.checked)}
        />
        Turn call tracking on
      </label>
      <Field
        label="CallTrackingMetrics account"
        help="Needed to turn call tracking on. A new account comes with its users and a main line, so agents can be linked and take calls."
        error={errors.account}
      >
        {(control) => (
          <input
            {...control}
            className={fieldClassNames.input}
            value={draft.account}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => update('account', event.target.value)}
          />
        )}
      </Field>
    </StepFrame>
  );
}

export function OwnerStep({ initial, onNext, onBack, saving }: StepFormProps<WizardOwner>) {
  const { draft, errors, formRef, update, check } = useCheckedDraft(
    {
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      email: initial?.email ?? '',
    },
    readOwnerForm,
  );
  return (
    <StepFrame
      formRef={formRef}
      onBack={onBack}
      saving={saving}
      onSubmit={() => {
        const value = check();
        if (value !== null) onNext(value);
      }}
    >
      <p className="ic-wizard__intro">
        The first owner gets an e-mail with a link to set a password when you finish. They then add
        the rest of the team in Settings.
      </p>
      <Field label="First name" required error={errors.firstName}>
        {(control) => (
          <input
            {...control}
            className={fieldClassNames.input}
            value={draft.firstName}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => update('firstName', event.target.value)}
          />
        )}
      </Field>
      <Field label="Last name" required error={errors.lastName}>
        {(control) => (
          <input
            {...control}
            className={fieldClassNames.input}
            value={draft.lastName}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => update('lastName', event.target.value)}
          />
        )}
      </Field>
      <Field label="E-mail" required error={errors.email}>
        {(control) => (
          <input
            {...control}
            className={fieldClassNames.input}
            type="email"
            value={draft.email}
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => update('email', event.target.value)}
          />
        )}
      </Field>
    </StepFrame>
  );
}
