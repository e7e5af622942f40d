import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { Icon } from '@/app/components/icon/icon';
import { useHost } from '@/app/host/host';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import type { ActiveCall } from '@/shared/contracts/active-call';
import type { CrmRecord } from '@/shared/contracts/call-flow-api';
import type { Workspace } from '@/shared/contracts/workspace';
import { callEndNotice, DEFAULT_CTM_SITE, summarizeActiveCall } from '@/shared/domain/active-call';
import { crmLinkSettings, crmRecordLink } from '@/shared/domain/crm-links';
import { type CrmRecordMatch, matchCrmRecords } from '@/shared/domain/crm-record-match';
import { formatCallDuration } from '@/shared/domain/call-clock';
import { CallElsewhereNotice } from './call-elsewhere-notice';
import { callerContactsQuery } from './call-flow-queries';
import { crmRecordLines } from './crm-record-lines';
import { secondsSince } from './hang-up-pill';
import { useCallOpenElsewhere } from './use-call-tab-place';
import './active-call-card.css';

// spec: session 3 Active call (direction, tracking number, campaign and lead source or
// "None Associated", start hh:mm A), 7 recording link, 8 call duration; issue #13 "The
// caller's CRM record is found by phone when possible ... the panel offers to open it".

/** The phones a CRM contact carries (spec 7 Contact output: phone_numbers[].number). */
export function contactPhones(record: CrmRecord): string[] {
  const numbers = record.payload.phone_numbers;
  if (!Array.isArray(numbers)) return [];
  return numbers.flatMap((entry) =>
    entry && typeof entry === 'object' && !Array.isArray(entry) && typeof entry.number === 'string'
      ? [entry.number]
      : [],
  );
}

/** The module a contact opens in: Keap's "Contact", Zoho's "Contacts" (dashboards 9). */
function contactLink(workspace: Workspace | null, record: CrmRecord): string {
  const settings = crmLinkSettings(workspace);
  const module = settings.kind === 'zoho' ? 'Contacts' : 'Contact';
  return crmRecordLink(settings, { id: record.contactId ?? record.id, module });
}

/** The caller's CRM record(s) among the workspace's contacts: null until they answer. */
function useCallerRecords(call: ActiveCall): CrmRecordMatch<CrmRecord> | null {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  const { leadName, phone } = call.callData;
  // Not found is said by nothing (a failed load too): the offer is a convenience.
  const { data: contacts } = useDataQuery(
    workspaceId && phone ? callerContactsQuery(scope, api, workspaceId, phone) : null,
  );
  return useMemo(
    () => (contacts ? matchCrmRecords(contacts, { leadName, phone }, contactPhones) : null),
    [contacts, leadName, phone],
  );
}

/** The durations already logged as missing, once per call (spec 8 "Could not get call duration"). */
const loggedMissingDuration = new Set<string>();

/** The call flow a card heads (the wizard's header): its name, and its own hang-up. */
export interface ActiveCallCardFlow {
  /** The process's name, the card's eyebrow. */
  name: string;
  /** The wizard's Hang up (its confirm, the partial-complete history); null once complete. */
  hangUp: ReactNode;
}

/**
 * The active call, live or ended, with the caller's CRM record when one is found. An ended
 * call says how it ended when the agent did not end it (issue #28) and offers Done, which
 * puts it away (`onDone`: the call session's reset).
 *
 * With `flow` the card is the wizard's header (issue #28 "One caller card, not two, and
 * the first field within the first screen"): the process name leads, the call's facts
 * fold onto one line, and the wizard's hang-up replaces Done and `liveAction` (the flow
 * ends the call).
 */
export function ActiveCallCard({
  call,
  onDone,
  liveAction,
  flow,
}: {
  call: ActiveCall;
  onDone?: () => void;
  /** What the card offers while the call is live (a hang-up, where no wizard has one). */
  liveAction?: ReactNode;
  /** The call flow this card heads, on the screen of the call's wizard. */
  flow?: ActiveCallCardFlow;
}) {
  const { session, calls } = useHost();
  // issue #28: another of the app's tabs runs this call's wizard.
  const { elsewhere, moving } = useCallOpenElsewhere(calls);
  const workspace = session.workspace;
  const summary = useMemo(
    () =>
      summarizeActiveCall(call, {
        timezone: workspace?.attributes.timezone,
        ctmSite: DEFAULT_CTM_SITE,
        ctmAccount: workspace?.attributes.vendors.callTrackingMetrics.account ?? null,
      }),
    [call, workspace],
  );
  const durationLog = summary.duration?.log ?? null;
  useEffect(() => {
    if (!durationLog || loggedMissingDuration.has(call.callId)) return;
    loggedMissingDuration.add(call.callId);
    console.warn(durationLog);
  }, [durationLog, call.callId]);

  const notice = callEndNotice(call, workspace?.attributes.timezone);
  const match = useCallerRecords(call);
  const caller = call.callData.leadName || 'Unknown caller';
  const heading = summary.direction === 'inbound' ? 'Incoming call' : 'Outgoing call';
  const action = flow
    ? flow.hangUp
    : summary.live
      ? liveAction
      : onDone && <Button onClick={onDone}>Done</Button>;

  return (
    <Card
      className={['ic-active-call', flow ? 'ic-active-call--flow' : ''].filter(Boolean).join(' ')}
      aria-label={`${heading}: ${caller}`}
      data-call-state={summary.live ? 'live' : 'ended'}
    >
      <header className="ic-active-call__head">
        <span className="ic-active-call__icon" aria-hidden="true">
          <Icon name={summary.live ? 'call-flow' : 'phone-off'} size="md" />
        </span>
        <div className="ic-active-call__who">
          <p className="ic-active-call__eyebrow">
            {flow ? (
              <>
                <span className="ic-active-call__flow-name">{flow.name}</span>
                {' · '}
              </>
            ) : null}
            {heading}
            {summary.live ? ' · on the line' : ' · ended'}
            {summary.live ? (
              <>
                {' · '}
                <CallTimer callStart={call.callStart} />
              </>
            ) : null}
          </p>
          <p className="ic-active-call__caller-line">
            <span className="ic-active-call__caller">{caller}</span>
            {summary.callerPhone ? (
              <a className="ic-active-call__phone" href={`tel:${call.callData.phone}`}>
                {summary.callerPhone}
              </a>
            ) : null}
          </p>
        </div>
        {action ? <div className="ic-active-call__actions">{action}</div> : null}
      </header>
      {notice ? (
        <div className="ic-active-call__ended" role="alert">
          <p className="ic-active-call__ended-title">{notice.title}</p>
          <p>{notice.body}</p>
        </div>
      ) : null}
      {/* Only a live call is worth moving: an ended one's flow was finished where it ran. */}
      {summary.live && elsewhere && calls?.tabs ? (
        <CallElsewhereNotice tabs={calls.tabs} moving={moving} />
      ) : null}
      <dl className="ic-active-call__facts">
        <div>
          <dt>Tracking number</dt>
          <dd>{summary.trackingNumber}</dd>
        </div>
        <div>
          <dt>Campaign</dt>
          <dd>{summary.campaign}</dd>
        </div>
        <div>
          <dt>Lead source</dt>
          <dd>{summary.leadSource}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{summary.callStart}</dd>
        </div>
        {summary.duration ? (
          <div>
            <dt>Duration</dt>
            <dd>{summary.duration.text}</dd>
          </div>
        ) : null}
        {summary.recording ? (
          <div>
            <dt>Recording</dt>
            <dd>
              {summary.recording.kind === 'link' ? (
                <a href={summary.recording.url} target="_blank" rel="noopener noreferrer">
                  Listen to the recording
                </a>
              ) : (
                summary.recording.text
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      <CallerRecord match={match} workspace={workspace} />
    </Card>
  );
}

/**
 * The time on the call, m:ss (spec 9), ticking each second. role="timer" is not live: a
 * screen reader reads it when the agent gets to it, never once a second.
 */
function CallTimer({ callStart }: { callStart: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const time = formatCallDuration(secondsSince(callStart, now)).text;
  return (
    <span className="ic-active-call__timer" role="timer" aria-label={`On the call for ${time}`}>
      {time}
    </span>
  );
}

function recordName(record: CrmRecord): string {
  return crmRecordLines(record)[0] ?? record.id;
}

/** One match: a link; several: a short list to pick from; none: nothing (issue #13). */
function CallerRecord({
  match,
  workspace,
}: {
  match: CrmRecordMatch<CrmRecord> | null;
  workspace: Workspace | null;
}) {
  if (!match || match.kind === 'none') return null;
  if (match.kind === 'one') {
    const href = contactLink(workspace, match.record);
    if (!href) return null;
    return (
      <p className="ic-active-call__record">
        <a href={href} target="_blank" rel="noopener noreferrer">
          Open CRM record
        </a>
      </p>
    );
  }
  const linked = match.records
    .map((record) => ({ record, href: contactLink(workspace, record) }))
    .filter((entry) => entry.href);
  if (linked.length === 0) return null;
  return (
    <div className="ic-active-call__record">
      <p>{linked.length} CRM records have this phone. Open one:</p>
      <ul className="ic-active-call__records">
        {linked.map(({ record, href }) => (
          <li key={record.id}>
            <a href={href} target="_blank" rel="noopener noreferrer">
              {recordName(record)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
