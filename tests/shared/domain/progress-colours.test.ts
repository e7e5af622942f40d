import { describe, expect, it } from 'vitest';
import {
  doughnutVerdict,
  isAboveAllowance,
  isBelowMin,
  progressBarVerdict,
  progressPercent,
} from '@/shared/domain/progress-colours';

describe('progress bar (spec: dashboards 4)', () => {
  it('fills blue at or above the min and red below it', () => {
    expect(progressBarVerdict(10, 10, 20).colour).toBe('blue');
    expect(progressBarVerdict(9, 10, 20).colour).toBe('red');
    expect(progressBarVerdict(0, null, 20).colour).toBe('blue');
  });

  it('raises a warning event when the value is below the goal', () => {
    expect(progressBarVerdict(15, 10, 20).warning).toBe(true);
    expect(progressBarVerdict(20, 10, 20).warning).toBe(false);
    expect(progressBarVerdict(0, 10, null).warning).toBe(false);
  });

  it('shows how far it is toward the goal as a whole percent, past 100 above the goal', () => {
    expect(progressPercent(5, 8)).toBe(63);
    expect(progressPercent(12, 8)).toBe(150);
    expect(progressPercent(0, 8)).toBe(0);
    expect(progressPercent(3, 0)).toBe(100);
    expect(progressPercent(0, null)).toBe(0);
  });
});

describe('doughnut (spec: dashboards 4)', () => {
  it('is blue when the value is at least half of the total, else red', () => {
    expect(doughnutVerdict(50, 100, 45).colour).toBe('blue');
    expect(doughnutVerdict(49.99, 100, 45).colour).toBe('red');
  });

  it('warns when the value is below the min', () => {
    expect(doughnutVerdict(44.9, 100, 45).warning).toBe(true);
    expect(doughnutVerdict(45, 100, 45).warning).toBe(false);
    expect(doughnutVerdict(0, 100, null).warning).toBe(false);
  });
});

describe('metric rows (spec: dashboards 2.3)', () => {
  it('takes the warning style below the min, never for an unset min', () => {
    expect(isBelowMin(24, 25)).toBe(true);
    expect(isBelowMin(25, 25)).toBe(false);
    expect(isBelowMin(0, null)).toBe(false);
  });

  it('marks allowances when the value goes above them', () => {
    expect(isAboveAllowance(6, 5)).toBe(true);
    expect(isAboveAllowance(5, 5)).toBe(false);
  });
});
