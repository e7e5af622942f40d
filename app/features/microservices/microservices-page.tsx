import { Button } from '@/app/components/button/button';
import { ErrorView } from '@/app/components/error-view/error-view';
import { Page } from '@/app/components/page/page';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import type { MicroservicesReport } from '@/shared/contracts/microservices';
import { CHECK_TIMEOUT_MS, overallMessage, STATUS_LABELS } from '@/shared/domain/microservices';
import { MicroserviceCard } from './microservice-card';
import { useMicroservices } from './use-microservices';
import './microservices-page.css';

const timeOfDay = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** The overall banner: the worst status and how many parts it concerns. */
function OverallBanner({ report }: { report: MicroservicesReport }) {
  return (
    <div className="ic-microservices__banner" data-status={report.status}>
      <span className="ic-microservices__dot" aria-hidden="true" />
      <strong>{STATUS_LABELS[report.status]}</strong>
      <span>{overallMessage(report.checks)}</span>
    </div>
  );
}

/**
 * System > Microservices (issue #16): the reference server's own health, part by part —
 * database, sockets, call-tracking simulator, address verification, e-mail outbox and
 * cockpit-warning scheduler — checked on open, with "Check again", and every 30 s while
 * the tab is visible.
 */
export function MicroservicesPage() {
  const { report, checking, error, checkAgain } = useMicroservices();

  return (
    <Page
      eyebrow="System"
      title="Microservices"
      description={`The reference server checks each of its parts for real. A part that does not answer within ${CHECK_TIMEOUT_MS / 1000} seconds shows as down (timed out).`}
      actions={
        <div className="ic-microservices__actions">
          {report ? (
            <p className="ic-microservices__checked">
              Last checked{' '}
              <time dateTime={report.checkedAt}>
                {timeOfDay.format(new Date(report.checkedAt))}
              </time>
            </p>
          ) : null}
          <Button variant="primary" onClick={checkAgain} disabled={checking} aria-busy={checking}>
            {checking ? (
              <span className="ic-spinner ic-microservices__spinner" aria-hidden="true" />
            ) : null}
            {checking ? 'Checking…' : 'Check again'}
          </Button>
        </div>
      }
    >
      {/* The banner keeps the last result while a new check runs, so a screen reader hears
          it again only when the overall status changes, not every 30 s. */}
      <div className="ic-microservices__live" role="status" aria-live="polite">
        {report ? <OverallBanner report={report} /> : null}
      </div>
      {error && report ? (
        <p className="ic-microservices__failure" role="alert">
          The last check failed: {error} The cards show the check before it.
        </p>
      ) : null}
      {report ? (
        <div className="ic-microservices__grid">
          {report.checks.map((check) => (
            <MicroserviceCard key={check.id} check={check} />
          ))}
        </div>
      ) : error ? (
        <ErrorView onRetry={checkAgain} detail={error} />
      ) : (
        <LoadingBlock label="Checking the services…" />
      )}
    </Page>
  );
}
