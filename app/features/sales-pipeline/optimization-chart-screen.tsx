import { ReportRangeBar, useReportRange } from '@/app/reports/filters/report-range-bar';
import {
  InboundSalesSection,
  NoShowsSection,
  ObjectionsSection,
  OutboundSalesSection,
  RoiSection,
} from './optimization-sections';
import '@/app/reports/layout/report-layout.css';

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
    </div>
  );
}
