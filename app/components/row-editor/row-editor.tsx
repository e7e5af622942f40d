import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/app/components/button/button';
import './row-editor.css';

/**
 * A settings table whose rows open an editor under themselves (System > Workspaces,
 * Tracking Numbers, Campaign Apportion), written once (issue #31 item 7). One row is
 * edited at a time: the other rows' buttons wait, and closing the editor (saved or
 * cancelled) gives the focus back to the row's button, so a keyboard user stays where
 * they were.
 */
export interface RowEditor {
  /** The id of the row being edited, or null. */
  editing: string | null;
  open: (rowId: string) => void;
  /** Closes the editor and focuses the row's button once the editor has left the page. */
  close: (rowId: string) => void;
  /** Where each row's button registers itself, to be focused again on close. */
  buttons: Map<string, HTMLButtonElement>;
}

export function useRowEditor(): RowEditor {
  const [editing, setEditing] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const close = useCallback((rowId: string) => {
    setEditing(null);
    queueMicrotask(() => buttons.current.get(rowId)?.focus());
  }, []);
  return { editing, open: setEditing, close, buttons: buttons.current };
}

/**
 * Saving from a row's editor: the write, then `done` with its answer (a toast), then the
 * editor closes. A refusal rejects and leaves the editor open, showing the server's reason.
 */
export function editorSave<U, R>(
  editor: RowEditor,
  write: (rowId: string, update: U) => Promise<R>,
  done: (answer: R) => void,
): (rowId: string, update: U) => Promise<void> {
  return async (rowId, update) => {
    done(await write(rowId, update));
    editor.close(rowId);
  };
}

export interface RowEditButtonProps {
  editor: RowEditor;
  rowId: string;
  /** Names the row for screen readers: "Edit settings of Lakeside Law". */
  'aria-label': string;
  children: ReactNode;
}

/** The row's button: opens its editor, or closes it when open; waits while another row is edited. */
export function RowEditButton({ editor, rowId, children, ...rest }: RowEditButtonProps) {
  const isEditing = editor.editing === rowId;
  return (
    <Button
      ref={(element) => {
        if (element) editor.buttons.set(rowId, element);
        else editor.buttons.delete(rowId);
      }}
      aria-label={rest['aria-label']}
      aria-expanded={isEditing}
      disabled={editor.editing !== null && !isEditing}
      onClick={() => (isEditing ? editor.close(rowId) : editor.open(rowId))}
    >
      {children}
    </Button>
  );
}

/** The editor's row, spanning the table under the row it edits. */
export function EditorRow({
  className,
  colSpan,
  children,
}: {
  className: string;
  colSpan: number;
  children: ReactNode;
}) {
  return (
    <tr className={`ic-row-editor-row ${className}`}>
      <td colSpan={colSpan}>{children}</td>
    </tr>
  );
}
