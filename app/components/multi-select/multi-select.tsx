import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@/app/components/icon/icon';
import './multi-select.css';

export interface MultiSelectOption {
  value: string;
  label: string;
  /** Greyed out and not selectable (e.g. an inactive item kept for reference). */
  disabled?: boolean;
}

export interface MultiSelectProps {
  /** The visible label of the field (also the listbox's accessible name). */
  label: string;
  options: readonly MultiSelectOption[];
  /** The chosen values, in any order. Values not in `options` are kept but not shown. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** Shown when nothing is chosen; nothing chosen means "all" for every report filter. */
  placeholder?: string;
  /** spec: dashboards 5 — an optional item limit; further options disable once reached. */
  limit?: number;
  disabled?: boolean;
  /** A search box appears above the list from this many options (default 8). */
  searchFrom?: number;
  /** Extra class on the root, for layout by the caller. */
  className?: string;
}

/**
 * A dropdown multi-select (spec: dashboards 2.3 lead-source multi-select, 2.8, 2.9).
 * Stable API, reused by the cockpit and the report filter panel:
 *
 *   <MultiSelect label="Lead sources" options={[{ value: 'ls_1', label: 'Google' }]}
 *     selected={ids} onChange={setIds} placeholder="All lead sources" limit={5} />
 *
 * - Controlled: `selected` in, `onChange(next)` out (next keeps the options' order).
 * - Keyboard: the trigger opens with Enter/Space/ArrowDown; in the list ArrowUp/Down
 *   move, Space/Enter toggle, Home/End jump, Escape closes and returns focus.
 * - Closes on a press outside, also inside a shadow root (widgets): it compares the
 *   event's composedPath, not its retargeted target.
 * - "Clear" empties the selection; with a `limit`, unchosen options disable once the
 *   limit is reached and the count says so.
 */
export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  placeholder = 'All',
  limit,
  disabled = false,
  searchFrom = 8,
  className,
}: MultiSelectProps) {
  const id = useId();
  const select = useMultiSelect(options, selected, onChange, placeholder, limit);
  const listboxId = `${id}-listbox`;
  const activeOption = select.visible[select.active];

  return (
    <div
      ref={select.rootRef}
      className={['ic-multi-select', className].filter(Boolean).join(' ')}
      data-open={select.open || undefined}
    >
      <span className="ic-multi-select__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={select.triggerRef}
        type="button"
        className="ic-multi-select__trigger"
        aria-haspopup="listbox"
        aria-expanded={select.open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled}
        onClick={() => (select.open ? select.close(false) : select.setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !select.open) {
            event.preventDefault();
            select.setOpen(true);
          }
        }}
      >
        <span
          id={`${id}-value`}
          className={
            select.chosen.size === 0
              ? 'ic-multi-select__value ic-multi-select__value--placeholder'
              : 'ic-multi-select__value'
          }
        >
          {select.summary}
        </span>
        <Icon name="chevron-down" size="sm" className="ic-multi-select__chevron" />
      </button>
      {select.open ? (
        <div className="ic-multi-select__panel" onKeyDown={select.onListKeyDown}>
          {options.length >= searchFrom ? (
            <input
              ref={select.searchRef}
              className="ic-multi-select__search"
              type="search"
              placeholder="Search…"
              aria-label={`Search ${label.toLowerCase()}`}
              aria-controls={listboxId}
              aria-activedescendant={activeOption ? `${id}-opt-${select.active}` : undefined}
              value={select.query}
              onChange={(event) => {
                select.setQuery(event.target.value);
                select.setActive(0);
              }}
            />
          ) : null}
          <ul
            ref={select.listRef}
            id={listboxId}
            className="ic-multi-select__list"
            role="listbox"
            aria-multiselectable="true"
            aria-labelledby={`${id}-label`}
            aria-activedescendant={activeOption ? `${id}-opt-${select.active}` : undefined}
            // In the tab order: a list longer than its box scrolls, and a keyboard reaches it
            // (the listbox pattern: the list holds the focus, the options are its descendants).
            tabIndex={0}
          >
            {select.visible.length === 0 ? (
              <li className="ic-multi-select__empty" role="presentation">
                No matches
              </li>
            ) : null}
            {select.visible.map((option, index) => (
              <OptionItem
                key={option.value}
                id={`${id}-opt-${index}`}
                label={option.label}
                chosen={select.chosen.has(option.value)}
                disabled={select.isDisabled(option)}
                active={index === select.active}
                onHover={() => select.setActive(index)}
                onToggle={() => select.toggle(option)}
              />
            ))}
          </ul>
          <SelectionFooter
            label={label}
            count={select.chosen.size}
            limit={limit}
            placeholder={placeholder}
            onClear={() => onChange([])}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The dropdown's state: open or not, the search, the active option (keyboard), the
 * selection's summary, and the list's keys (ArrowUp/Down, Home/End, Space/Enter, Escape, Tab).
 */
function useMultiSelect(
  options: readonly MultiSelectOption[],
  selected: readonly string[],
  onChange: (selected: string[]) => void,
  placeholder: string,
  limit: number | undefined,
) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const chosen = useMemo(() => new Set(selected), [selected]);
  const limitReached = limit !== undefined && chosen.size >= limit;
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  }, [options, query]);

  const summary = useMemo(
    () => selectionSummary(options, chosen, placeholder),
    [options, chosen, placeholder],
  );

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = rootRef.current;
      if (root && !event.composedPath().includes(root)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    (searchRef.current ?? listRef.current)?.focus();
  }, [open]);

  function isDisabled(option: MultiSelectOption): boolean {
    return Boolean(option.disabled) || (limitReached && !chosen.has(option.value));
  }

  function toggle(option: MultiSelectOption) {
    if (isDisabled(option)) return;
    const next = new Set(chosen);
    if (next.has(option.value)) next.delete(option.value);
    else next.add(option.value);
    const ordered = options.map((o) => o.value).filter((value) => next.has(value));
    // Keep chosen values the options no longer list (lists can load after the filters).
    const unknown = selected.filter((value) => !options.some((o) => o.value === value));
    onChange([...ordered, ...unknown]);
  }

  function close(restoreFocus: boolean) {
    setOpen(false);
    setQuery('');
    if (restoreFocus) triggerRef.current?.focus();
  }

  function onListKeyDown(event: KeyboardEvent) {
    const last = visible.length - 1;
    const key = event.key;
    if (movedActive(key, active, last) !== null) {
      event.preventDefault();
      setActive((index) => movedActive(key, index, last) ?? index);
      return;
    }
    switch (key) {
      case ' ':
      case 'Enter': {
        if (event.target instanceof HTMLInputElement && key === ' ') return;
        event.preventDefault();
        const option = visible[active];
        if (option) toggle(option);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  return {
    open,
    setOpen,
    query,
    setQuery,
    active,
    setActive,
    rootRef,
    triggerRef,
    listRef,
    searchRef,
    chosen,
    visible,
    summary,
    isDisabled,
    toggle,
    close,
    onListKeyDown,
  };
}

/** The trigger's text: the placeholder, one or two labels, or how many are chosen. */
function selectionSummary(
  options: readonly MultiSelectOption[],
  chosen: ReadonlySet<string>,
  placeholder: string,
): string {
  const labels = options.filter((o) => chosen.has(o.value)).map((o) => o.label);
  if (labels.length === 0) return placeholder;
  if (labels.length <= 2) return labels.join(', ');
  return `${labels.length} selected`;
}

/** Where ArrowDown/Up, Home and End move the active option; null for any other key. */
function movedActive(key: string, index: number, last: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** One option of the listbox: its check mark and label. */
function OptionItem({
  id,
  label,
  chosen,
  disabled,
  active,
  onHover,
  onToggle,
}: {
  id: string;
  label: string;
  chosen: boolean;
  disabled: boolean;
  active: boolean;
  onHover: () => void;
  onToggle: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={chosen}
      aria-disabled={disabled || undefined}
      className={
        active
          ? 'ic-multi-select__option ic-multi-select__option--active'
          : 'ic-multi-select__option'
      }
      onMouseEnter={onHover}
      onClick={onToggle}
    >
      <span className="ic-multi-select__check" aria-hidden="true">
        {chosen ? '✓' : ''}
      </span>
      <span>{label}</span>
    </li>
  );
}

/** Under the list: how many are chosen (of the limit), and Clear. */
function SelectionFooter({
  label,
  count,
  limit,
  placeholder,
  onClear,
}: {
  label: string;
  count: number;
  limit: number | undefined;
  placeholder: string;
  onClear: () => void;
}) {
  return (
    <div className="ic-multi-select__footer">
      <span className="ic-multi-select__count" aria-live="polite">
        {limit !== undefined
          ? `${count} of ${limit} chosen`
          : count === 0
            ? placeholder
            : `${count} chosen`}
      </span>
      <button
        type="button"
        className="ic-multi-select__clear"
        aria-label={`Clear ${label.toLowerCase()}`}
        disabled={count === 0}
        onClick={onClear}
      >
        Clear
      </button>
    </div>
  );
}
