/**
 * Call flows and the agent's practice areas (issue #16; docs/users-parameters.md): when an
 * agent starts a call flow by hand, the flows of their own practice areas (Settings >
 * Users parameters) come first. A flow belongs to a practice area through its definition's
 * optional `practiceAreaId`; the match is exact (an agent of a sub-area is not taken as of
 * its parent, and a flow without a practice area is never "theirs").
 */
export interface PracticeAreaGroups<P> {
  /** The flows of the agent's practice areas, in the list's order. */
  yours: P[];
  /** Every other flow, in the list's order. */
  others: P[];
}

export function groupByPracticeAreas<P extends { practiceAreaId?: string | null }>(
  processes: readonly P[],
  practiceAreaIds: readonly string[],
): PracticeAreaGroups<P> {
  const own = new Set(practiceAreaIds);
  const yours: P[] = [];
  const others: P[] = [];
  for (const process of processes) {
    if (process.practiceAreaId && own.has(process.practiceAreaId)) yours.push(process);
    else others.push(process);
  }
  return { yours, others };
}
