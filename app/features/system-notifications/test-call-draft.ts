import type { PlaceTestCall } from '@/shared/contracts/call-tracking';
import { checkDialNumber } from '@/shared/domain/click-to-call';

// issue #13 "Place a test call": system users ring a chosen agent with a simulated
// incoming call from a chosen lead name and phone (POST system/test-calls).

/** The form as typed. */
export interface TestCallDraft {
  workspaceId: string;
  agentId: string;
  leadName: string;
  phone: string;
}

export const EMPTY_TEST_CALL: TestCallDraft = {
  workspaceId: '',
  agentId: '',
  leadName: '',
  phone: '',
};

export type TestCallErrors = Partial<Record<keyof TestCallDraft, string>>;

/** The longest lead name the server takes (placeTestCallSchema). */
export const MAX_LEAD_NAME = 200;

/**
 * The request to send, or the errors by field. The phone is checked as a number the agent
 * would dial (spec 5: digits with an optional leading plus, at least 10, US), and sent in
 * E.164 so the caller's CRM record is found by it.
 */
export function readTestCallDraft(
  draft: TestCallDraft,
): { ok: true; request: PlaceTestCall } | { ok: false; errors: TestCallErrors } {
  const errors: TestCallErrors = {};
  if (!draft.workspaceId) errors.workspaceId = "Choose the agent's workspace.";
  if (!draft.agentId) errors.agentId = 'Choose the agent to ring.';
  const leadName = draft.leadName.trim();
  if (!leadName) errors.leadName = 'Enter the lead name.';
  else if (leadName.length > MAX_LEAD_NAME) {
    errors.leadName = `Keep it to ${MAX_LEAD_NAME} characters.`;
  }
  const phone = checkDialNumber(draft.phone);
  if (!phone.ok) errors.phone = phone.reason;
  if (Object.keys(errors).length > 0 || !phone.ok) return { ok: false, errors };
  return {
    ok: true,
    request: {
      workspaceId: draft.workspaceId,
      agentId: draft.agentId,
      leadName,
      phone: phone.number,
    },
  };
}
