import { buttonClassName } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { HostLink } from '@/app/components/host-link/host-link';
import { Icon } from '@/app/components/icon/icon';
import { Page } from '@/app/components/page/page';
import './coming-soon-page.css';

export interface ComingSoonPageProps {
  /** The screen's name in the spec's words: "Cockpit", "Classic Trends". */
  title: string;
  /** The menu area it belongs to: "Dashboards", "Settings". */
  area?: string;
  /** What the screen will do, in one sentence. */
  description?: string;
}

/**
 * The honest stand-in for a screen a later issue builds: the route, its guards and its
 * heading are real; the content says plainly that it is not there yet.
 */
export function ComingSoonPage({ title, area, description }: ComingSoonPageProps) {
  return (
    <Page eyebrow={area} title={title} description={description}>
      <Card className="ic-coming-soon" aria-labelledby="ic-coming-soon-title">
        <span className="ic-coming-soon__icon">
          <Icon name="sparkles" size="lg" />
        </span>
        <h2 className="ic-coming-soon__title" id="ic-coming-soon-title">
          This screen is coming soon
        </h2>
        <p className="ic-coming-soon__text">
          {title} is being built and will appear here, at this same address, as soon as it is ready.
        </p>
        <HostLink to="/app" className={buttonClassName({ variant: 'secondary' })}>
          Back to your start page
        </HostLink>
      </Card>
    </Page>
  );
}
