import type { AgentParameters, UsersParameters } from '@/shared/contracts/users-parameters';
import { compareLabels } from '@/shared/domain/sorting';

/** The office filter: every agent, those without an office, or one office's. */
export const ALL_OFFICES = 'all';
export const NO_OFFICE = 'none';

/** Agents whose name contains the text (any case) and who are in the chosen office. */
export function filterAgents(
  agents: readonly AgentParameters[],
  text: string,
  office: string,
): AgentParameters[] {
  const needle = text.trim().toLowerCase();
  return agents
    .filter((agent) => !needle || agent.agentName.toLowerCase().includes(needle))
    .filter((agent) =>
      office === ALL_OFFICES
        ? true
        : office === NO_OFFICE
          ? agent.officeId === null
          : agent.officeId === office,
    )
    .sort((a, b) => compareLabels(a.agentName, b.agentName));
}

type Choices = Pick<UsersParameters, 'offices' | 'practiceAreas' | 'consultants' | 'defaults'>;

/** What a row shows in each column (a dash for nothing set). */
export function describeRow(agent: AgentParameters, choices: Choices) {
  const name = (list: readonly { id: string; name: string }[], id: string | null) =>
    id === null ? null : (list.find((item) => item.id === id)?.name ?? id);
  const areas = agent.practiceAreaIds.map((id) => name(choices.practiceAreas, id) ?? id);
  const m = agent.minimums;
  const outbound = [
    m.outboundCallsPerWeek === null ? null : `Calls ${m.outboundCallsPerWeek}`,
    m.outboundAnswersPerWeek === null ? null : `Answers ${m.outboundAnswersPerWeek}`,
    m.outboundSetsPerWeek === null ? null : `Sets ${m.outboundSetsPerWeek}`,
  ].filter((part): part is string => part !== null);
  const consultant = choices.consultants.find((c) => c.id === agent.consultantId);
  return {
    office: name(choices.offices, agent.officeId),
    practiceAreas: areas.length > 0 ? areas.join(', ') : null,
    consultant: consultant
      ? consultant.active
        ? consultant.name
        : `${consultant.name} (inactive)`
      : agent.consultantId,
    outbound: outbound.length > 0 ? outbound.join(' · ') : null,
    compliance:
      m.compliancePercent === null
        ? `Default (${choices.defaults.compliancePercent}%)`
        : `${m.compliancePercent}%`,
  };
}
