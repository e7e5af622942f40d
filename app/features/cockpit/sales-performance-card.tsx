import type { SalesPerformanceData } from '@/shared/contracts/reports/cockpit-cards';
import { goalPairColour } from '@/shared/domain/colour-rule';
import { type CockpitGoals, type GoalPair, UNSET_GOAL } from '@/shared/domain/cockpit-goals';
import {
  agentOutliers,
  consultantOutliers,
  salesPerformanceMetrics,
} from '@/shared/domain/cockpit-metrics';
import { lockedMessage } from '@/shared/domain/cockpit-status';
import { isBelowMin } from '@/shared/domain/progress-colours';
import { CardColumn, CardColumns } from './card-column';
import { CockpitCard, type CockpitCardFrameProps } from './cockpit-card';
import { formatCount, GoalDetail, MetricList } from './metric-list';
import { OutliersMenu } from './outliers-menu';
import { ProgressBar } from './progress-bar';
import { SetRateDoughnut } from './set-rate-doughnut';
import { FIGURE } from '@/app/components/figure/figure';

/**
 * spec: dashboards 2.3 gives this card the loading text 'Loading Lead Flow...', the Lead
 * Flow card's words; issue #15 asks for the spec's text as given (docs/cockpit.md). The
 * card's region is named Sales Performance, so a screen reader still says which card.
 */
export const SALES_PERFORMANCE_LOADING_TEXT = 'Loading Lead Flow...';

export function SalesPerformanceCard({
  goals,
  ...frame
}: CockpitCardFrameProps<SalesPerformanceData> & { goals: CockpitGoals | null }) {
  return (
    <CockpitCard
      {...frame}
      title="Sales Performance"
      loadingText={SALES_PERFORMANCE_LOADING_TEXT}
      lockedText={lockedMessage('salesPerformance')}
      summary={(data) => (
        <>
          Set rate <strong className={FIGURE}>{data.SETRATE.toFixed(2)}%</strong>
        </>
      )}
    >
      {(data) => <SalesPerformanceBody data={data} goals={goals} />}
    </CockpitCard>
  );
}

const pair = (min: number | undefined, goal: number | undefined): GoalPair =>
  min === undefined || goal === undefined ? UNSET_GOAL : { min, goal };

export function SalesPerformanceBody({
  data,
  goals,
}: {
  data: SalesPerformanceData;
  goals: CockpitGoals | null;
}) {
  const metrics = salesPerformanceMetrics(data);
  const g = goals?.salesPerformance;
  const row = (label: string, value: number, goalPair: GoalPair) => ({
    label,
    value: formatCount(value),
    alert: isBelowMin(value, goalPair.min),
    detail: <GoalDetail pair={goalPair} />,
    // spec: dashboards 4 Colour rule for metric cards: green at goal, orange under it, red under min.
    colour: goalPairColour(value, goalPair),
  });
  const calls = pair(g?.outboundCallsMin, g?.outboundCallsMax);
  const answers = pair(g?.outboundAnswersMin, g?.outboundAnswersMax);
  const sets = pair(g?.outboundSetsMin, g?.outboundSetsMax);
  const shows = pair(g?.showsMin, g?.showsMax);
  const hires = pair(g?.hiresMin, g?.hiresMax);
  const scheduled = pair(g?.appointmentsScheduledMin, g?.appointmentsScheduledMax);
  const filled = pair(g?.spotsFilledMin, g?.spotsFilledMax);

  return (
    <CardColumns>
      <CardColumn
        title="Inbound Sales"
        control={<OutliersMenu label="Agents/Calls" description="Inbound outliers" disabled />}
      >
        <SetRateDoughnut setRate={metrics.setRate} target={g?.targetInboundSetRate ?? null} />
      </CardColumn>
      <CardColumn
        title="Outbound Sales"
        control={
          <OutliersMenu
            label="Agents"
            description="5 lowest agents by calls"
            items={agentOutliers(data).map((agent) => ({
              id: agent.id,
              name: agent.name,
              value: `${formatCount(agent.outboundSales)} calls`,
            }))}
          />
        }
      >
        <MetricList
          items={[
            row('Calls', metrics.outboundCalls, calls),
            row('Answers', metrics.outboundAnswers, answers),
            row('Sets', metrics.outboundSets, sets),
          ]}
        />
      </CardColumn>
      <CardColumn
        title="Appointment Inventory"
        control={<OutliersMenu label="Agents" description="Appointment outliers" disabled />}
      >
        <ProgressBar
          label="Scheduled Tomorrow"
          value={metrics.scheduledTomorrow}
          pair={scheduled}
        />
        <ProgressBar label="Filled Historically" value={metrics.filledHistorically} pair={filled} />
      </CardColumn>
      <CardColumn
        title="Butts in Seats"
        control={
          <OutliersMenu
            label="Consultants"
            description="5 lowest consultants by hires"
            items={consultantOutliers(data).map((consultant) => ({
              id: consultant.id,
              name: consultant.name,
              value: `${formatCount(consultant.hires)} hires`,
            }))}
          />
        }
      >
        <MetricList
          items={[row('Shows', metrics.shows, shows), row('Hires', metrics.hires, hires)]}
        />
      </CardColumn>
    </CardColumns>
  );
}
