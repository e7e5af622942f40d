import { createHash } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * The users a call-tracking account "already has" when a workspace connects it (issue
 * #16: the workspace wizard's call-tracking step, System > Workspaces): on the real
 * provider an account comes with its own users and numbers, and Settings > Users
 * administration links agents to those users. The simulated provider gives every newly
 * connected account these four, and one main line, so a new workspace can link its
 * agents and place calls at once — as the demo workspaces can.
 */
export const SIMULATED_ACCOUNT_USERS: ReadonlyArray<readonly [first: string, last: string]> = [
  ['Jordan', 'Reyes'],
  ['Avery', 'Chen'],
  ['Sam', 'Okafor'],
  ['Riley', 'Novak'],
];

export interface ProvisionedAccount {
  users: number;
  numbers: number;
}

/** Deterministic digits from a seed (the same account gets the same ids on every run). */
function digits(seed: string, length: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return (BigInt(`0x${hex.slice(0, 15)}`) % 10n ** BigInt(length)).toString().padStart(length, '0');
}

/**
 * Gives a workspace's newly connected call-tracking account its users and main line,
 * unless it has users or numbers already (connecting again, or the demo seed's own):
 * idempotent, and never touches what an admin edited. The main line is in the 555-01xx
 * block, reserved for fiction, so it can never ring a real person.
 */
export async function provisionSimulatedCallTrackingAccount(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<ProvisionedAccount> {
  return db.transaction().execute(async (trx) => {
    const hasUsers = await trx
      .selectFrom('ctm_users')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .limit(1)
      .executeTakeFirst();
    const hasNumbers = await trx
      .selectFrom('ctm_tracking_numbers')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .limit(1)
      .executeTakeFirst();
    const domain = `${workspaceId.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.ctm.test`;
    const users = hasUsers
      ? []
      : SIMULATED_ACCOUNT_USERS.map(([first, last]) => ({
          // Nine digits: never one of the demo seed's six-digit ids.
          id: digits(`${workspaceId}:${first}:${last}:id`, 9),
          workspace_id: workspaceId,
          uid: digits(`${workspaceId}:${first}:${last}:uid`, 7),
          first_name: first,
          last_name: last,
          email: `${first}.${last}@${domain}`.toLowerCase(),
        }));
    if (users.length > 0) await trx.insertInto('ctm_users').values(users).execute();
    const numbers = hasNumbers
      ? []
      : [
          {
            id: `tn_${digits(`${workspaceId}:main`, 10)}`,
            workspace_id: workspaceId,
            number: `+1312555${String(170 + (Number(digits(`${workspaceId}:line`, 2)) % 30)).padStart(4, '0')}`,
            label: 'Main Office Line',
            campaign_id: null,
            lead_source_id: null,
            sort_order: 0,
            created_at: now.toISOString(),
          },
        ];
    if (numbers.length > 0) await trx.insertInto('ctm_tracking_numbers').values(numbers).execute();
    return { users: users.length, numbers: numbers.length };
  });
}
