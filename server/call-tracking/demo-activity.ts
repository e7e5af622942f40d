import { isDialableInUs } from '@/shared/domain/phone-dialing';
import { isCallTrackingEnabled } from '@/shared/domain/workspace-features';
import type { Db } from '../db/database';
import { listWorkspaces } from '../repositories/workspace-repository';
import { findConnection, listConnections } from './ctm/ctm-connection-store';
import { FIRST_NAMES, LAST_NAMES } from '../seed/demo-workspaces';
import type { CallSimulator } from './call-simulator';

/**
 * Demo call activity (issue #12: "the call-tracking simulator emits ctmcallsdata as calls
 * start and end"): while the demo server runs, callers ring each call-tracking workspace
 * at random intervals, talk for a few minutes and hang up, so the live call count moves on
 * a fresh `npm start` and the call reports grow. The calls ring agents without a demo
 * sign-in (a person at a desk phone), never a demo user: only a test call (POST
 * system/test-calls) opens a wizard, so nothing pops up uninvited while someone tries the
 * product, and none of them ever raises a missed-call notification (issue #28). Randomness
 * comes from the simulator's seeded generator.
 */

export interface DemoCallActivityOptions {
  /** Seconds between two callers in one workspace. */
  startEverySeconds?: readonly [number, number];
  /** No new caller while this many calls are live in the workspace. */
  maxLive?: number;
  /** Seconds a demo conversation lasts. */
  talkSeconds?: readonly [number, number];
  /** Share of callers an agent answers (the others hang up while ringing). */
  answeredShare?: number;
  log?: (message: string, error: unknown) => void;
}

export interface DemoCallActivity {
  stop(): void;
  /** Resolves once the work started so far (the start, each caller) has finished (tests). */
  settled(): Promise<void>;
}

interface WorkspaceLines {
  workspaceId: string;
  agents: { id: string; ctmUserId: string }[];
  lines: { number: string; campaignId: string | null; leadSourceId: string | null }[];
}

async function linesOf(db: Db): Promise<WorkspaceLines[]> {
  const result: WorkspaceLines[] = [];
  // A workspace connected to CallTrackingMetrics takes real calls only (issue #32).
  const connected = new Set((await listConnections(db)).map((c) => c.workspace_id));
  for (const workspace of await listWorkspaces(db)) {
    if (!isCallTrackingEnabled(workspace) || connected.has(workspace.id)) continue;
    const agents = await db
      .selectFrom('agents')
      .leftJoin('users', 'users.person_id', 'agents.person_id')
      .select(['agents.id', 'agents.ctm_user_id'])
      .where('agents.workspace_id', '=', workspace.id)
      .where('agents.active', '=', 1)
      .where('agents.ctm_user_id', 'is not', null)
      .where('users.id', 'is', null)
      .orderBy('agents.id')
      .execute();
    const numbers = await db
      .selectFrom('ctm_tracking_numbers')
      .select(['number', 'campaign_id', 'lead_source_id'])
      .where('workspace_id', '=', workspace.id)
      .orderBy('sort_order')
      .execute();
    const lines = numbers
      .filter((n) => isDialableInUs(n.number))
      .map((n) => ({
        number: n.number,
        campaignId: n.campaign_id,
        leadSourceId: n.lead_source_id,
      }));
    if (agents.length === 0 || lines.length === 0) continue;
    result.push({
      workspaceId: workspace.id,
      agents: agents.map((a) => ({ id: a.id, ctmUserId: a.ctm_user_id as string })),
      lines,
    });
  }
  return result;
}

export function startDemoCallActivity(
  db: Db,
  simulator: CallSimulator,
  options: DemoCallActivityOptions = {},
): DemoCallActivity {
  const [minGap, maxGap] = options.startEverySeconds ?? [20, 60];
  const [minTalk, maxTalk] = options.talkSeconds ?? [60, 240];
  const maxLive = options.maxLive ?? 4;
  const answeredShare = options.answeredShare ?? 0.85;
  const log = options.log ?? ((message, error) => console.error(message, error));
  const { random, scheduler } = simulator;
  const cancels = new Set<() => void>();
  const pending = new Set<Promise<void>>();
  let stopped = false;

  function track(work: Promise<void>) {
    const tracked = work.catch((error: unknown) => log('Demo call activity failed', error));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  }

  function later(seconds: number, run: () => Promise<void>) {
    if (stopped) return;
    const cancel = scheduler.after(seconds * 1000, () => {
      cancels.delete(cancel);
      if (stopped) return;
      track(run());
    });
    cancels.add(cancel);
  }

  async function ring(ws: WorkspaceLines) {
    // Connected to CallTrackingMetrics since the start: its calls are real ones now.
    if (await findConnection(db, ws.workspaceId)) return;
    if ((await simulator.liveCount(ws.workspaceId)) < maxLive) {
      const line = random.pick(ws.lines);
      const agent = random.pick(ws.agents);
      const area = line.number.slice(2, 5);
      await simulator.place({
        workspaceId: ws.workspaceId,
        direction: 'inbound',
        fromNumber: `+1${area}555${String(random.int(100, 199)).padStart(4, '0')}`,
        toNumber: line.number,
        agentCtmUserId: agent.ctmUserId,
        agentId: agent.id,
        trackingNumber: line.number,
        campaignId: line.campaignId,
        leadSourceId: line.leadSourceId,
        leadName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        createdBy: null,
        answered: random.chance(answeredShare),
        talkSeconds: random.int(minTalk, maxTalk),
        // Background noise, not a caller anyone must ring back: a fifth of them go
        // unanswered, and should such an agent gain a sign-in they would flood its bell.
        notifyMissed: false,
      });
    }
    later(random.int(minGap, maxGap), () => ring(ws));
  }

  track(
    linesOf(db).then((workspaces) => {
      // The first callers come soon after the start, so the count moves at once.
      for (const ws of workspaces) later(random.int(2, 8), () => ring(ws));
    }),
  );

  return {
    stop() {
      stopped = true;
      for (const cancel of cancels) cancel();
      cancels.clear();
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
