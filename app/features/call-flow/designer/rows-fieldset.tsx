import { type ReactNode, useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { moveItem } from '@/shared/call-flow/designer-model';
import { FOCUSABLE, keepFocusNear } from './keep-focus';
import './field-editor.css';

/**
 * A list of small rows the owner edits in place (a field's options, a table's columns, a
 * sub-process's variable pairs), written once: each row's fields, Up (when the order
 * matters) and Remove (kept while more than `minimum` rows are left), then Add. The rows
 * have no id of their own: their place is their identity. So the focus is sent after a row
 * moved up (to its Up button, so that Up again moves it further, else to its first field),
 * and stays near a row that went (keepFocusNear).
 */
export function RowsFieldset<T>({
  legend,
  rows,
  onChange,
  noun,
  addLabel,
  newRow,
  minimum = 0,
  movable = false,
  children,
}: {
  legend: ReactNode;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** What a row is called in its buttons' names: "option" → "Remove option 2". */
  noun: string;
  addLabel: string;
  /** The row Add appends, given how many rows there are. */
  newRow: (count: number) => T;
  minimum?: number;
  movable?: boolean;
  /** The row's fields; `replace` puts the changed row in its place. */
  children: (row: T, index: number, replace: (next: T) => void) => ReactNode;
}) {
  const list = useRef<HTMLOListElement>(null);
  const moveUp = (index: number) => {
    onChange(moveItem(rows, index, index - 1));
    // The row keyed `index` stays put and now holds another row's values: without this,
    // the focus would stay on that one, and a second Up would move it back.
    requestAnimationFrame(() => {
      const moved = list.current?.children[index - 1];
      const up = moved?.querySelector<HTMLElement>('[data-row-action="up"]:not(:disabled)');
      (up ?? moved?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    });
  };
  return (
    <fieldset className="ic-field-editor__group">
      <legend>{legend}</legend>
      <ol ref={list} className="ic-field-editor__rows">
        {rows.map((row, index) => (
          <li key={index} className="ic-field-editor__row">
            {children(row, index, (next) =>
              onChange(rows.map((item, i) => (i === index ? next : item))),
            )}
            <div className="ic-field-editor__row-actions">
              {movable ? (
                <Button
                  variant="ghost"
                  aria-label={`Move ${noun} ${index + 1} up`}
                  data-row-action="up"
                  disabled={index === 0}
                  onClick={() => moveUp(index)}
                >
                  ↑
                </Button>
              ) : null}
              <Button
                variant="ghost"
                aria-label={`Remove ${noun} ${index + 1}`}
                disabled={rows.length <= minimum}
                onClick={(event) => {
                  keepFocusNear(event.currentTarget);
                  onChange(rows.filter((_, i) => i !== index));
                }}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button onClick={() => onChange([...rows, newRow(rows.length)])}>{addLabel}</Button>
    </fieldset>
  );
}
