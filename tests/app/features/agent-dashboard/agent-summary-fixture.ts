import type { AgentSummary } from '@/shared/contracts/reports/agent-summary';

/** Maya's day: calls in and out, a funnel, two open follow-ups, second of five by sets. */
export function makeSummary(overrides: Partial<AgentSummary> = {}): AgentSummary {
  return {
    agent: { id: 'agt_1', name: 'Maya Patel' },
    period: 'day',
    startDate: '2026-11-20',
    endDate: '2026-11-20',
    calls: {
      inbound: { total: 12, connected: 9, percent: 75 },
      outbound: { total: 20, connected: 1, percent: 5 },
      all: { total: 32, connected: 10, percent: 31 },
    },
    funnel: { leads: 7, sets: 3, shows: 2, hires: 1 },
    followUps: {
      callbacks: { due: 2, done: 1 },
      relationship: { due: 1, done: 1 },
      collection: { due: 0, done: 0 },
    },
    open: {
      total: 2,
      byKind: {
        callback: { open: 1, overdue: 1 },
        relationship: { open: 1, overdue: 0 },
        collection: { open: 0, overdue: 0 },
      },
      items: [
        { kind: 'callback', contactName: 'Ana Able', dueDay: '2026-11-18', overdue: true },
        { kind: 'relationship', contactName: null, dueDay: '2026-11-20', overdue: false },
      ],
    },
    rank: { metric: 'sets', position: 2, of: 5, sharedWith: 1, best: 6 },
    ...overrides,
  };
}
