import { useRef, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * The handlers of one toast, in the app and in a widget (issue #30): while the pointer is
 * over it or the focus is in it its timer waits (`hold`), and goes on when both have left
 * (`release`); Escape dismisses it. Moving between the toast's own parts is not leaving it.
 */
export function useToastHold(actions: {
  hold: () => void;
  release: () => void;
  dismiss: () => void;
}) {
  const hovered = useRef(false);
  const focused = useRef(false);
  const follow = () => {
    if (hovered.current || focused.current) actions.hold();
    else actions.release();
  };
  return {
    onMouseEnter() {
      hovered.current = true;
      follow();
    },
    onMouseLeave() {
      hovered.current = false;
      follow();
    },
    onFocus() {
      focused.current = true;
      follow();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      focused.current = false;
      follow();
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      actions.dismiss();
    },
  };
}
