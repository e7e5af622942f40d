import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_LOADER_FADE_MS,
  LOGIN_LOADER_MAX_MS,
  LoginLoader,
} from '@/app/components/login-loader/login-loader';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const loader = () => screen.queryByText('Loading Intake Cockpit…');

describe('login loader (spec: session 4 Shell — at most 3 s, overlay fades over 0.8 s)', () => {
  it('gives up after 3 s even while still active, then fades out', () => {
    const { container } = render(<LoginLoader active />);
    expect(loader()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(LOGIN_LOADER_MAX_MS);
    });
    expect(container.querySelector('.ic-login-loader')?.getAttribute('data-state')).toBe('leaving');
    act(() => {
      vi.advanceTimersByTime(LOGIN_LOADER_FADE_MS);
    });
    expect(loader()).toBeNull();
  });

  it('fades out as soon as it is no longer active', () => {
    const { container, rerender } = render(<LoginLoader active />);
    rerender(<LoginLoader active={false} />);
    expect(container.querySelector('.ic-login-loader')?.getAttribute('data-state')).toBe('leaving');
    act(() => {
      vi.advanceTimersByTime(LOGIN_LOADER_FADE_MS);
    });
    expect(loader()).toBeNull();
  });
});
