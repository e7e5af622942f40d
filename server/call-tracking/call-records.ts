import type { Db } from '../db/database';
import { recordCalls } from '../records/record-writer';
import type { CallRow } from './call-store';

// An ended call of either provider (the simulator, CTM) as a reporting call record: the
// compliance, Communications and agent reports read these (spec: dashboards 2).

const seconds = (from: string, to: Date) =>
  Math.max(0, Math.round((to.getTime() - new Date(from).getTime()) / 1000));

/**
 * An ended call joins the reporting records (spec: dashboards, call reports). A failure is
 * logged, never thrown (the call itself has ended): answers whether the record was written.
 */
export async function recordEndedCall(
  db: Db,
  log: (message: string, error: unknown) => void,
  onRecordsArrived: ((workspaceId: string) => void) | undefined,
  row: CallRow,
): Promise<boolean> {
  const connected = row.connected === 1;
  const inbound = row.direction === 'inbound';
  try {
    await recordCalls(db, [
      {
        workspaceId: row.workspace_id,
        callSid: row.sid ?? row.id,
        direction: inbound ? 'inbound' : 'outbound',
        category: 'sales',
        startedAt: row.started_at,
        agentId: row.agent_id,
        leadSourceId: row.lead_source_id,
        campaignId: row.campaign_id,
        trackingNumber: row.tracking_number,
        answered: connected,
        connected,
        missed: inbound && !connected,
        waitSeconds:
          inbound && row.connected_at ? seconds(row.started_at, new Date(row.connected_at)) : 0,
        durationSeconds: row.duration_seconds ?? 0,
      },
    ]);
  } catch (error) {
    // The call itself ended and was counted; only its report row is missing.
    log(`Call ${row.id}: could not record it for the reports`, error);
    return false;
  }
  onRecordsArrived?.(row.workspace_id);
  return true;
}
