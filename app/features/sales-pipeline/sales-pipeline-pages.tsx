import { Page } from '@/app/components/page/page';
import { LeadSourcePipelineScreen } from './lead-source-pipeline-screen';
import { OptimizationChartScreen } from './optimization-chart-screen';
import { TotalPipelineScreen } from './total-pipeline-screen';
import './sales-pipeline.css';

/** spec: dashboards 2.2 sales-pipeline/total-pipeline — GET reports/total-pipeline. */
export function TotalPipelinePage() {
  return (
    <Page
      eyebrow="Sales Pipeline"
      title="Total Pipeline"
      description="The contacts that entered the pipeline in the range, by the stage each is in now."
    >
      <TotalPipelineScreen />
    </Page>
  );
}

/** spec: dashboards 2.2 sales-pipeline/lead-source-pipeline — GET reports/pclc-by-leadsource. */
export function LeadSourcePipelinePage() {
  return (
    <Page
      eyebrow="Sales Pipeline"
      title="Lead Source Pipeline"
      description="The funnel of each lead source side by side: leads, sets, shows and hires, and the rates between them."
    >
      <LeadSourcePipelineScreen />
    </Page>
  );
}

/** spec: dashboards 2.2 sales-pipeline/optimization-chart — roi, objections, no-shows, sales. */
export function OptimizationChartPage() {
  return (
    <Page
      eyebrow="Sales Pipeline"
      title="Optimization Chart"
      description="Where leads and money are lost: return on marketing, objections, no-shows, and sales calls per agent."
    >
      <OptimizationChartScreen />
    </Page>
  );
}
