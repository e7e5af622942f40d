import type { Role } from '@/shared/contracts/roles';
import { MANAGERS_AND_SYSTEM } from './role-groups';

// A call belongs to its agent (issue #29 point 3). Inside a workspace, a call rings one
// agent's line; only that agent and the people who run the workspace's calls act on it.
// The spec names the calls (session 7: POST ctm/calls with to_agent, PUT connected with
// fourIizAgent, DELETE deleteCall) but not who may make them ("other per-role permissions:
// not shown", session 6): the rules below are ours.

/**
 * Who runs a workspace's calls: owners and admins (the spec's managers, role-groups.ts
 * MANAGERS), and the system user, who administers every workspace and already rings any
 * agent with a test call (issue #13). They may ring a chosen agent and act on any call.
 */
export const CALL_MANAGERS: readonly Role[] = MANAGERS_AND_SYSTEM;

export const isCallManager = (role: Role): boolean => CALL_MANAGERS.includes(role);

/** Who acts on a call: their role and their own agent record in the call's workspace. */
export interface CallActor {
  role: Role;
  agent: { id: string; ctmUserId: string | null } | null;
}

/** The line a call rang: our agent record (when one is linked) and the call-tracking user. */
export interface CallLineOwner {
  agentId: string | null;
  agentCtmUserId: string;
}

/** The actor's own call: it rang their agent record, or their call-tracking user. */
export function isOwnCall(actor: CallActor, call: CallLineOwner): boolean {
  const own = actor.agent;
  if (!own) return false;
  if (call.agentId !== null) return call.agentId === own.id;
  return own.ctmUserId !== null && own.ctmUserId === call.agentCtmUserId;
}

export type CallAction = 'read' | 'connect' | 'hang-up' | 'delete';

const ACTION_WORDS: Record<CallAction, string> = {
  read: 'see it',
  connect: 'mark it connected',
  'hang-up': 'hang it up',
  delete: 'delete it',
};

/** The 403 text for acting on another agent's call. */
export function notYourCallMessage(action: CallAction): string {
  return `This call rang another agent's line: only its agent, owners, admins and system users may ${ACTION_WORDS[action]}.`;
}

/** Why the actor may not act on the call (null: they may): their own, or they run calls. */
export function callActionRefusal(
  actor: CallActor,
  call: CallLineOwner,
  action: CallAction,
): string | null {
  if (isCallManager(actor.role) || isOwnCall(actor, call)) return null;
  return notYourCallMessage(action);
}

/**
 * Whose line a click-to-call may ring (spec 7 to_agent, a call-tracking user id). Without
 * to_agent, or naming the actor's own call-tracking user, it rings their own line; naming
 * another is for call managers only. Answers the refusal, or null.
 */
export function ringRefusal(actor: CallActor, toAgent: string | null | undefined): string | null {
  if (!toAgent || isCallManager(actor.role)) return null;
  if (actor.agent?.ctmUserId === toAgent) return null;
  return 'to_agent: you can ring only your own line; only owners, admins and system users may ring another agent (leave to_agent out to ring yours).';
}

/**
 * spec 7 fourIizAgent: the agent who takes the call (it becomes the call's agent when it
 * had none). One takes a call as oneself; a call manager may name any agent of the
 * workspace. Answers the refusal, or null.
 */
export function takerRefusal(actor: CallActor, agentId: string | null | undefined): string | null {
  if (!agentId || isCallManager(actor.role) || actor.agent?.id === agentId) return null;
  return 'fourIizAgent: you can take a call only as your own agent.';
}
