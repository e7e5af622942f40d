import { ReportRangeBar, useReportRange } from '@/app/reports/filters/report-range-bar';
import {
  InboundSalesSection,
  NoShowsSection,
  ObjectionsSection,
  OutboundSalesSection,
  RoiSection,
} from './optimization-sections';
import { RateFootnote, type RateFootnoteItem } from '@/app/reports/layout/rate-footnote';
import '@/app/reports/layout/report-layout.css';

/** The rates of this screen, each named with what it divides. */
const OPTIMIZATION_RATES: readonly RateFootnoteItem[] = [
  { name: 'ROI', numerator: '(revenue − spend)', denominator: 'spend' },
  { name: 'Objection share', numerator: "the reason's lost leads", denominator: 'all lost leads' },
  { name: 'No-show rate', numerator: 'no-shows', denominator: '(shows + no-shows)' },
  { name: 'Inbound set rate', numerator: 'sets', denominator: 'connected calls' },
  { name: 'Answer rate', numerator: 'answered calls', denominator: 'outbound calls' },
  { name: 'Outbound set rate', numerator: 'sets', denominator: 'answered calls' },
];

/**
 * Optimization Chart (/app/sales-pipeline/optimization-chart): where leads and money are
 * lost — return on marketing per source, objections, no-shows, and the inbound and
 * outbound sales calls per agent — for one date range (spec: dashboards 7 roi, inbound,
 * outbound, objections, noShows). Each report loads and fails on its own.
 */
export function OptimizationChartScreen() {
  const range = useReportRange('report-filters:optimization-chart');
  return (
    <div className="ic-report-screen ic-pipeline">
      <ReportRangeBar value={range} />
      <RoiSection range={range.range} />
      <div className="ic-pipeline__pair">
        <ObjectionsSection range={range.range} />
        <NoShowsSection range={range.range} />
      </div>
      <div className="ic-pipeline__pair">
        <InboundSalesSection range={range.range} />
        <OutboundSalesSection range={range.range} />
      </div>
      {/* What each rate divides (issue #30), for every section above. */}
      <RateFootnote
        data-testid="optimization-rate-note"
        rates={OPTIMIZATION_RATES}
        scope="each counted in the date range chosen"
      />
    </div>
  );
}
