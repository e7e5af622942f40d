import { systemWorkspaceListsKey, workspacesKey } from '@/shared/query/workspace-queries';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button, buttonClassName } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { useConfirm } from '@/app/components/confirm-dialog/use-confirm';
import { HostLink } from '@/app/components/host-link/host-link';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { useHost } from '@/app/host/host';
import { type DataState, useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import type { Timezone } from '@/shared/contracts/lookups';
import { discardWizardDraft, saveWizardDraft } from '@/shared/api/system-workspaces';
import {
  type WizardDraft,
  type WizardStep,
  type WizardValues,
  WIZARD_STEPS,
} from '@/shared/contracts/system-workspaces';
import { editionLabel } from '@/shared/domain/editions';
import {
  canOpenStep,
  CRM_LABELS,
  isStepComplete,
  nextStep,
  previousStep,
  resumeStep,
  stepIndex,
  type ValueStep,
  WIZARD_STEP_TITLES,
} from '@/shared/domain/workspace-wizard';
import { TransportError } from '@/shared/transport/transport';
import { finishWizard, type FinishedWizard } from './finish-wizard';
import {
  CallTrackingStep,
  CrmStep,
  EditionStep,
  NameStep,
  OwnerStep,
  TimezoneStep,
} from './wizard-step-forms';
import { wizardTimezonesQuery } from './workspace-wizard-query';
import { CtmConnectionPanel } from '@/app/components/ctm-connection/ctm-connection-panel';
import type { OutboxEmail } from '@/shared/contracts/call-flow-api';
import { FormFailure } from '@/app/components/form-failure/form-failure';
import { formatDisplayDateTime } from '@/shared/domain/date-range';

interface WizardState {
  step: WizardStep;
  values: WizardValues;
  workspaceId: string | null;
}

const FRESH: WizardState = { step: 'name', values: {}, workspaceId: null };

export const NOT_SAVED_TEXT = 'This step was not saved. Please try again.';

export const workspaceLink = (workspaceId: string) =>
  `/app/system/workspaces?workspace=${encodeURIComponent(workspaceId)}`;

const stepHeading = (step: WizardStep) =>
  `Step ${stepIndex(step) + 1} of ${WIZARD_STEPS.length}: ${WIZARD_STEP_TITLES[step]}`;

/**
 * Finishes the wizard (through useMutateAndInvalidate): once the workspace exists (made
 * now, or before when only the invite failed), System > Workspaces and every other list of
 * workspaces are made stale. The outcome says what failed; the step shows it.
 */
function useFinishWizard() {
  const { api } = useHost();
  const scope = useQueryScope();
  return useMutateAndInvalidate(
    ({ values, workspaceId }: { values: WizardValues; workspaceId: string | null }) =>
      finishWizard(api, values, workspaceId),
    {
      invalidates: (outcome) =>
        outcome.ok || outcome.workspaceId !== null
          ? [systemWorkspaceListsKey(scope), workspacesKey(scope)]
          : [],
    },
  );
}

/**
 * The workspace wizard (issue #16; spec: session 3 "workspace wizard state"): one step
 * at a time, each checked with its contract; after every step the draft is saved on the
 * server for this system user, so a reload or another machine resumes at the same step.
 * Its only client-side state is this component's: leaving the page or signing out drops
 * it (spec: session 4 sign-out step 4), the server's draft stays.
 */
export function WorkspaceWizard({ saved }: { saved: WizardDraft | null }) {
  const { api, notify } = useHost();
  const scope = useQueryScope();
  const finishWrite = useFinishWizard();
  const confirm = useConfirm();
  const timezones = useDataQuery(wizardTimezonesQuery(scope, api));
  const [state, setState] = useState<WizardState>(() =>
    saved
      ? { step: resumeStep(saved), values: saved.values, workspaceId: saved.workspaceId }
      : FRESH,
  );
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [finishError, setFinishError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [finished, setFinished] = useState<FinishedWizard | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A new step (or the result) takes the focus to its heading: not on the first render.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [state.step, finished]);

  async function persist(next: WizardState, announce: string): Promise<boolean> {
    setSaving(true);
    setSaveError(null);
    try {
      // silent: the reason shows in the step (a 500 raises no toast, spec: session 8).
      await saveWizardDraft(api, next, { silent: true });
      setState(next);
      setStatus(announce);
      return true;
    } catch (error) {
      // The step stays with everything typed.
      const reason =
        error instanceof TransportError && error.serverMessage ? ` ${error.serverMessage}` : '';
      setSaveError(`${NOT_SAVED_TEXT}${reason}`);
      return false;
    } finally {
      setSaving(false);
    }
  }

  function submitStep(step: ValueStep, value: WizardValues[ValueStep]) {
    const values = { ...state.values, [step]: value };
    const following = nextStep(step);
    void persist({ ...state, step: following, values }, `Saved. ${stepHeading(following)}.`);
  }

  /** Back and the trail's links: the step's saved value is kept, edits not confirmed with Next are not. */
  function open(step: WizardStep) {
    setFinishError(null);
    void persist({ ...state, step }, stepHeading(step));
  }

  async function startOver() {
    const answer = await confirm({
      icon: 'warning',
      title: 'Start over?',
      body: state.workspaceId
        ? 'The steps filled in so far are discarded. The workspace already created stays in System > Workspaces.'
        : 'The steps filled in so far are discarded.',
      submitText: 'Start over',
      submitColor: 'danger',
    });
    if (answer !== 1) return;
    try {
      await discardWizardDraft(api);
    } catch {
      return;
    }
    setState(FRESH);
    setFinishError(null);
    setSaveError(null);
    setStatus('Started over. Step 1 of 7: Name.');
  }

  async function finish() {
    setSaving(true);
    setFinishError(null);
    try {
      const outcome = await finishWrite.mutate({
        values: state.values,
        workspaceId: state.workspaceId,
      });
      if (!outcome.ok) {
        setState((current) => ({ ...current, workspaceId: outcome.workspaceId }));
        setFinishError(outcome.message);
        return;
      }
      notify('success', `${outcome.finished.workspaceName} created.`);
      setFinished(outcome.finished);
      setState(FRESH);
      setStatus('');
    } finally {
      setSaving(false);
    }
  }

  if (finished) {
    return (
      <FinishedView
        finished={finished}
        headingRef={headingRef}
        onAnother={() => setFinished(null)}
      />
    );
  }

  const { step, values } = state;
  const onBack = step === 'name' ? null : () => open(previousStep(step));
  const common = { onBack, saving };

  return (
    <div className="ic-wizard">
      <WizardTrail
        step={step}
        values={values}
        saving={saving}
        onOpen={open}
        onStartOver={() => void startOver()}
      />
      <Card className="ic-wizard__step">
        <h2 ref={headingRef} tabIndex={-1} className="ic-wizard__heading">
          {stepHeading(step)}
        </h2>
        <p className="ic-wizard__status" role="status" aria-live="polite">
          {status}
        </p>
        <FormFailure message={saveError} />
        <ValueStepForm
          step={step}
          values={values}
          timezones={timezones}
          onNext={submitStep}
          {...common}
        />
        {step === 'review' ? (
          <ReviewStep
            values={values}
            timezoneLabel={
              timezones.data?.find((zone) => zone.key === values.timezone)?.label ?? values.timezone
            }
            workspaceId={state.workspaceId}
            saving={saving}
            error={finishError}
            onChange={open}
            onBack={() => open('owner')}
            onFinish={() => void finish()}
          />
        ) : null}
      </Card>
    </div>
  );
}

interface ReviewStepProps {
  values: WizardValues;
  timezoneLabel: string | undefined;
  workspaceId: string | null;
  saving: boolean;
  error: string | null;
  onChange: (step: WizardStep) => void;
  onBack: () => void;
  onFinish: () => void;
}

function ReviewStep({
  values,
  timezoneLabel,
  workspaceId,
  saving,
  error,
  onChange,
  onBack,
  onFinish,
}: ReviewStepProps) {
  const { crm, callTracking, owner } = values;
  const crmText = !crm
    ? '—'
    : crm.kind === 'zoho'
      ? `Zoho, organisation ${crm.zohoOrgId}`
      : crm.kind === 'keap'
        ? `Keap, ${crm.ifsOrgId} at ${crm.ifsOrgHost}`
        : CRM_LABELS.none;
  const trackingText = !callTracking
    ? '—'
    : `${callTracking.enabled ? 'On' : 'Off'}${callTracking.account ? `, account ${callTracking.account}` : ', no account'}`;
  const rows: [WizardStep, string][] = [
    ['name', values.name ?? '—'],
    ['timezone', timezoneLabel ?? '—'],
    ['edition', values.edition ? editionLabel(values.edition) : '—'],
    ['crm', crmText],
    ['callTracking', trackingText],
    ['owner', owner ? `${owner.firstName} ${owner.lastName} <${owner.email}>` : '—'],
  ];
  return (
    <div className="ic-wizard__form">
      {workspaceId ? (
        <p className="ic-wizard__intro">
          The workspace exists already; finishing invites its first owner.
        </p>
      ) : (
        <p className="ic-wizard__intro">Check the workspace before creating it.</p>
      )}
      <dl className="ic-wizard__review">
        {rows.map(([item, text]) => (
          <div key={item} className="ic-wizard__review-row">
            <dt>{WIZARD_STEP_TITLES[item]}</dt>
            <dd>{text}</dd>
            <dd>
              <Button
                variant="ghost"
                aria-label={`Change ${WIZARD_STEP_TITLES[item]}`}
                disabled={saving || (item !== 'owner' && workspaceId !== null)}
                onClick={() => onChange(item)}
              >
                Change
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      <FormFailure message={error} />
      <div className="ic-wizard__nav">
        <Button onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button variant="primary" onClick={onFinish} disabled={saving}>
          {saving ? 'Creating…' : 'Create workspace'}
        </Button>
      </div>
    </div>
  );
}

/** Where the invitation e-mail is (issue #33: sent over SMTP once configured). */
function deliveryText({ createdAt, delivery }: OutboxEmail): string {
  switch (delivery.status) {
    case 'sent':
      return `sent ${formatDisplayDateTime(delivery.deliveredAt ?? createdAt)}`;
    case 'failed':
      return `could not be delivered (${delivery.error ?? 'refused'}); System > Microservices shows the e-mail server's state`;
    default:
      return delivery.attempts > 0
        ? `not sent yet (${delivery.error ?? 'no answer'}), tried again automatically`
        : `in the outbox since ${formatDisplayDateTime(createdAt)}`;
  }
}

function FinishedView({
  finished,
  headingRef,
  onAnother,
}: {
  finished: FinishedWizard;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAnother: () => void;
}) {
  const { invitation } = finished;
  return (
    <Card className="ic-wizard__step">
      <h2 ref={headingRef} tabIndex={-1} className="ic-wizard__heading">
        Workspace created
      </h2>
      <div className="ic-wizard__form" role="status">
        <p>{finished.workspaceName} is ready.</p>
        {invitation ? (
          <p>
            Invitation e-mail to {finished.ownerEmail}: {deliveryText(invitation)} (“
            {invitation.subject}”).
          </p>
        ) : (
          <p>
            {finished.ownerEmail} was invited, but the invitation e-mail could not be read back from
            the outbox.
          </p>
        )}
      </div>
      {finished.callTracking ? (
        <section
          className="ic-wizard__form ic-wizard__calls"
          aria-labelledby="ic-wizard-calls-heading"
        >
          <h3 id="ic-wizard-calls-heading" className="ic-wizard__subheading">
            Where its calls come from
          </h3>
          <CtmConnectionPanel workspaceId={finished.workspaceId} canConnect />
        </section>
      ) : null}
      {finished.zoho ? (
        <p className="ic-wizard__note">
          Its intake records go to the simulated CRM until the firm’s Zoho CRM is connected: the
          owner does it in Settings &gt; CRM Connection (signing in to Zoho as a CRM administrator),
          or you in System &gt; Workspaces.
        </p>
      ) : null}
      <div className="ic-wizard__nav">
        <HostLink
          to={workspaceLink(finished.workspaceId)}
          className={buttonClassName({ variant: 'primary' })}
        >
          Open {finished.workspaceName} in System &gt; Workspaces
        </HostLink>
        <Button onClick={onAnother}>Create another workspace</Button>
      </div>
    </Card>
  );
}

/** The steps as links (done ones ticked; a step opens once those before it are done), and Start over. */
function WizardTrail({
  step,
  values,
  saving,
  onOpen,
  onStartOver,
}: {
  step: WizardStep;
  values: WizardValues;
  saving: boolean;
  onOpen: (step: WizardStep) => void;
  onStartOver: () => void;
}) {
  return (
    <nav className="ic-wizard__trail" aria-label="Wizard steps">
      <ol>
        {WIZARD_STEPS.map((item, index) => {
          const current = item === step;
          const done = item !== 'review' && isStepComplete(item, values);
          return (
            <li key={item} data-done={done || undefined}>
              <button
                type="button"
                className="ic-wizard__trail-step"
                aria-current={current ? 'step' : undefined}
                disabled={saving || current || !canOpenStep(item, values)}
                onClick={() => onOpen(item)}
              >
                <span className="ic-wizard__trail-number" aria-hidden="true">
                  {done && !current ? '✓' : index + 1}
                </span>
                {WIZARD_STEP_TITLES[item]}
                {done ? <VisuallyHidden> (done)</VisuallyHidden> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <Button variant="ghost" onClick={onStartOver} disabled={saving}>
        Start over
      </Button>
    </nav>
  );
}

/** The form of the step shown, given its saved value (every step but the review). */
function ValueStepForm({
  step,
  values,
  timezones,
  onNext,
  ...common
}: {
  step: WizardStep;
  values: WizardValues;
  timezones: DataState<Timezone[]>;
  onNext: (step: ValueStep, value: WizardValues[ValueStep]) => void;
  onBack: (() => void) | null;
  saving: boolean;
}) {
  return (
    <>
      {step === 'name' ? (
        <NameStep key={step} initial={values.name} onNext={(v) => onNext('name', v)} {...common} />
      ) : null}
      {step === 'timezone' ? (
        <TimezoneStep
          key={step}
          initial={values.timezone}
          timezones={timezones}
          onNext={(v) => onNext('timezone', v)}
          {...common}
        />
      ) : null}
      {step === 'edition' ? (
        <EditionStep
          key={step}
          initial={values.edition}
          onNext={(v) => onNext('edition', v)}
          {...common}
        />
      ) : null}
      {step === 'crm' ? (
        <CrmStep key={step} initial={values.crm} onNext={(v) => onNext('crm', v)} {...common} />
      ) : null}
      {step === 'callTracking' ? (
        <CallTrackingStep
          key={step}
          initial={values.callTracking}
          onNext={(v) => onNext('callTracking', v)}
          {...common}
        />
      ) : null}
      {step === 'owner' ? (
        <OwnerStep
          key={step}
          initial={values.owner}
          onNext={(v) => onNext('owner', v)}
          {...common}
        />
      ) : null}
    </>
  );
}
