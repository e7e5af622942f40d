import { useHost } from '@/app/host/host';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import { FIGURE } from '@/app/components/figure/figure';
import type { CashFlowData } from '@/shared/contracts/reports/cash-flow';
import { collectionsPath, formatRate, formatUsd } from '@/shared/domain/cash-flow';
import { cashFlowPlans, OUTLIER_LIMIT } from '@/shared/domain/cockpit-metrics';
import { lockedMessage } from '@/shared/domain/cockpit-status';
import { formatDisplayDay } from '@/shared/domain/date-range';
import { CardColumn, CardColumns } from './card-column';
import { CockpitCard, type CockpitCardFrameProps } from './cockpit-card';
import { formatCount, MetricList } from './metric-list';
import './cash-flow-card.css';
import '@/app/components/visually-hidden/visually-hidden.css';

export const CASH_FLOW_LOADING_TEXT = 'Loading Cash Flow...';

export function CashFlowCard(frame: CockpitCardFrameProps<CashFlowData>) {
  return (
    <CockpitCard
      {...frame}
      title="Cash Flow"
      loadingText={CASH_FLOW_LOADING_TEXT}
      lockedText={lockedMessage('cashFlow')}
      summary={(data) => (
        <>
          <strong className={FIGURE}>{formatUsd(data.collected)}</strong> collected
        </>
      )}
    >
      {(data) => <CashFlowBody data={data} />}
    </CockpitCard>
  );
}

export function CashFlowBody({ data }: { data: CashFlowData }) {
  const { navigate } = useHost();
  const plans = cashFlowPlans(data);
  const missed = data.missedPayments.slice(0, OUTLIER_LIMIT);
  return (
    <CardColumns>
      <CardColumn title="Payments Made">
        <MetricList
          items={[
            { label: '$ Collected', value: formatUsd(data.collected) },
            {
              label: 'Missed Payments',
              value: formatUsd(data.missedPaymentsTotal),
              alert: data.missedPaymentsTotal > 0,
              alertText: 'payments were missed',
              detail: `${formatCount(data.missedPayments.length)} missed`,
            },
            { label: 'Partial Payments', value: formatUsd(data.partialPaymentTotal) },
          ]}
        />
      </CardColumn>
      <CardColumn title="Cash in the Bank">
        <MetricList
          items={[
            { label: 'Operating', value: formatUsd(data.operatingAccount) },
            { label: 'Profit Account', value: formatUsd(data.profitAccount) },
            {
              label: 'Future Cash Flow',
              value: formatUsd(data.futureCashFlow),
              detail: `Scheduled after ${formatDisplayDay(data.endDate)}`,
            },
          ]}
        />
      </CardColumn>
      <CardColumn title="Payment Plans">
        <MetricList
          items={[
            { label: 'Active Payment Plans', value: formatCount(plans.activePaymentPlans) },
            { label: 'On Plan %', value: formatRate(plans.onPlanRate) },
            {
              label: 'Off Plan %',
              value: formatRate(plans.offPlanRate),
              detail: `${formatCount(data.offPlan)} of ${formatCount(plans.activePaymentPlans)} plans`,
            },
          ]}
        />
      </CardColumn>
      <CardColumn title="Who Missed?">
        {missed.length === 0 ? (
          <p className="ic-who-missed__empty">
            <Icon name="check" size="sm" /> No missed payments in this range.
          </p>
        ) : (
          <ol className="ic-who-missed" aria-label="Who Missed?">
            {missed.map((payment) => (
              <li key={payment.id} className="ic-who-missed__item">
                <span className="ic-who-missed__name">{payment.name}</span>
                <span className={`ic-who-missed__amount ${FIGURE}`}>
                  {formatUsd(payment.amount)}
                </span>
                <span className="ic-who-missed__due">
                  <span className="ic-visually-hidden">Due </span>
                  {formatDisplayDay(payment.dueDate)}
                </span>
              </li>
            ))}
          </ol>
        )}
        <Button
          variant="secondary"
          className="ic-who-missed__all"
          onClick={() => navigate(collectionsPath(data))}
        >
          View All
        </Button>
      </CardColumn>
    </CardColumns>
  );
}
