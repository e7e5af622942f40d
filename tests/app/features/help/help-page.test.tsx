import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorView } from '@/app/components/error-view/error-view';
import { RouteErrorPage } from '@/app/features/errors/route-error-page';
import { HelpPage } from '@/app/features/help/help-page';
import { HELP_GUIDES, README_SECTIONS } from '@/app/features/help/help-topics';
import { CredentialsPage } from '@/app/features/profile/credentials-page';
import { DEFAULT_SUPPORT_CONTACT } from '@/shared/domain/support-contact';
import { loadSupportContact, useSupportContactStore } from '@/shared/stores/support-contact-store';
import type { SupportContact } from '@/shared/contracts/public-config';
import { fakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const FIRM: SupportContact = {
  email: 'help@lakeside-law.example',
  url: 'https://desk.lakeside-law.example/new',
};

function setContact(contact: SupportContact) {
  act(() => useSupportContactStore.setState({ contact, loaded: true }));
}

afterEach(() => {
  useSupportContactStore.setState({ contact: DEFAULT_SUPPORT_CONTACT, loaded: false });
});

/** A card of the page, by its heading. */
function section(title: string): HTMLElement {
  return screen.getByRole('heading', { name: title }).closest('section')!;
}

function renderHelp(role: 'owner' | 'operator' | 'system') {
  const workspace = role === 'system' ? null : makeWorkspace({ ctmAccount: '1', ctmSetting: true });
  const user = makeUser({ role, edition: role === 'system' ? null : 'enterprise' });
  return renderWithHost(<HelpPage />, {
    host: makeHost({ session: { user, workspace, agent: null } }),
  });
}

describe('the help page (issue #30: the top bar\'s "?")', () => {
  it("names the server's support address and page, and opens a ticket on the page", () => {
    setContact(FIRM);
    renderHelp('owner');
    const contact = section('Contact support');
    expect(within(contact).getByRole('link', { name: FIRM.email! }).getAttribute('href')).toBe(
      'mailto:help@lakeside-law.example?subject=Support%20ticket%3A%20Intake%20Cockpit',
    );
    const ticket = within(contact).getByRole('link', { name: /^Open a support ticket/ });
    expect(ticket.getAttribute('href')).toBe(FIRM.url);
    expect(ticket.getAttribute('target')).toBe('_blank');
    expect(ticket.textContent).toBe('Open a support ticket (opens in a new tab)');
  });

  it('says only what is set: an address alone opens a message', () => {
    setContact({ email: 'help@harbor.example', url: null });
    renderHelp('owner');
    expect(screen.queryByText('Support page')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Open a support ticket' }).getAttribute('href'),
    ).toMatch(/^mailto:help@harbor\.example\?subject=/);
  });

  it('lists the guides of the screens this user may open, each to its document and its screen', () => {
    renderHelp('operator');
    const guides = section('Guides');
    const titles = within(guides)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link')[0]!.textContent);
    expect(titles).toContain('Agent dashboard (opens in a new tab)');
    expect(titles).not.toContain('Cockpit (opens in a new tab)');
    expect(titles).not.toContain('System workspaces and the workspace wizard (opens in a new tab)');
    expect(
      within(guides)
        .getByRole('link', { name: 'Agent dashboard (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('/docs/agent-dashboard.md');
    expect(
      within(guides)
        .getByRole('link', { name: /^Open the screen ?: Agent dashboard$/ })
        .getAttribute('href'),
    ).toBe('/app/dashboards/agent');
  });

  it("lists the system user's guides for the system screens", () => {
    renderHelp('system');
    expect(
      screen
        .getByRole('link', {
          name: /^Open the screen ?: System workspaces and the workspace wizard$/,
        })
        .getAttribute('href'),
    ).toBe('/app/system/workspaces');
  });

  it('names only documents that exist, and README sections that are headings of the README', () => {
    for (const guide of HELP_GUIDES) {
      expect(existsSync(path.join(REPO_ROOT, 'docs', guide.file)), guide.file).toBe(true);
    }
    const headings = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
      .split('\n')
      .filter((line) => /^#{2,3} /.test(line))
      .map((line) => line.replace(/^#+ /, ''));
    for (const section of README_SECTIONS) expect(headings, section).toContain(section);
  });
});

describe('every "contact support" follows the server (issue #30)', () => {
  it('in the error view, the route error page and the credentials page', () => {
    setContact({ email: 'help@harbor.example', url: null });
    const user = makeUser({ role: 'consultant' });
    renderWithHost(
      <>
        <ErrorView />
        <RouteErrorPage />
        <CredentialsPage />
      </>,
      { host: makeHost({ session: { user, workspace: null, agent: null } }) },
    );
    const links = screen.getAllByRole('link', { name: 'contact support' });
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^mailto:help@harbor\.example\?subject=/);
    }
  });

  it('loads the contact once from GET public-config without a token, keeping the default on a failure', async () => {
    let fail = true;
    const api = fakeApi({
      'public-config': () => (fail ? { fail: 503 } : { support: FIRM }),
    });
    await loadSupportContact(api);
    expect(useSupportContactStore.getState()).toEqual({
      contact: DEFAULT_SUPPORT_CONTACT,
      loaded: false,
    });
    // Silent: the person sees no toast for it.
    expect(api.notify).not.toHaveBeenCalled();
    fail = false;
    await loadSupportContact(api);
    await loadSupportContact(api);
    expect(useSupportContactStore.getState().contact).toEqual(FIRM);
    expect(api.calls('public-config')).toHaveLength(2);
    expect(api.calls('public-config')[0]).toMatchObject({ method: 'GET', anonymous: true });
  });
});
