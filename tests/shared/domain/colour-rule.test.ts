import { describe, expect, it } from 'vitest';
import {
  goalPairColour,
  METRIC_COLOUR_TEXT,
  metricColour,
  TOTAL_LEADS_PALETTE,
  CHART_PALETTE,
  TREND_SERIES_COLOURS,
} from '@/shared/domain/colour-rule';
import { TREND_SERIES } from '@/shared/contracts/reports/trends';

// spec: dashboards 4 "Colour rule for chart and metric cards".
const increasing = { green: 80, yellow: 50, positiveResult: 'increasing' as const };
const decreasing = { green: 80, yellow: 50, positiveResult: 'decreasing' as const };

describe('metricColour (spec: dashboards 4 Colour rule)', () => {
  it('is green at or above the green threshold when increasing is positive', () => {
    expect(metricColour(80, increasing)).toBe('green');
    expect(metricColour(120, increasing)).toBe('green');
  });

  it('is orange at or above the green threshold otherwise', () => {
    expect(metricColour(80, decreasing)).toBe('orange');
  });

  it('is orange between the yellow and green thresholds with increasing', () => {
    expect(metricColour(50, increasing)).toBe('orange');
    expect(metricColour(79, increasing)).toBe('orange');
  });

  it('is red everywhere else', () => {
    expect(metricColour(49, increasing)).toBe('red');
    expect(metricColour(60, decreasing)).toBe('red');
    expect(metricColour(0, decreasing)).toBe('red');
  });

  it('is green with no data', () => {
    expect(metricColour(null, increasing)).toBe('green');
    expect(metricColour(undefined, decreasing)).toBe('green');
    expect(metricColour(Number.NaN, decreasing)).toBe('green');
  });
});

describe('palettes (spec: dashboards 9)', () => {
  it('has a fixed 4-colour Total Leads palette and 5 named chart colours', () => {
    expect(TOTAL_LEADS_PALETTE).toHaveLength(4);
    expect(new Set(TOTAL_LEADS_PALETTE).size).toBe(4);
    expect(Object.keys(CHART_PALETTE)).toEqual(['skyblue', 'green', 'red', 'orange', 'purple']);
  });
});

describe('Classic Trends colours (issue #30)', () => {
  it('gives each of the eight series of a perspective a colour of its own, the spec’s five first', () => {
    expect(TREND_SERIES_COLOURS).toHaveLength(TREND_SERIES.length);
    expect(new Set(TREND_SERIES_COLOURS.map((c) => c.toLowerCase())).size).toBe(8);
    expect(TREND_SERIES_COLOURS.slice(0, 5)).toEqual(Object.values(CHART_PALETTE));
  });
});

describe('goalPairColour (spec: dashboards 4 Colour rule, on a minimum and goal)', () => {
  const pair = { min: 30, goal: 40 };
  it('is green at or above the goal, orange from the minimum up to it, red below the minimum', () => {
    expect(goalPairColour(40, pair)).toBe('green');
    expect(goalPairColour(55, pair)).toBe('green');
    expect(goalPairColour(39, pair)).toBe('orange');
    expect(goalPairColour(30, pair)).toBe('orange');
    expect(goalPairColour(29, pair)).toBe('red');
    expect(goalPairColour(0, pair)).toBe('red');
  });

  it('uses the one threshold set as both, and colours nothing without any', () => {
    expect(goalPairColour(10, { min: 10, goal: null })).toBe('green');
    expect(goalPairColour(9, { min: 10, goal: null })).toBe('red');
    expect(goalPairColour(12, { min: null, goal: 12 })).toBe('green');
    expect(goalPairColour(11, { min: null, goal: 12 })).toBe('red');
    expect(goalPairColour(5, { min: null, goal: null })).toBeNull();
  });

  it('has words for every colour', () => {
    expect(Object.keys(METRIC_COLOUR_TEXT).sort()).toEqual(['green', 'orange', 'red']);
  });
});
