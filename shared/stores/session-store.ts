import { create } from 'zustand';
import type { Agent } from '@/shared/contracts/lookups';
import type { LoggedUser } from '@/shared/contracts/user';
import type { CrmOrganization, Workspace } from '@/shared/contracts/workspace';
import type { SessionTokens } from '@/shared/transport/direct-transport';

export type SessionStatus = 'restoring' | 'signed-out' | 'signed-in';

/** spec: session 3 Session state — authentication: user, agent, workspace. */
export interface SessionState {
  user: LoggedUser | null;
  workspace: Workspace | null;
  agent: Agent | null;
  /** The CRM organisation (for record links), when the workspace has a CRM. */
  crmOrganization: CrmOrganization | null;
  /** Kept out of everything a screen receives through the host. */
  tokens: SessionTokens | null;
  status: SessionStatus;
  /** Shown on the sign-in page after a forced logout (AUTH_PATCH_ERROR). */
  logoutMessage: string | null;
}

export const initialSessionState: SessionState = {
  user: null,
  workspace: null,
  agent: null,
  crmOrganization: null,
  tokens: null,
  status: 'restoring',
  logoutMessage: null,
};

export const useSessionStore = create<SessionState>()(() => initialSessionState);
