import { Icon } from '@/app/components/icon/icon';
import type { ScoreTrend } from '@/shared/contracts/coaching';
import { describeTrend } from '@/shared/domain/coaching';

const ICONS = { up: 'arrow-up', down: 'arrow-down', steady: 'arrows-up-down' } as const;

/** A trend in words with its arrow (colour is never the only sign). */
export function ScoreTrendBadge({ trend }: { trend: ScoreTrend }) {
  return (
    <span className={`ic-coaching__trend ic-coaching__trend--${trend.direction}`}>
      {trend.direction !== 'none' ? <Icon name={ICONS[trend.direction]} size="sm" /> : null}
      {describeTrend(trend)}
    </span>
  );
}
