import { fireEvent, screen, within } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CashFlowCard } from '@/app/features/cockpit/cash-flow-card';
import { CommunicationsCard } from '@/app/features/cockpit/communications-card';
import { LeadFlowCard } from '@/app/features/cockpit/lead-flow-card';
import { SalesPerformanceCard } from '@/app/features/cockpit/sales-performance-card';
import type { CardLoad } from '@/app/features/cockpit/cockpit-card';
import { cockpitGoalsForRange } from '@/shared/domain/cockpit-goals';
import { leadFlowRows } from '@/shared/domain/cockpit-metrics';
import type { CockpitModuleStatus } from '@/shared/domain/cockpit-status';
import {
  cashFlowData,
  communicationsData,
  salesPerformanceData,
  WEEKLY_GOALS,
} from '../../../shared/domain/cockpit-fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { LEAD_SOURCES, LEADS_ROWS } from './cockpit-test-kit';

const goals = cockpitGoalsForRange({ goals: WEEKLY_GOALS, leadSources: LEAD_SOURCES, days: 7 });

function frame<T>(load: CardLoad<T>, status: CockpitModuleStatus = 'operational') {
  return { load, status, open: true, onToggle: vi.fn(), onRetry: vi.fn() };
}

const region = (name: string) => screen.getByRole('region', { name: new RegExp(name) });

type CardCase = {
  name: string;
  loadingText: string;
  lockedText: string | null;
  render: (load: CardLoad<never>) => ReactElement;
};

const CARDS: CardCase[] = [
  {
    name: 'Lead Flow',
    loadingText: 'Loading Lead Flow...',
    lockedText: null,
    render: (load) => <LeadFlowCard {...frame(load)} goals={goals} filtered={false} />,
  },
  {
    name: 'Sales Performance',
    loadingText: 'Loading Lead Flow...',
    lockedText: 'Upgrade your CRM to unlock this feature!',
    render: (load) => <SalesPerformanceCard {...frame(load)} goals={goals} />,
  },
  {
    name: 'Communications',
    loadingText: 'Loading Communications...',
    lockedText: 'Upgrade your CRM to unlock this feature!',
    render: (load) => <CommunicationsCard {...frame(load)} goals={goals} />,
  },
  {
    name: 'Cash Flow',
    loadingText: 'Loading Cash Flow...',
    lockedText: 'QuickBooks helps to monitor your cash flow!',
    render: (load) => <CashFlowCard {...frame(load)} />,
  },
];

describe.each(CARDS)('the $name card states (spec: dashboards 2.3, 2.10, 4)', (card) => {
  it('is a disclosure: a button with aria-expanded controlling its region', () => {
    renderWithHost(card.render({ status: 'loading' }));
    const button = screen.getByRole('button', { name: new RegExp(`^${card.name}`) });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(region(card.name).id);
  });

  it('shows its spinner with its own loading text while loading', () => {
    renderWithHost(card.render({ status: 'loading' }));
    expect(within(region(card.name)).getByRole('status').textContent).toContain(card.loadingText);
  });

  it('shows the generic error view with Try Again, which reloads it', () => {
    const onRetry = vi.fn();
    const element = card.render({ status: 'error' });
    renderWithHost(cloneElement(element as ReactElement<{ onRetry: () => void }>, { onRetry }));
    expect(
      within(region(card.name)).getByText("Sorry! We weren't able to retrieve data at this time.")
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  if (card.lockedText) {
    const lockedText = card.lockedText;
    it('shows its locked texts when its module is off', () => {
      renderWithHost(card.render({ status: 'locked' }));
      const body = region(card.name);
      expect(within(body).getByText(lockedText).textContent).toBe(lockedText);
      expect(within(body).getByText('Ask your sales rep for more information.').textContent).toBe(
        'Ask your sales rep for more information.',
      );
    });
  }
});

describe('Lead Flow loaded (spec: dashboards 2.3, 4, 9)', () => {
  const rows = leadFlowRows(LEADS_ROWS);

  it('selects the first bar after load and shows its name, count, Min and Goal', () => {
    renderWithHost(
      <LeadFlowCard {...frame({ status: 'loaded', data: rows })} goals={goals} filtered={false} />,
    );
    const detail = screen.getByText('Selected lead source').parentElement!;
    expect(within(detail).getByText('Google Ads').textContent).toBe('Google Ads');
    expect(detail.textContent).toContain('42 new leads');
    expect(detail.textContent).toContain('Min20');
    expect(detail.textContent).toContain('Goal30');
    // The cockpit has no campaign filter: its total says it counts every campaign (issue #30).
    expect(screen.getByText('Counting every campaign, active and inactive.')).toBeInTheDocument();
  });

  it('selects a source from the legend, with N/A for a source without goals', () => {
    renderWithHost(
      <LeadFlowCard {...frame({ status: 'loaded', data: rows })} goals={goals} filtered={false} />,
    );
    const tv = screen.getByRole('button', { name: /^TV/ });
    fireEvent.click(tv);
    expect(tv.getAttribute('aria-pressed')).toBe('true');
    const detail = screen.getByText('Selected lead source').parentElement!;
    expect(within(detail).getByText('TV').textContent).toBe('TV');
    expect(detail.textContent).toContain('MinN/A');
    expect(detail.textContent).toContain('GoalN/A');
  });

  it('marks a source below its minimum', () => {
    const below = leadFlowRows([{ LEADSOURCEID: 'ls_yelp', LEADSOURCE: 'Yelp', LEADS: '3' }]);
    renderWithHost(
      <LeadFlowCard {...frame({ status: 'loaded', data: below })} goals={goals} filtered={false} />,
    );
    expect(screen.getByText('Below minimum', { selector: '.ic-lead-flow__tag' }).textContent).toBe(
      'Below minimum',
    );
  });

  it('describes the numbers in the chart label', () => {
    renderWithHost(
      <LeadFlowCard {...frame({ status: 'loaded', data: rows })} goals={goals} filtered={false} />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'New leads per lead source: Google Ads 42 (min 20, goal 30); Yelp 12 (min 10, goal 14); TV 5.',
    );
  });
});

describe('Sales Performance loaded (spec: dashboards 2.3)', () => {
  it('shows the four columns with values, min and goal, and no warning style when on goal', () => {
    renderWithHost(
      <SalesPerformanceCard
        {...frame({ status: 'loaded', data: salesPerformanceData() })}
        goals={goals}
      />,
    );
    for (const title of [
      'Inbound Sales',
      'Outbound Sales',
      'Appointment Inventory',
      'Butts in Seats',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInstanceOf(HTMLHeadingElement);
    }
    const calls = screen.getByText('Calls').closest('.ic-metric')!;
    expect(calls.textContent).toContain('330');
    expect(calls.textContent).toContain('Min 300');
    expect(calls.textContent).toContain('Goal 400');
    expect(document.querySelectorAll('.ic-metric[data-alert]')).toHaveLength(0);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Inbound set rate 52.50%; goal 45%.',
    );
  });

  it('gives values below their min the warning style', () => {
    const data = salesPerformanceData({
      outbound: [{ id: 'a', name: 'Ana', outboundSales: 120, answered: 100, sets: 30 }],
      hires: [{ id: 'c', name: 'Cy', consults: 30, hires: 2 }],
    });
    renderWithHost(<SalesPerformanceCard {...frame({ status: 'loaded', data })} goals={goals} />);
    const alerts = [...document.querySelectorAll('.ic-metric[data-alert] dt')].map(
      (node) => node.textContent,
    );
    expect(alerts).toEqual(['Calls', 'Hires']);
    expect(screen.getByText('Calls').closest('.ic-metric')!.textContent).toContain('below minimum');
  });

  it('colours each figure against its goal: green at goal, orange under it, red under min (spec 4)', () => {
    renderWithHost(
      <SalesPerformanceCard
        {...frame({ status: 'loaded', data: salesPerformanceData() })}
        goals={goals}
      />,
    );
    const colours = Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.ic-metric')].map((metric) => [
        metric.querySelector('dt')!.textContent,
        [metric.dataset.colour, metric.querySelector('.ic-metric__alert-text')?.textContent],
      ]),
    );
    // Calls 330 between the min 300 and the goal 400: orange, said in words too.
    expect(colours.Calls).toEqual(['orange', ' (below goal)']);
    for (const [label, [colour]] of Object.entries(colours)) {
      expect(['green', 'orange', 'red'], label).toContain(colour);
    }
  });

  it("shows 'N/A' for unset goals", () => {
    renderWithHost(
      <SalesPerformanceCard
        {...frame({ status: 'loaded', data: salesPerformanceData() })}
        goals={null}
      />,
    );
    expect(screen.getByText('Calls').closest('.ic-metric')!.textContent).toContain(
      'Min N/A · Goal N/A',
    );
    // No goal, nothing to colour against.
    expect(document.querySelectorAll('.ic-metric[data-colour]')).toHaveLength(0);
  });

  it('lists the 5 lowest agents by calls and the 5 lowest consultants by hires', () => {
    const outbound = Array.from({ length: 7 }, (_, index) => ({
      id: `a${index}`,
      name: `Agent ${index}`,
      outboundSales: 70 - index * 10,
      answered: 1,
      sets: 1,
    }));
    renderWithHost(
      <SalesPerformanceCard
        {...frame({ status: 'loaded', data: salesPerformanceData({ outbound }) })}
        goals={goals}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Agents: 5 lowest agents by calls' }));
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Agent 610 calls',
      'Agent 520 calls',
      'Agent 430 calls',
      'Agent 340 calls',
      'Agent 250 calls',
    ]);
    expect(screen.getByRole('button', { name: 'Agents/Calls: Inbound outliers' })).toHaveProperty(
      'disabled',
      true,
    );
    // Escape closes a list and gives the focus back to its button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Agents: 5 lowest agents by calls' }),
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Consultants: 5 lowest consultants by hires' }),
    );
    expect(screen.getAllByRole('listitem')[0].textContent).toBe('Dev Patel7 hires');
  });

  it('shows Scheduled Tomorrow and Filled Historically as percentages', () => {
    renderWithHost(
      <SalesPerformanceCard
        {...frame({ status: 'loaded', data: salesPerformanceData() })}
        goals={goals}
      />,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Scheduled Tomorrow',
      'Filled Historically',
    ]);
    // 45 of a goal of 56; 36 of 45.
    expect(bars[0].getAttribute('aria-valuenow')).toBe('80');
    expect(bars[1].getAttribute('aria-valuenow')).toBe('80');
    expect(bars[1].getAttribute('aria-valuetext')).toBe('36 of goal 45 (80%)');
  });
});

describe('Communications loaded (spec: dashboards 2.3)', () => {
  it('shows the four columns and the average wait as minutes and seconds', () => {
    renderWithHost(
      <CommunicationsCard
        {...frame({ status: 'loaded', data: communicationsData({ averageWaitTime: '83.50' }) })}
        goals={goals}
      />,
    );
    for (const title of [
      'Inbound Calls',
      'Inbound Coverage',
      'Outbound Calls',
      'Keeping Promises',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInstanceOf(HTMLHeadingElement);
    }
    expect(screen.getByText('1m 24s').getAttribute('aria-label')).toBe('1 minute 24 seconds');
    expect(screen.getByText('Relationship Calls').closest('.ic-metric')!.textContent).toContain(
      '12/12',
    );
    expect(screen.getByText('Calls Returned').closest('.ic-metric')!.textContent).toContain('9/9');
  });

  it('highlights abandoned calls above the allowance and the wait above the target', () => {
    renderWithHost(
      <CommunicationsCard
        {...frame({
          status: 'loaded',
          data: communicationsData({
            abandonedCalls: 6,
            averageWaitTime: '83.50',
            promises: [1, 4],
          }),
        })}
        goals={goals}
      />,
    );
    const alerts = [...document.querySelectorAll('.ic-metric[data-alert] dt')].map(
      (node) => node.textContent,
    );
    expect(alerts).toEqual(['Abandoned Calls', 'Avg. Wait Time', 'Calls Returned']);
  });

  it('raises no highlight when every figure is within its limit', () => {
    renderWithHost(
      <CommunicationsCard
        {...frame({ status: 'loaded', data: communicationsData() })}
        goals={goals}
      />,
    );
    expect(document.querySelectorAll('.ic-metric[data-alert]')).toHaveLength(0);
  });
});

describe('Cash Flow loaded (spec: dashboards 2.3)', () => {
  it('shows the labels, USD amounts and plan rates to 2 decimals', () => {
    renderWithHost(<CashFlowCard {...frame({ status: 'loaded', data: cashFlowData() })} />);
    for (const label of [
      '$ Collected',
      'Missed Payments',
      'Partial Payments',
      'Operating',
      'Profit Account',
      'Active Payment Plans',
      'On Plan %',
      'Off Plan %',
    ]) {
      expect(screen.getByText(label).textContent).toBe(label);
    }
    expect(screen.getByText('Payments Made').textContent).toBe('Payments Made');
    expect(screen.getByText('Cash in the Bank').textContent).toBe('Cash in the Bank');
    expect(screen.getByText('$ Collected').closest('.ic-metric')!.textContent).toContain(
      '$48,250.50',
    );
    expect(screen.getByText('Active Payment Plans').closest('.ic-metric')!.textContent).toContain(
      '60',
    );
    expect(screen.getByText('On Plan %').closest('.ic-metric')!.textContent).toContain('75.00%');
  });

  it("lists 'Who Missed?' and leads to the collections for the card's range through the host", () => {
    const host = makeHost();
    renderWithHost(<CashFlowCard {...frame({ status: 'loaded', data: cashFlowData() })} />, {
      host,
    });
    const list = screen.getByRole('list', { name: 'Who Missed?' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('Jordan Lee$450.00');
    fireEvent.click(screen.getByRole('button', { name: 'View All' }));
    expect(host.navigate).toHaveBeenCalledWith(
      '/app/cash-flow-pipeline/collections?startDate=2026-03-01&endDate=2026-03-07',
    );
  });
});
