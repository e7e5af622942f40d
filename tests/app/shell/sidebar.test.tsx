import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Sidebar } from '@/app/shell/sidebar/sidebar';
import { MINI_MENU_STORAGE_KEY, useSidebarStore } from '@/app/shell/sidebar/sidebar-store';
import type { MenuItem } from '@/shared/contracts/menu';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeUser, makeWorkspace } from '../../shared/domain/fixtures';
import { fakeApi, type FakeApi } from '../fake-api';
import { makeHost, renderWithHost, setViewportWidth } from '../helpers';

const storage = createMemoryStorage();

function renderSidebar(
  user: LoggedUser,
  workspace: Workspace | null,
  options: {
    production?: boolean;
    path?: string;
    api?: FakeApi;
    menu?: readonly MenuItem[];
  } = {},
) {
  const host = makeHost({
    session: { user, workspace, agent: null },
    storage,
    ...(options.api ? { api: options.api } : {}),
  });
  return renderWithHost(
    <MemoryRouter initialEntries={[options.path ?? '/app/profile/user-info']}>
      <Sidebar production={options.production ?? false} menu={options.menu} />
    </MemoryRouter>,
    { host },
  );
}

function menu() {
  return within(screen.getByRole('navigation', { name: 'Main menu' }));
}

function topLevelTitles(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return [...nav.querySelectorAll(':scope > ul > li > .ic-sidebar__link')].map(
    (item) => item.textContent ?? '',
  );
}

const fullWorkspace = makeWorkspace({
  edition: 'enterprise',
  isZoho: true,
  cockpit: true,
  ctmAccount: 'acct',
  ctmSetting: true,
  quickBooks: true,
  asyncLeadGeneration: true,
});

beforeEach(() => {
  setViewportWidth(1280);
  useSidebarStore.setState({ manualMini: false, mobileOpen: false });
});

describe('Sidebar menu visibility (spec: session 6 / dashboards 6)', () => {
  it('shows an operator only Dashboards (Agent), Call Flows and Coaching', () => {
    renderSidebar(makeUser({ role: 'operator' }), fullWorkspace);
    expect(topLevelTitles()).toEqual(['Dashboards', 'Call Flows', 'Coaching']);
    expect(menu().getByRole('link', { name: 'Agent' }).getAttribute('href')).toBe(
      '/app/dashboards/agent',
    );
    expect(menu().queryByRole('link', { name: 'Classic' })).toBeNull();
    expect(menu().queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('hides the cash-flow pipeline without QuickBooks and shows it with it', () => {
    const withoutQuickBooks = makeWorkspace({ edition: 'enterprise', quickBooks: false });
    const { unmount } = renderSidebar(makeUser({ role: 'owner' }), withoutQuickBooks);
    expect(menu().queryByRole('button', { name: 'Cash Flow Pipeline' })).toBeNull();
    unmount();
    renderSidebar(makeUser({ role: 'owner' }), fullWorkspace);
    expect(menu().getByRole('button', { name: 'Cash Flow Pipeline' })).toBeInstanceOf(
      HTMLButtonElement,
    );
  });

  it('hides the agent dashboard and tracking numbers without call tracking', () => {
    renderSidebar(
      makeUser({ role: 'owner' }),
      makeWorkspace({ ctmAccount: 'acct', ctmSetting: false }),
    );
    expect(menu().queryByRole('link', { name: 'Agent' })).toBeNull();
    expect(menu().queryByRole('link', { name: 'Tracking Numbers' })).toBeNull();
    expect(menu().getByRole('link', { name: 'Classic' })).toBeInstanceOf(HTMLAnchorElement);
  });

  it('marks items not production ready as beta outside production and hides them in production', () => {
    const items = [
      { id: 'classic', title: 'Classic', path: 'dashboards/dashboard', roles: ['owner' as const] },
      {
        id: 'draft',
        title: 'Draft',
        path: 'dashboards/trends',
        roles: ['owner' as const],
        productionReady: false,
      },
    ];
    const owner = makeUser({ role: 'owner' });
    const { unmount } = renderSidebar(owner, fullWorkspace, { production: false, menu: items });
    const draft = menu().getByRole('link', { name: 'Draft beta' });
    expect(within(draft).getByText('Beta').textContent).toBe('Beta');
    expect(within(menu().getByRole('link', { name: 'Classic' })).queryByText('Beta')).toBeNull();
    unmount();
    renderSidebar(owner, fullWorkspace, { production: true, menu: items });
    expect(menu().queryByRole('link', { name: /^Draft/ })).toBeNull();
    expect(menu().getByRole('link', { name: 'Classic' })).toBeInstanceOf(HTMLAnchorElement);
  });

  it('shows the Cockpit in production, with no beta mark (issue #30)', () => {
    renderSidebar(makeUser({ role: 'owner' }), fullWorkspace, { production: true });
    expect(menu().getByRole('link', { name: 'Cockpit' })).toBeInstanceOf(HTMLAnchorElement);
  });

  it('lists one Training entry per coaching category (the cached lookup) after Immigration', async () => {
    const api = fakeApi({
      'workspaces/coaching-videos/category': () => ({
        data: [{ id: 'c1', name: 'Sales Calls' }],
        meta: { total: 1, limit: 100, offset: 0 },
      }),
    });
    renderSidebar(makeUser({ role: 'operator' }), fullWorkspace, { api });
    fireEvent.click(menu().getByRole('button', { name: 'Coaching' }));
    fireEvent.click(menu().getByRole('button', { name: 'Training' }));
    expect(menu().getByRole('link', { name: 'Immigration' }).getAttribute('href')).toBe(
      '/app/coaching/training/immigration',
    );
    expect((await menu().findByRole('link', { name: 'Sales Calls' })).getAttribute('href')).toBe(
      '/app/coaching/training/sales-calls',
    );
    expect(api.calls('coaching-videos/category')).toHaveLength(1);
  });

  it('asks a system user for no coaching categories', () => {
    const api = fakeApi({});
    renderSidebar(makeUser({ role: 'system' }), fullWorkspace, { api });
    expect(api.requests).toHaveLength(0);
  });

  it('shows consultants no menu at all', () => {
    renderSidebar(makeUser({ role: 'consultant' }), fullWorkspace);
    expect(menu().queryAllByRole('link')).toHaveLength(0);
  });
});

describe('Sidebar behaviour (spec: session 2 App shell Sidebar)', () => {
  it('opens the parent of the current page and toggles parents', () => {
    renderSidebar(makeUser({ role: 'owner' }), fullWorkspace, {
      path: '/app/settings/campaign-apportion',
    });
    const settings = menu().getByRole('button', { name: 'Settings' });
    const dashboards = menu().getByRole('button', { name: 'Dashboards' });
    expect(settings.getAttribute('aria-expanded')).toBe('true');
    expect(dashboards.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(dashboards);
    expect(dashboards.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(settings);
    expect(settings.getAttribute('aria-expanded')).toBe('false');
    expect(
      menu().getByRole('link', { name: 'Campaign Apportion' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows the edition badge, the tagline and the version as major.minor.patch', () => {
    renderSidebar(makeUser({ role: 'owner', edition: 'enterprise' }), fullWorkspace);
    expect(screen.getByText('Enterprise edition').textContent).toBe('Enterprise edition');
    expect(screen.getByText('Optimization Software').textContent).toBe('Optimization Software');
    expect(screen.getByText('v2.69.183').textContent).toBe('v2.69.183');
  });

  it('stores the manual compact-menu choice', async () => {
    renderSidebar(makeUser({ role: 'owner' }), fullWorkspace);
    const toggle = screen.getByRole('button', { name: 'Compact menu' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Compact menu' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).dataset.mode).toBe('mini');
    expect(await storage.get(MINI_MENU_STORAGE_KEY)).toBe('true');
  });

  it('goes mini by itself at 1024px or less', () => {
    setViewportWidth(1024);
    renderSidebar(makeUser({ role: 'owner' }), fullWorkspace);
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).dataset.mode).toBe('mini');
    // In mini mode a parent shows its children in a flyout, and its title stays readable.
    expect(menu().getByRole('button', { name: 'Settings' })).toBeInstanceOf(HTMLButtonElement);
  });

  it('becomes the mobile menu at 991px or less', () => {
    setViewportWidth(900);
    renderSidebar(makeUser({ role: 'owner' }), fullWorkspace);
    expect(screen.getByRole('complementary', { name: 'Sidebar', hidden: true }).dataset.mode).toBe(
      'mobile',
    );
  });

  it('links the profile dropdown to user info and credentials', () => {
    renderSidebar(makeUser({ role: 'owner', name: 'Olivia Owner' }), fullWorkspace);
    fireEvent.click(screen.getByRole('button', { name: /Olivia Owner/ }));
    expect(screen.getByRole('link', { name: 'User info' }).getAttribute('href')).toBe(
      '/app/profile/user-info',
    );
    expect(screen.getByRole('link', { name: 'Credentials' }).getAttribute('href')).toBe(
      '/app/profile/credentials',
    );
  });
});
