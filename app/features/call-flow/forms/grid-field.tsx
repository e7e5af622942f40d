import { useEffect, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import type { FormField, VariableValue, Variables } from '@/shared/contracts/call-flow';
import { readVar, setOwnVar, withVars } from '@/shared/call-flow/variables';
import { FieldFrame, frameOf } from './field-frame';
import { FOCUS_ATTRIBUTE } from './field-props';
import { SimpleField } from './simple-field';
import { emptyGridRow } from './submitted-values';
import { isRequired } from './step-control-field';
import './grid-field.css';

type GridField = Extract<FormField, { type: 'grid' }>;

export interface GridFieldProps {
  field: GridField;
  id: string;
  value: VariableValue | undefined;
  /** The grid's own error (too few or too many rows, required). */
  error: string | null;
  /** A cell's error text, or null: keys are `grid.rowIndex.column` (form-validators). */
  cellError(key: string): string | null;
  onChange(rows: Variables[]): void;
  onCellBlur(key: string): void;
  /** A row was removed: the form shifts what it knows about the rows below it. */
  onRowRemoved(index: number): void;
  disabled: boolean;
}

function asRows(value: VariableValue | undefined): Variables[] {
  if (!Array.isArray(value)) return [];
  return value.map((row) =>
    typeof row === 'object' && row !== null && !Array.isArray(row) ? (row as Variables) : {},
  );
}

let nextRowKey = 0;
const newRowKey = () => `row${++nextRowKey}`;

/**
 * Rows of simple fields with add and remove (minRows / maxRows from the definition). Each
 * row is a group named "<grid>, row N" with its own labelled remove button; after adding,
 * focus goes to the new row's first field, after removing to the row that took its place
 * (or the add button), and a polite live region says what happened.
 */
export function GridField({
  field,
  id,
  value,
  error,
  cellError,
  onChange,
  onCellBlur,
  onRowRemoved,
  disabled,
}: GridFieldProps) {
  const rows = asRows(value);
  // Stable keys for React and for focus, kept beside the rows (the values stay plain data).
  const keys = useRef<string[]>([]);
  while (keys.current.length < rows.length) keys.current.push(newRowKey());
  if (keys.current.length > rows.length) keys.current.length = rows.length;

  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<number | 'add' | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    if (target === 'add') {
      addButton.current?.focus();
      return;
    }
    const row = container.current?.querySelector<HTMLElement>(`[data-grid-row="${target}"]`);
    row?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  });

  const isDisabled = disabled || field.disabled === true;
  const canAdd = !isDisabled && (field.maxRows === undefined || rows.length < field.maxRows);
  const canRemove = !isDisabled && rows.length > (field.minRows ?? 0);

  const add = () => {
    keys.current.push(newRowKey());
    focusAfter.current = rows.length;
    setAnnouncement(`Row ${rows.length + 1} added.`);
    onChange([...rows, emptyGridRow(field.columns)]);
  };

  const remove = (index: number) => {
    keys.current.splice(index, 1);
    const remaining = rows.filter((_, i) => i !== index);
    focusAfter.current = remaining.length === 0 ? 'add' : Math.min(index, remaining.length - 1);
    setAnnouncement(`Row ${index + 1} removed.`);
    onRowRemoved(index);
    onChange(remaining);
  };

  const writeCell = (index: number, column: string, cell: VariableValue) => {
    const update: Variables = Object.create(null) as Variables;
    setOwnVar(update, column, cell);
    onChange(rows.map((row, i) => (i === index ? withVars(row, update) : row)));
  };

  return (
    <FieldFrame
      {...frameOf(field, id, error, isRequired(field))}
      kind="group"
      className="ic-grid-field"
    >
      <div className="ic-grid-field__rows" ref={container}>
        {rows.length === 0 ? <p className="ic-grid-field__empty">No rows yet.</p> : null}
        {rows.map((row, index) => {
          const rowLabel = `${field.label}, row ${index + 1}`;
          return (
            <fieldset
              key={keys.current[index]}
              className="ic-grid-field__row"
              data-grid-row={index}
            >
              <legend className="ic-grid-field__row-title">
                <span aria-hidden="true">Row {index + 1}</span>
                <VisuallyHidden>{rowLabel}</VisuallyHidden>
              </legend>
              <div className="ic-grid-field__cells">
                {field.columns.map((column) => {
                  const key = `${field.name}.${index}.${column.name}`;
                  return (
                    <SimpleField
                      key={column.name}
                      field={column}
                      id={`${id}-${keys.current[index]}-${column.name}`}
                      value={readVar(row, column.name)}
                      error={cellError(key)}
                      errorKey={key}
                      disabled={isDisabled}
                      onChange={(cell) => writeCell(index, column.name, cell)}
                      onBlur={() => onCellBlur(key)}
                    />
                  );
                })}
              </div>
              <div className="ic-grid-field__row-actions">
                <Button
                  variant="ghost"
                  className="ic-grid-field__remove"
                  disabled={!canRemove}
                  aria-label={`Remove ${rowLabel}`}
                  onClick={() => remove(index)}
                >
                  <Icon name="close" size="sm" />
                  Remove
                </Button>
              </div>
            </fieldset>
          );
        })}
      </div>
      <div className="ic-grid-field__footer">
        <Button
          ref={addButton}
          variant="secondary"
          disabled={!canAdd}
          aria-label={`Add a row to ${field.label}`}
          {...{ [FOCUS_ATTRIBUTE]: field.name }}
          onClick={add}
        >
          <span aria-hidden="true">+</span>
          Add row
        </Button>
        {field.maxRows !== undefined && !canAdd && !isDisabled ? (
          <span className="ic-grid-field__limit">All {field.maxRows} rows are in use.</span>
        ) : null}
      </div>
      <div aria-live="polite">
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </div>
    </FieldFrame>
  );
}
