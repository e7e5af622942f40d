import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state for a disclosure (dropdown, popover): closes on Escape (returning
 * focus to the trigger) and on a pointer press outside the container.
 */
export function useDismissable<
  C extends HTMLElement = HTMLDivElement,
  T extends HTMLElement = HTMLButtonElement,
>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<C>(null);
  const triggerRef = useRef<T>(null);

  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  return { open, setOpen, toggle, close, containerRef, triggerRef };
}
