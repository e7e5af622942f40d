import type { Role } from '@/shared/contracts/roles';

/** Every demo sign-in uses this password (README: demo data). */
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_WORKSPACE_IDS = {
  lakeside: 'ws_lakeside',
  harbor: 'ws_harbor',
  summit: 'ws_summit',
} as const;
export type DemoWorkspaceId = (typeof DEMO_WORKSPACE_IDS)[keyof typeof DEMO_WORKSPACE_IDS];

export interface DemoAccount {
  username: string;
  role: Role;
  /** null for the system role. */
  workspaceId: DemoWorkspaceId | null;
  status: 'active' | 'inactive';
  firstName: string;
  lastName: string;
  /**
   * For operators: whether their agent record is linked to a call-tracking user
   * (spec: session 4 Click-to-call needs the link; Harbor's demo agent shows the
   * "Uh oh!" dialog of spec: session 8).
   */
  agent?: { ctmLinked: boolean };
  /** For consultants: they get a consultant record. */
  consultant?: true;
}

/** The documented demo sign-ins; tests and the end-to-end suite rely on every field. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'owner@lakeside.test',
    role: 'owner',
    workspaceId: 'ws_lakeside',
    status: 'active',
    firstName: 'Olivia',
    lastName: 'Owens',
  },
  {
    username: 'admin@lakeside.test',
    role: 'admin',
    workspaceId: 'ws_lakeside',
    status: 'active',
    firstName: 'Adam',
    lastName: 'Alvarez',
  },
  {
    username: 'agent@lakeside.test',
    role: 'operator',
    workspaceId: 'ws_lakeside',
    status: 'active',
    firstName: 'Maya',
    lastName: 'Patel',
    agent: { ctmLinked: true },
  },
  {
    username: 'consultant@lakeside.test',
    role: 'consultant',
    workspaceId: 'ws_lakeside',
    status: 'active',
    firstName: 'Connor',
    lastName: 'Hayes',
    consultant: true,
  },
  {
    username: 'owner@harbor.test',
    role: 'owner',
    workspaceId: 'ws_harbor',
    status: 'active',
    firstName: 'Henry',
    lastName: 'Harper',
  },
  {
    username: 'agent@harbor.test',
    role: 'operator',
    workspaceId: 'ws_harbor',
    status: 'active',
    firstName: 'Nina',
    lastName: 'Brooks',
    agent: { ctmLinked: false },
  },
  // The agent who takes calls in the demo (issue 11): linked to a call-tracking user, and
  // in a non-Zoho workspace, so the call flows run for them.
  {
    username: 'intake@harbor.test',
    role: 'operator',
    workspaceId: 'ws_harbor',
    status: 'active',
    firstName: 'Iris',
    lastName: 'Quinn',
    agent: { ctmLinked: true },
  },
  {
    username: 'owner@summit.test',
    role: 'owner',
    workspaceId: 'ws_summit',
    status: 'active',
    firstName: 'Sofia',
    lastName: 'Ramirez',
  },
  {
    username: 'agent@summit.test',
    role: 'operator',
    workspaceId: 'ws_summit',
    status: 'active',
    firstName: 'Diego',
    lastName: 'Morales',
    agent: { ctmLinked: false },
  },
  {
    username: 'inactive@summit.test',
    role: 'operator',
    workspaceId: 'ws_summit',
    status: 'inactive',
    firstName: 'Irene',
    lastName: 'Walsh',
    agent: { ctmLinked: false },
  },
  {
    username: 'system@intake.test',
    role: 'system',
    workspaceId: null,
    status: 'active',
    firstName: 'Sam',
    lastName: 'Sterling',
  },
];

/** Stable ids derived from the username: usr_owner_lakeside, per_owner_lakeside, ... */
export function demoAccountSlug(username: string): string {
  const [local, domain] = username.split('@');
  return `${local}_${domain.split('.')[0]}`;
}
