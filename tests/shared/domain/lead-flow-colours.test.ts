import { describe, expect, it } from 'vitest';
import {
  LEAD_FLOW_BAR_THICKNESS,
  LEAD_FLOW_COLOURS,
  leadFlowBarColour,
} from '@/shared/domain/lead-flow-colours';

describe('Lead Flow bars (spec: dashboards 4, 9)', () => {
  it('uses the spec colours and bar thickness', () => {
    expect(LEAD_FLOW_COLOURS).toEqual({
      blue: '#0091D0',
      selectedBlue: '#2FB3F3',
      red: '#D84444',
      selectedRed: '#FF3232',
      goal: '#E5E5E5',
    });
    expect(LEAD_FLOW_BAR_THICKNESS).toBe(12);
  });

  it('is red below the source minimum and blue otherwise', () => {
    expect(leadFlowBarColour(4, 5, false)).toBe('#D84444');
    expect(leadFlowBarColour(5, 5, false)).toBe('#0091D0');
  });

  it('takes the lighter blue or the brighter red when selected', () => {
    expect(leadFlowBarColour(4, 5, true)).toBe('#FF3232');
    expect(leadFlowBarColour(9, 5, true)).toBe('#2FB3F3');
  });

  it('is blue for a source without a minimum', () => {
    expect(leadFlowBarColour(0, null, false)).toBe('#0091D0');
  });
});
