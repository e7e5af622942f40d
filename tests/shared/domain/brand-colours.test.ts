// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS } from '@/shared/domain/brand-colours';
import { LEAD_FLOW_COLOURS } from '@/shared/domain/lead-flow-colours';

// Vitest runs from the repository root (vitest.config.ts).
const tokens = readFileSync(resolve(process.cwd(), 'app/styles/tokens.css'), 'utf8');

function token(name: string): string | undefined {
  return new RegExp(`--ic-brand-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(tokens)?.[1]?.toUpperCase();
}

describe('brand colours', () => {
  it('gives CSS the same brand colours as canvases (tokens.css and brand-colours.ts agree)', () => {
    expect(token('blue')).toBe(BRAND_COLOURS.blue);
    expect(token('sky-blue')).toBe(BRAND_COLOURS.skyBlue);
    expect(token('red')).toBe(BRAND_COLOURS.red);
    expect(token('bright-red')).toBe(BRAND_COLOURS.brightRed);
    expect(token('goal-grey')).toBe(BRAND_COLOURS.goalGrey);
  });

  it('keeps the Lead Flow colours of spec dashboards 9', () => {
    expect(LEAD_FLOW_COLOURS).toEqual({
      blue: '#0091D0',
      selectedBlue: '#2FB3F3',
      red: '#D84444',
      selectedRed: '#FF3232',
      goal: '#E5E5E5',
    });
  });
});
