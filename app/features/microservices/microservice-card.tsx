import { Card } from '@/app/components/card/card';
import type { MicroserviceCheck } from '@/shared/contracts/microservices';
import { checkStatusLabel } from '@/shared/domain/microservices';

/** One part's status card: name, status badge, latency and the check's one line. */
export function MicroserviceCard({ check }: { check: MicroserviceCheck }) {
  return (
    <Card
      as="article"
      className="ic-microservices__card"
      data-status={check.status}
      aria-labelledby={`ic-microservice-${check.id}`}
    >
      <div className="ic-microservices__card-head">
        <h2 className="ic-microservices__card-title" id={`ic-microservice-${check.id}`}>
          {check.name}
        </h2>
        <span className="ic-microservices__badge" data-status={check.status}>
          <span className="ic-microservices__dot" aria-hidden="true" />
          {checkStatusLabel(check)}
        </span>
      </div>
      <p className="ic-microservices__detail">{check.detail}</p>
      <p className="ic-microservices__latency">
        {check.timedOut
          ? `Gave up after ${check.latencyMs} ms`
          : `Answered in ${check.latencyMs} ms`}
      </p>
    </Card>
  );
}
