import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CrmSessionAlerts } from '@/app/calls/click-to-call';
import type { Agent } from '@/shared/contracts/lookups';
import { workspaceSchema, type Workspace } from '@/shared/contracts/workspace';
import { CRM_NOT_AUTHORIZED_MESSAGE, ZOHO_NOT_LINKED_TITLE } from '@/shared/domain/click-to-call';
import { makeHost, renderWithHost } from '../../helpers';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { LINKED_AGENT } from './click-to-call-kit';

function needingAuth(workspace: Workspace): Workspace {
  return workspaceSchema.parse({
    ...workspace,
    attributes: {
      ...workspace.attributes,
      vendors: { ...workspace.attributes.vendors, needsAuth: ['zoho'] },
    },
  });
}

function renderAlerts(workspace: Workspace, agent: Agent | null) {
  const host = makeHost({ session: { user: makeUser(), workspace, agent } });
  return renderWithHost(<CrmSessionAlerts />, { host });
}

describe('CRM alerts of a session (spec: session 6, 8)', () => {
  it('shows the CRM error, then the Zoho information alert, each once', () => {
    renderAlerts(needingAuth(makeWorkspace({ isZoho: true })), LINKED_AGENT);
    const crm = screen.getByRole('alertdialog', { name: 'CRM not authorized' });
    expect(crm.textContent).toContain(CRM_NOT_AUTHORIZED_MESSAGE);
    expect(crm.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('OK');
    fireEvent.click(within(crm).getByRole('button', { name: 'OK' }));

    const zoho = screen.getByRole('alertdialog', { name: ZOHO_NOT_LINKED_TITLE });
    expect(zoho.textContent).toContain('team reporting will be inaccurate');
    fireEvent.keyDown(zoho, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows nothing for an authorized CRM and an agent linked to Zoho', () => {
    renderAlerts(makeWorkspace({ isZoho: true }), { ...LINKED_AGENT, zohoUserId: 'z_1' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows no Zoho alert outside a Zoho workspace', () => {
    renderAlerts(makeWorkspace(), LINKED_AGENT);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
