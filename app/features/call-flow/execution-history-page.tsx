import { useParams } from 'react-router';
import { Page } from '@/app/components/page/page';
import { CALL_FLOWS_PATHS, CallFlowsNav } from './call-flows-nav';
import { ExecutionHistoryDetail } from './execution-history-detail';

/** /app/automated-intake/histories/:historyId — one execution history (owners and admins). */
export function ExecutionHistoryPage() {
  const { historyId = '' } = useParams();
  return (
    <Page eyebrow="Call Flows" title="Execution history">
      <CallFlowsNav current={CALL_FLOWS_PATHS.histories} />
      <ExecutionHistoryDetail key={historyId} historyId={historyId} />
    </Page>
  );
}
