import { useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { TextField } from '@/app/components/field/field-controls';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import { createCallFlowEngine, type CallFlowEngine } from '@/shared/call-flow/engine';
import {
  createTestRun,
  type TestRun,
  type TestRunRecord,
} from '@/shared/call-flow/test-run-effects';
import type { ProcessDefinition } from '@/shared/contracts/call-flow';
import type { CalendarEvent } from '@/shared/contracts/scheduling';
import { ActiveFlow } from '../call-flow-wizard';
import { createConsultationBooking, type ConsultationBooking } from '../forms/consultation-booking';
import { createAddressVerifier, type VerifyAddress } from '../forms/address-verifier';
import { VariableValueView } from '../variable-value';
import { useDesignerWorkspace } from './designer-workspace';
import './test-run.css';

// "Test before publishing" (issue #34): the draft runs in the wizard agents use, on the
// engine agents use, with the test run's effects (shared/call-flow/test-run-effects.ts):
// no call, no case or history on the server, no CRM record, no e-mail sent. Beside it,
// the path taken with the variables at each step, and what would have been e-mailed and
// written to the CRM. Consultations are looked up in the real calendars but never booked.

interface Running {
  engine: CallFlowEngine;
  testRun: TestRun;
  /** Which run this is: each run's view starts afresh (Run it again). */
  run: number;
}

/** Booking that lists the consultants' free times but saves nothing. */
function testBooking(real: ConsultationBooking): ConsultationBooking {
  let made = 0;
  return {
    ...real,
    book: async (request, eventId): Promise<CalendarEvent> => ({
      id: eventId ?? `test-booking-${++made}`,
      calendarId: request.calendarId,
      title: request.title,
      startTime: request.startTime,
      endTime: request.endTime,
      location: request.location ?? '',
      notes: request.notes ?? '',
      executionId: null,
      appId: null,
    }),
    cancel: async () => {},
  };
}

export function TestRunPanel({
  definition,
  problems,
  onClose,
}: {
  definition: ProcessDefinition;
  /** How many problems stand in the way: a draft with problems cannot run. */
  problems: number;
  onClose: () => void;
}) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const [caller, setCaller] = useState({ name: 'Test Caller', phone: '(312) 555-0142' });
  const [running, setRunning] = useState<Running | null>(null);
  const [startFailure, setStartFailure] = useState<string | null>(null);
  const verifyAddress = useMemo(() => createAddressVerifier(api), [api]);
  const workspaceId = useDesignerWorkspace().workspace?.id ?? '';
  const booking = useMemo(
    () =>
      testBooking(
        createConsultationBooking(
          api,
          { asyncLeadGeneration: false, callerName: caller.name, workspaceId },
          scope,
        ),
      ),
    [api, caller.name, workspaceId, scope],
  );

  const start = async (event?: FormEvent) => {
    event?.preventDefault();
    setStartFailure(null);
    const testRun = createTestRun();
    const engine = createCallFlowEngine({
      effects: testRun.effects,
      context: {
        workspaceId,
        agentId: session.user?.id ?? 'designer',
        agentName: 'Test run',
        environment: 'test',
      },
    });
    const started = await engine.start({
      definition,
      callData: { leadName: caller.name, phone: caller.phone },
    });
    if (!started.ok) {
      setStartFailure(engine.getState().error?.message ?? 'The test run could not start.');
      return;
    }
    setRunning((previous) => ({ engine, testRun, run: (previous?.run ?? 0) + 1 }));
  };

  return (
    <section className="ic-test-run" aria-labelledby="ic-test-run-title">
      <div className="ic-test-run__head">
        <h2 id="ic-test-run-title" className="ic-test-run__title">
          Test run
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Back to editing
        </Button>
      </div>
      <p className="ic-test-run__note">
        The draft runs as agents will see it. Nothing is saved or sent: no call, no history, no CRM
        record, no e-mail.
      </p>
      {problems > 0 ? (
        <p className="ic-test-run__note" role="alert">
          Fix the {problems === 1 ? 'problem' : `${problems} problems`} listed above first: a
          process with problems cannot run.
        </p>
      ) : running ? (
        <RunningTest
          key={running.run}
          running={running}
          booking={booking}
          verifyAddress={verifyAddress}
          onAgain={() => void start()}
        />
      ) : (
        <form className="ic-test-run__start" onSubmit={(event) => void start(event)}>
          <TextField
            label="Caller's name"
            value={caller.name}
            onValueChange={(name) => setCaller((c) => ({ ...c, name }))}
          />
          <TextField
            label="Caller's phone"
            value={caller.phone}
            onValueChange={(phone) => setCaller((c) => ({ ...c, phone }))}
          />
          <Button type="submit" variant="primary">
            Start the test run
          </Button>
          {startFailure ? (
            <p className="ic-test-run__note" role="alert">
              {startFailure}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}

function RunningTest({
  running,
  booking,
  verifyAddress,
  onAgain,
}: {
  running: Running;
  booking: ConsultationBooking;
  verifyAddress: VerifyAddress;
  onAgain: () => void;
}) {
  const { engine, testRun } = running;
  const state = useSyncExternalStore(engine.subscribe, engine.getState);
  const record = useSyncExternalStore(testRun.subscribe, testRun.record);
  const [ended, setEnded] = useState(false);
  return (
    <div className="ic-test-run__layout">
      <div className="ic-test-run__wizard">
        {ended || state.status === 'idle' ? (
          <div className="ic-test-run__ended" role="status">
            <p>
              {record.ended === 'completed'
                ? 'The test run reached the end: the intake is complete.'
                : 'The test run was hung up.'}
            </p>
            <Button variant="primary" onClick={onAgain}>
              Run it again
            </Button>
          </div>
        ) : (
          <ActiveFlow
            engine={engine}
            state={state}
            drafts={testRun.effects.drafts}
            verifyAddress={verifyAddress}
            onFinished={() => setEnded(true)}
            onRetryStart={onAgain}
            call={null}
            booking={booking}
          />
        )}
      </div>
      <TestRunLog record={record} />
    </div>
  );
}

/** The path taken, each step with its variables; the e-mails and CRM records kept. */
function TestRunLog({ record }: { record: TestRunRecord }) {
  return (
    <aside className="ic-test-run__log" aria-label="What the test run did">
      <h3 className="ic-test-run__subtitle">Path taken</h3>
      {record.path.length === 0 ? (
        <p className="ic-test-run__note">Nothing yet.</p>
      ) : (
        <ol className="ic-test-run__path">
          {record.path.map((step, index) => (
            <li key={`${step.stepId}-${index}`}>
              <details>
                <summary>
                  {step.stepName}
                  {step.direction === 'backward' ? ' (back)' : ''}
                </summary>
                <dl className="ic-test-run__variables">
                  {Object.entries(step.variables).map(([name, value]) => (
                    <div key={name}>
                      <dt>{name}</dt>
                      <dd>
                        <VariableValueView value={value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
      <h3 className="ic-test-run__subtitle">E-mails (not sent)</h3>
      {record.emails.length === 0 ? (
        <p className="ic-test-run__note">None.</p>
      ) : (
        record.emails.map((email, index) => (
          <article key={index} className="ic-test-run__email">
            <p>
              <strong>To</strong> {email.destinations.to.join(', ')}
            </p>
            <p>
              <strong>Subject</strong> {email.subject}
            </p>
            <pre>{email.body.textBody}</pre>
          </article>
        ))
      )}
      <h3 className="ic-test-run__subtitle">CRM records (not written)</h3>
      {record.crmRecords.length === 0 ? (
        <p className="ic-test-run__note">None.</p>
      ) : (
        <ul className="ic-test-run__records">
          {record.crmRecords.map((crm, index) => (
            <li key={index}>
              <strong>{crm.type}</strong>{' '}
              {Object.entries(crm.fields)
                .map(([field, value]) => `${field}: ${value}`)
                .join(' · ')}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
