import { describe, expect, it } from 'vitest';
import { groupByPracticeAreas } from '@/shared/domain/call-flow-practice-areas';

describe("groupByPracticeAreas (issue #16: the agent's flows first)", () => {
  const flows = [
    { id: 'a', practiceAreaId: 'pa_bk' },
    { id: 'b', practiceAreaId: null },
    { id: 'c', practiceAreaId: 'pa_pi' },
    { id: 'd' },
    { id: 'e', practiceAreaId: 'pa_imm' },
  ];
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  it("puts the flows of the agent's practice areas first, each group in the list's order", () => {
    const groups = groupByPracticeAreas(flows, ['pa_imm', 'pa_bk']);
    expect(ids(groups.yours)).toEqual(['a', 'e']);
    expect(ids(groups.others)).toEqual(['b', 'c', 'd']);
  });

  it('has nothing of theirs without practice areas, and never counts a flow without one', () => {
    expect(ids(groupByPracticeAreas(flows, []).yours)).toEqual([]);
    expect(ids(groupByPracticeAreas(flows, []).others)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
