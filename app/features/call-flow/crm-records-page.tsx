import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { ErrorView } from '@/app/components/error-view/error-view';
import { HostLink } from '@/app/components/host-link/host-link';
import { Icon } from '@/app/components/icon/icon';
import { Page } from '@/app/components/page/page';
import { Pager } from '@/app/components/pager/pager';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { TABLE, TableScroll } from '@/app/components/table/table-scroll';
import { useContactCalls } from '@/app/calls/use-contact-calls';
import { useHost } from '@/app/host/host';
import type { CrmRecord } from '@/shared/contracts/call-flow-api';
import { formatPhoneForCrm } from '@/shared/domain/phone';
import { contactPhones } from './active-call-card';
import { CALL_FLOWS_PATHS, CallFlowsNav } from './call-flows-nav';
import { crmRecordLines } from './crm-record-lines';
import { formatWhen } from './history-format';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { crmRecordsQuery } from './call-flow-queries';
import './call-flows-area.css';
import './crm-records-page.css';

export const CRM_RECORDS_PAGE_SIZE = 25;

const TYPE_LABELS: Record<string, string> = {
  CONTACT: 'Contact',
  NOTE: 'Note',
  CALL: 'Call',
  EVENT: 'Event',
  DEAL: 'Deal',
  'CONTACT-TAGS': 'Tags removed',
};

/** Who a contact record is, for the call dialogs ("Calling {name}"). */
function contactName(record: CrmRecord): string {
  const given = record.payload.given_name;
  const family = record.payload.family_name;
  const name = [given, family]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return name || 'this contact';
}

/**
 * What the simulated CRM store holds for the workspace (issue 11), newest first: so a
 * manager sees what a finished intake wrote (spec: session 7 CRM sync).
 */
export function CrmRecordsPage() {
  const { api, session } = useHost();
  const workspace = session.workspace;
  // issue #13 click-to-call in the app's contact tables: a call button beside each phone
  // for the roles that take calls in a call-tracking workspace; the started call becomes
  // the active call (the top bar's hang-up).
  const contactCalls = useContactCalls();
  const [offset, setOffset] = useState(0);
  const scope = useQueryScope();
  const records = useDataQuery(
    workspace
      ? crmRecordsQuery(scope, api, workspace.id, { limit: CRM_RECORDS_PAGE_SIZE, offset })
      : null,
  );
  const rows = records.data?.data ?? [];
  const total = records.data?.meta.total ?? 0;

  return (
    <Page
      eyebrow="Call Flows"
      title="CRM records"
      description="What call flows wrote to the CRM for this workspace (the reference server's simulated CRM), newest first."
    >
      <CallFlowsNav current={CALL_FLOWS_PATHS.crmRecords} />
      <Card aria-busy={records.status === 'loading' || undefined}>
        {records.status === 'loading' && rows.length === 0 ? (
          <LoadingBlock label="Loading the CRM records…" />
        ) : null}
        {records.status === 'error' ? (
          <ErrorView onRetry={records.retry} detail={records.detail ?? undefined} />
        ) : null}
        {records.status !== 'error' && records.data && rows.length === 0 ? (
          <p className="ic-call-flows-area__empty">No call flow has written to the CRM yet.</p>
        ) : null}
        {rows.length > 0 ? (
          <TableScroll label="CRM records">
            <table className={`${TABLE} ic-call-flows-area__table`}>
              <caption className="ic-call-flows-area__caption">
                CRM records {offset + 1}–{offset + rows.length} of {total}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Written</th>
                  <th scope="col">Type</th>
                  <th scope="col">What it holds</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Call flow</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((record) => (
                  <tr key={record.id}>
                    <td>{formatWhen(record.createdAt, workspace?.attributes.timezone)}</td>
                    <td>{TYPE_LABELS[record.type] ?? record.type}</td>
                    <td>
                      <RecordLines
                        record={record}
                        onCall={
                          contactCalls.mayCall && record.type === 'CONTACT'
                            ? (phone) => contactCalls.call(contactName(record), phone)
                            : null
                        }
                      />
                    </td>
                    <td className="ic-call-flows-area__mono">{record.contactId ?? '—'}</td>
                    <td>
                      {record.processExecutionHistoryId ? (
                        <HostLink to={CALL_FLOWS_PATHS.history(record.processExecutionHistoryId)}>
                          Execution history
                        </HostLink>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
        <Pager
          label="CRM record pages"
          total={total}
          offset={offset}
          pageSize={CRM_RECORDS_PAGE_SIZE}
          busy={records.status === 'loading'}
          onOffsetChange={setOffset}
          previousLabel="Newer"
          nextLabel="Older"
        />
      </Card>
      {contactCalls.dialogs}
    </Page>
  );
}

/** A record's lines; a contact's phones get their call button beside them (never in the text). */
function RecordLines({
  record,
  onCall,
}: {
  record: CrmRecord;
  onCall: ((phone: string) => void) | null;
}) {
  const phones = onCall ? contactPhones(record) : [];
  return crmRecordLines(record).map((line, index) => (
    <span key={index} className="ic-call-flows-area__line">
      {line}
      {onCall && phones.includes(line) ? (
        <Button
          variant="ghost"
          className="ic-crm-records__call"
          aria-label={`Call ${contactName(record)} at ${formatPhoneForCrm(line)}`}
          title="Call this number"
          onClick={() => onCall(line)}
        >
          <Icon name="phone" size="sm" />
        </Button>
      ) : null}
    </span>
  ));
}
