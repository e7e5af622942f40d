import type { CommunicationsData } from '@/shared/contracts/reports/cockpit-cards';
import type { CockpitGoals } from '@/shared/domain/cockpit-goals';
import { communicationsMetrics } from '@/shared/domain/cockpit-metrics';
import { lockedMessage } from '@/shared/domain/cockpit-status';
import { isAboveAllowance, isBelowMin } from '@/shared/domain/progress-colours';
import { describeWaitTime, formatWaitTime } from '@/shared/domain/wait-time';
import { CardColumn, CardColumns } from './card-column';
import { CockpitCard, type CockpitCardFrameProps } from './cockpit-card';
import { formatCount, goalText, MetricList } from './metric-list';
import { FIGURE } from '@/app/components/figure/figure';

export const COMMUNICATIONS_LOADING_TEXT = 'Loading Communications...';

export function CommunicationsCard({
  goals,
  ...frame
}: CockpitCardFrameProps<CommunicationsData> & { goals: CockpitGoals | null }) {
  return (
    <CockpitCard
      {...frame}
      title="Communications"
      loadingText={COMMUNICATIONS_LOADING_TEXT}
      lockedText={lockedMessage('communications')}
      summary={(data) => (
        <>
          <strong className={FIGURE}>
            {formatCount(data.CID_COMMUNICATIONS.CID_INBOUNDVOLUME.totalCalls)}
          </strong>{' '}
          inbound calls
        </>
      )}
    >
      {(data) => <CommunicationsBody data={data} goals={goals} />}
    </CockpitCard>
  );
}

const ratio = (made: number, due: number) => `${formatCount(made)}/${formatCount(due)}`;

export function CommunicationsBody({
  data,
  goals,
}: {
  data: CommunicationsData;
  goals: CockpitGoals | null;
}) {
  const m = communicationsMetrics(data);
  const g = goals?.communications;
  return (
    <CardColumns>
      <CardColumn title="Inbound Calls">
        <MetricList
          items={[
            { label: 'Total Calls', value: formatCount(m.totalCalls) },
            { label: 'Sales', value: formatCount(m.salesCalls) },
            { label: 'Client Related', value: formatCount(m.clientCalls) },
            { label: 'Other', value: formatCount(m.otherCalls) },
          ]}
        />
      </CardColumn>
      <CardColumn title="Inbound Coverage">
        <MetricList
          items={[
            {
              label: 'Missed Calls',
              value: formatCount(m.missedCalls),
              alert: isAboveAllowance(m.missedCalls, g?.allowableMissedCalls),
              alertText: 'above the allowance',
              detail: `Allowed ${goalText(g?.allowableMissedCalls)}`,
            },
            {
              label: 'Abandoned Calls',
              value: formatCount(m.abandonedCalls),
              alert: isAboveAllowance(m.abandonedCalls, g?.allowableAbandonedCalls),
              alertText: 'above the allowance',
              detail: `Allowed ${goalText(g?.allowableAbandonedCalls)}`,
            },
            {
              label: 'Avg. Wait Time',
              value: (
                <span aria-label={describeWaitTime(m.averageWaitText)}>
                  {formatWaitTime(m.averageWaitText)}
                </span>
              ),
              alert: isAboveAllowance(m.averageWaitSeconds, g?.averageWaitTime),
              alertText: 'above the target',
              detail: `Target ${g ? formatWaitTime(String(g.averageWaitTime)) : 'N/A'}`,
            },
          ]}
        />
      </CardColumn>
      <CardColumn title="Outbound Calls">
        <MetricList
          items={[
            {
              label: 'Relationship Calls',
              value: ratio(m.relationshipMade, m.relationshipDue),
              alert: isBelowMin(m.relationshipMade, m.relationshipDue),
              alertText: 'fewer made than due',
              detail: 'made/due',
            },
            { label: 'Relationship Calls Due Today', value: formatCount(m.relationshipDueToday) },
            {
              label: 'Collection Calls',
              value: ratio(m.collectionMade, m.collectionDue),
              alert: isBelowMin(m.collectionMade, m.collectionDue),
              alertText: 'fewer made than due',
              detail: 'made/due',
            },
            { label: 'Collection Calls Due Today', value: formatCount(m.collectionDueToday) },
          ]}
        />
      </CardColumn>
      <CardColumn title="Keeping Promises">
        <MetricList
          items={[
            {
              label: 'Calls Returned',
              value: ratio(m.callsReturned, m.callbacksRequested),
              alert: isBelowMin(m.callsReturned, m.callbacksRequested),
              alertText: 'fewer returned than requested',
              detail: 'Calls Returned/Callbacks Requested',
            },
            { label: 'Callbacks Requested', value: formatCount(m.callbacksRequested) },
          ]}
        />
      </CardColumn>
    </CardColumns>
  );
}
