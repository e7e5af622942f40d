import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/** What a modal's Tab cycles through, unless it names its own. */
export const MODAL_FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, video[controls], [tabindex]:not([tabindex="-1"])';

export interface ModalFocusOptions {
  /** The modal's box: Tab and Shift+Tab wrap inside it. */
  dialogRef: RefObject<HTMLElement | null>;
  /** What gets the focus on open; default the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Escape calls it (and stops there, so a host's own Escape does not run too). */
  onEscape: () => void;
  focusable?: string;
}

/**
 * The keyboard of every modal dialog: focus moves in when it opens, Tab stays inside,
 * Escape closes, and the focus goes back to what opened it when it closes. Answers the
 * keydown handler for the modal's outer element.
 */
export function useModalFocus({
  dialogRef,
  initialFocusRef,
  onEscape,
  focusable = MODAL_FOCUSABLE,
}: ModalFocusOptions): (event: KeyboardEvent<HTMLElement>) => void {
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    (initialFocusRef?.current ?? dialogRef.current?.querySelector<HTMLElement>(focusable))?.focus();
    return () => previous?.focus?.();
    // On open and close only: the refs and the selector are fixed for a modal's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const stops = [...dialogRef.current.querySelectorAll<HTMLElement>(focusable)];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
