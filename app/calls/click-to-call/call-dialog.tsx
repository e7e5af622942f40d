import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Modal } from '@/app/components/dialog/modal';

// The frame every click-to-call dialog uses (spec: session 2 Dialogs; 9 "Dialog widths are
// 400px"): a real modal dialog that takes focus and keeps it. It renders in place (no
// portal to document.body) so it also works inside the extension panel's shadow root; the
// overlay is position: fixed, so where the host mounts it does not matter.

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What Tab reaches in order: a radio group is one stop (its checked radio, else its
 * first), as the browser tabs through it.
 */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  const all = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) {
      return true;
    }
    const group = all.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name,
    );
    const stop = group.find((radio) => radio.checked) ?? group[0];
    return stop === element;
  });
}

/** The focused element, looking into shadow roots (the panel's controls live in one). */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let active = root.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) {
    active = active.shadowRoot.activeElement as HTMLElement;
  }
  return active;
}

/**
 * How the next dialog to open takes the focus: the browser decides whether a focus ring
 * shows from what its document last saw (a key: yes; a click: no). A host whose document
 * saw no press of its own — the extension's panel frame, where a press on the CRM page
 * opens the dialogs (issue #29) — says how that press was made; the app gives nothing.
 */
export const DialogFocusContext = createContext<() => FocusOptions | undefined>(() => undefined);

export interface CallDialogProps {
  title: ReactNode;
  /** alertdialog for the alerts that interrupt (Uh oh!, CRM errors); dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Icon or marker above the title. */
  badge?: ReactNode;
  /** The short text screen readers announce with the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  /**
   * Escape closes the dialog through this (it is then a choice: cancel, acknowledge).
   * Without it Escape does nothing: the routing confirmation must be answered with one of
   * its outcomes (spec 2: "not closable by click-away"). Click-away never closes.
   */
  onEscape?: () => void;
  /** What gets focus when the dialog opens; else its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A stable hook for tests and the host's styles. */
  name: string;
}

export function CallDialog({
  title,
  role = 'dialog',
  badge,
  description,
  children,
  actions,
  onEscape,
  initialFocus,
  name,
}: CallDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const focusOptions = useContext(DialogFocusContext);

  // Each dialog of a flow replaces the one before, so focus moves in on mount; the
  // controller gives it back to the trigger when the flow ends (a dialog alone cannot
  // know whether another follows).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const target = initialFocus?.current ?? tabStops(dialog)[0] ?? dialog;
    target.focus(focusOptions());
    // Only on mount: a re-render must not pull focus away from what the agent is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Handled here either way, so a host's own Escape (closing the panel) does not run
      // underneath a dialog that is waiting for an answer.
      event.stopPropagation();
      event.preventDefault();
      onEscape?.();
      return;
    }
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusable = tabStops(dialog);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const root = dialog.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // Click-away never closes (no onBackdropClick).
    <Modal
      className="ic-call-dialog"
      boxClassName="ic-call-dialog__box"
      role={role}
      boxRef={dialogRef}
      onKeyDown={onKeyDown}
      labelledBy={titleId}
      describedBy={description ? bodyId : undefined}
      overlayProps={{ 'data-call-dialog': name }}
      boxProps={{ tabIndex: -1 }}
    >
      {badge}
      <h2 className="ic-call-dialog__title" id={titleId}>
        {title}
      </h2>
      {description ? (
        <div className="ic-call-dialog__description" id={bodyId}>
          {description}
        </div>
      ) : null}
      {children ? <div className="ic-call-dialog__body">{children}</div> : null}
      <div className="ic-call-dialog__actions">{actions}</div>
    </Modal>
  );
}
