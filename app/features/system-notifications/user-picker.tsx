import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/app/components/button/button';
import { fieldClassNames, type FieldControlProps } from '@/app/components/field/field';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { searchUsers, userDisplayName } from '@/shared/domain/user-search';

/** At most this many matches are listed: typing more narrows them. */
const MAX_OPTIONS = 50;

export interface UserPickerProps {
  /** From the Field: label, help and error wiring. */
  control: FieldControlProps;
  /** The chosen workspace's users; null while there is no list (none chosen, loading, failed). */
  users: readonly WorkspaceUser[] | null;
  /** Said in the empty field while there is no list. */
  placeholder: string;
  /** The text in the field (kept by the form: a name typed but not chosen is refused). */
  text: string;
  /** The chosen user's id; '' for nobody (everyone in the workspace). */
  value: string;
  onChange: (next: { text: string; userId: string }) => void;
}

/**
 * A searchable user picker (issue #30: Send notification asked for a raw user id): an
 * ARIA combobox over a listbox, typed into to search by name or e-mail. Arrow keys move
 * through the matches, Enter chooses, Escape closes the list (and, closed, empties the
 * field); the focus stays in the field, the active match is announced through
 * aria-activedescendant.
 */
export function UserPicker({
  control,
  users,
  placeholder,
  text,
  value,
  onChange,
}: UserPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = users?.find((user) => user.id === value) ?? null;
  // Once a user is chosen the field shows their label: list everyone again, not that label.
  const matches = users
    ? searchUsers(users, chosen && text === optionLabel(chosen) ? '' : text).slice(0, MAX_OPTIONS)
    : [];
  const expanded = open && users !== null;
  const activeUser = expanded ? (matches[Math.min(active, matches.length - 1)] ?? null) : null;
  const optionId = (user: WorkspaceUser) => `${listId}-${user.id}`;

  function choose(user: WorkspaceUser) {
    onChange({ text: optionLabel(user), userId: user.id });
    setOpen(false);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + matches.length) % Math.max(matches.length, 1));
        return;
      }
      case 'Enter':
        if (expanded && activeUser) {
          event.preventDefault();
          choose(activeUser);
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (text) {
          event.preventDefault();
          onChange({ text: '', userId: '' });
        }
        return;
    }
  }

  return (
    <div className="ic-user-picker">
      <div className="ic-user-picker__row">
        <input
          {...control}
          className={fieldClassNames.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeUser ? optionId(activeUser) : undefined}
          value={text}
          placeholder={placeholder}
          disabled={users === null}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            // Typing undoes a choice: what is sent is what the list chose, never a guess.
            onChange({ text: event.target.value, userId: '' });
            setOpen(true);
            setActive(0);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={keyDown}
        />
        {text ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => onChange({ text: '', userId: '' })}
          >
            Everyone
          </Button>
        ) : null}
      </div>
      <ul
        className="ic-user-picker__list"
        id={listId}
        role="listbox"
        aria-label="Users"
        hidden={!expanded}
      >
        {matches.map((user) => (
          <li
            key={user.id}
            id={optionId(user)}
            role="option"
            aria-selected={user.id === value}
            className="ic-user-picker__option"
            data-active={user === activeUser ? true : undefined}
            // The field keeps the focus (a click on an option does not blur it first).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(user)}
          >
            <span className="ic-user-picker__name">{userDisplayName(user)}</span>
            <span className="ic-user-picker__meta">
              {user.email} · {user.role}
              {user.pending ? ' · invited' : ''}
            </span>
          </li>
        ))}
        {matches.length === 0 ? (
          <li className="ic-user-picker__none" role="presentation">
            No user matches “{text}”.
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** What the field shows once a user is chosen. */
export function optionLabel(user: WorkspaceUser): string {
  return `${userDisplayName(user)} (${user.email})`;
}
