export const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * A row's button that removes its row, or moves it to an end where the button is disabled,
 * takes the focus with it to the body (issue #30: the focus is never lost). Called from
 * such a button's click: once React has drawn the change, if the focus fell, it goes to the
 * row now in the removed row's place (else the one before it), to the moved row, or else to
 * the last control of the list's part of the page (its Add button).
 */
export function keepFocusNear(button: HTMLElement): void {
  const row = button.closest('li');
  const list = row?.parentElement ?? null;
  const region = button.closest('fieldset, section');
  const index = row && list ? [...list.children].indexOf(row) : -1;
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    let target: HTMLElement | null = null;
    if (row?.isConnected) {
      target = row.querySelector<HTMLElement>(FOCUSABLE);
    } else if (list?.isConnected) {
      const rows = [...list.children];
      target = (rows[index] ?? rows[index - 1])?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
    }
    if (!target && region?.isConnected) {
      target = [...region.querySelectorAll<HTMLElement>(FOCUSABLE)].at(-1) ?? null;
    }
    target?.focus();
  });
}
