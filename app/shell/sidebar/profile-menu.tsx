import { useId } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '@/app/components/icon/icon';
import { useDismissable } from '@/app/components/popover/use-dismissable';
import '@/app/components/popover/popover.css';
import type { LoggedUser } from '@/shared/contracts/user';
import './profile-menu.css';

const ROLE_LABELS: Record<LoggedUser['role'], string> = {
  owner: 'Owner',
  admin: 'Admin',
  operator: 'Agent',
  consultant: 'Consultant',
  system: 'System',
};

export function roleLabel(role: LoggedUser['role']): string {
  return ROLE_LABELS[role];
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** spec: session 2 Sidebar — a profile dropdown linking profile/user-info and profile/credentials. */
export function ProfileMenu({ user, mini }: { user: LoggedUser; mini: boolean }) {
  const { open, toggle, close, containerRef, triggerRef } = useDismissable();
  const menuId = useId();
  return (
    <div className="ic-profile" ref={containerRef} data-mini={mini}>
      <button
        ref={triggerRef}
        type="button"
        className="ic-profile__trigger"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={mini ? `Profile: ${user.name}` : undefined}
        onClick={toggle}
      >
        <span className="ic-profile__avatar" aria-hidden="true">
          {user.picture ? <img src={user.picture} alt="" /> : initialsOf(user.name)}
        </span>
        {mini ? null : (
          <>
            <span className="ic-profile__who">
              <span className="ic-profile__name">{user.name}</span>
              <span className="ic-profile__role">{roleLabel(user.role)}</span>
            </span>
            <Icon name="chevron-down" size="sm" className="ic-profile__chevron" />
          </>
        )}
      </button>
      {open ? (
        <div className="ic-popover ic-profile__menu" id={menuId}>
          <ul className="ic-popover__list">
            <li>
              <NavLink
                to="/app/profile/user-info"
                className="ic-popover__item"
                onClick={() => close()}
              >
                <Icon name="user" size="sm" />
                User info
              </NavLink>
            </li>
            <li>
              <NavLink
                to="/app/profile/credentials"
                className="ic-popover__item"
                onClick={() => close()}
              >
                <Icon name="key" size="sm" />
                Credentials
              </NavLink>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
