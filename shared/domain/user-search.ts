import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { compareLabels } from './sorting';

/** A workspace user as a person picks them: their name, else their e-mail address. */
export function userDisplayName(user: Pick<WorkspaceUser, 'firstName' | 'lastName' | 'email'>) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** A user's name as a list shows it: first and last name, else the username. */
export function personName(
  first: string | null,
  last: string | null,
  username: string | null,
): string {
  const name = `${first ?? ''} ${last ?? ''}`.trim();
  return name || username || 'Unknown user';
}

/**
 * The users a picker offers for what was typed (issue #30: Send notification picks a user
 * by name or e-mail, not by id): each word typed must appear, ignoring case, in the
 * user's name, e-mail or username, in any order ("ann lake" finds Ann Lee at
 * lakeside.test). Inactive users get no notification worth sending and are left out.
 * Sorted by name; empty text offers everyone.
 */
export function searchUsers<
  U extends Pick<WorkspaceUser, 'firstName' | 'lastName' | 'email' | 'username' | 'status'>,
>(users: readonly U[], text: string): U[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return users
    .filter((user) => user.status === 'active')
    .filter((user) => {
      const haystack = [user.firstName, user.lastName, user.email, user.username]
        .join(' ')
        .toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => compareLabels(userDisplayName(a), userDisplayName(b)));
}
