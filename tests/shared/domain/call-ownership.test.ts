import { describe, expect, it } from 'vitest';
import {
  callActionRefusal,
  type CallActor,
  isOwnCall,
  notYourCallMessage,
  ringRefusal,
  takerRefusal,
} from '@/shared/domain/call-ownership';

// Issue #29 point 3: a call belongs to its agent; owners, admins and system run calls.

const maya: CallActor = { role: 'operator', agent: { id: 'agt_1', ctmUserId: 'ctm_1' } };
const nina: CallActor = { role: 'operator', agent: { id: 'agt_2', ctmUserId: 'ctm_2' } };
const consultant: CallActor = { role: 'consultant', agent: null };
const mayasCall = { agentId: 'agt_1', agentCtmUserId: 'ctm_1' };

describe('isOwnCall', () => {
  it('is the call of the agent record it rang', () => {
    expect(isOwnCall(maya, mayasCall)).toBe(true);
    expect(isOwnCall(nina, mayasCall)).toBe(false);
    expect(isOwnCall(consultant, mayasCall)).toBe(false);
  });

  it('is, for a call with no agent record, the call of whoever has the call-tracking user it rang', () => {
    const unlinked = { agentId: null, agentCtmUserId: 'ctm_1' };
    expect(isOwnCall(maya, unlinked)).toBe(true);
    expect(isOwnCall(nina, unlinked)).toBe(false);
    expect(isOwnCall({ role: 'operator', agent: { id: 'agt_3', ctmUserId: null } }, unlinked)).toBe(
      false,
    );
  });

  it('follows the agent record over the call-tracking user once the call has one', () => {
    const relinked: CallActor = { role: 'operator', agent: { id: 'agt_9', ctmUserId: 'ctm_1' } };
    expect(isOwnCall(relinked, mayasCall)).toBe(false);
  });
});

describe('callActionRefusal', () => {
  it('lets the agent and every call manager act on the call, whatever the action', () => {
    for (const action of ['read', 'connect', 'hang-up', 'delete'] as const) {
      expect(callActionRefusal(maya, mayasCall, action)).toBeNull();
      for (const role of ['owner', 'admin', 'system'] as const) {
        expect(callActionRefusal({ role, agent: null }, mayasCall, action)).toBeNull();
      }
      expect(callActionRefusal(nina, mayasCall, action)).toBe(notYourCallMessage(action));
      expect(callActionRefusal(consultant, mayasCall, action)).toBe(notYourCallMessage(action));
    }
  });

  it('says what was refused', () => {
    expect(notYourCallMessage('hang-up')).toMatch(/another agent's line: .* may hang it up\.$/);
    expect(notYourCallMessage('delete')).toMatch(/may delete it\.$/);
  });
});

describe('ringRefusal and takerRefusal', () => {
  it("lets anyone ring their own line, and only call managers another agent's", () => {
    expect(ringRefusal(maya, undefined)).toBeNull();
    expect(ringRefusal(maya, 'ctm_1')).toBeNull();
    expect(ringRefusal(maya, 'ctm_2')).toMatch(/^to_agent: you can ring only your own line/);
    expect(ringRefusal(consultant, 'ctm_1')).toMatch(/^to_agent:/);
    expect(ringRefusal({ role: 'admin', agent: null }, 'ctm_2')).toBeNull();
  });

  it('lets one take a call only as oneself, and call managers as any agent', () => {
    expect(takerRefusal(maya, null)).toBeNull();
    expect(takerRefusal(maya, 'agt_1')).toBeNull();
    expect(takerRefusal(maya, 'agt_2')).toMatch(/^fourIizAgent:/);
    expect(takerRefusal({ role: 'owner', agent: null }, 'agt_2')).toBeNull();
  });
});
