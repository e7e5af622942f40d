import {
  type AgentParameters,
  type AgentParametersUpdate,
  agentParametersUpdateSchema,
  type ComplianceMinimums,
} from '@/shared/contracts/users-parameters';

/** The edit form as typed: selects hold '' for none, minimums the text of their box. */
export interface ParametersDraft {
  officeId: string;
  practiceAreaIds: string[];
  consultantId: string;
  outboundCallsPerWeek: string;
  outboundAnswersPerWeek: string;
  outboundSetsPerWeek: string;
  compliancePercent: string;
}

export type MinimumField = keyof ComplianceMinimums;
export const MINIMUM_FIELDS: readonly MinimumField[] = [
  'outboundCallsPerWeek',
  'outboundAnswersPerWeek',
  'outboundSetsPerWeek',
  'compliancePercent',
];

export type ParametersDraftErrors = Partial<Record<keyof ParametersDraft, string>>;

const text = (value: number | null) => (value === null ? '' : String(value));

/** The draft of an agent's saved parameters. */
export function draftOf(agent: AgentParameters): ParametersDraft {
  return {
    officeId: agent.officeId ?? '',
    practiceAreaIds: [...agent.practiceAreaIds],
    consultantId: agent.consultantId ?? '',
    outboundCallsPerWeek: text(agent.minimums.outboundCallsPerWeek),
    outboundAnswersPerWeek: text(agent.minimums.outboundAnswersPerWeek),
    outboundSetsPerWeek: text(agent.minimums.outboundSetsPerWeek),
    compliancePercent: text(agent.minimums.compliancePercent),
  };
}

/** An empty box is no minimum; anything else must read as a number (NaN fails the check). */
function numberOf(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * Checks the draft with the contract the server checks (agentParametersUpdateSchema):
 * the request to send, or the errors by field, in the form's own words.
 */
export function readParametersDraft(
  draft: ParametersDraft,
): { ok: true; request: AgentParametersUpdate } | { ok: false; errors: ParametersDraftErrors } {
  const candidate = {
    officeId: draft.officeId || null,
    practiceAreaIds: draft.practiceAreaIds,
    consultantId: draft.consultantId || null,
    minimums: Object.fromEntries(MINIMUM_FIELDS.map((field) => [field, numberOf(draft[field])])),
  };
  const parsed = agentParametersUpdateSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: ParametersDraftErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field = (first === 'minimums' ? second : first) as keyof ParametersDraft | undefined;
    if (!field || errors[field] || !(field in draft)) continue;
    errors[field] = issue.message;
  }
  return { ok: false, errors };
}
