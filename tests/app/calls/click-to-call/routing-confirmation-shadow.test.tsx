import { act, fireEvent } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoutingConfirmationDialog } from '@/app/calls/click-to-call';
import { DEFAULT_CALL_OUTCOMES } from '@/shared/domain/click-to-call';

// The extension panel renders the app inside a shadow root: the dialog must find its
// focus there (document.activeElement is only the shadow host).

let cleanup: () => void = () => {};
afterEach(() => cleanup());

function renderInShadowRoot(onChoose: (value: number) => void) {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  shadow.append(mount);
  const root = createRoot(mount);
  act(() =>
    root.render(
      <RoutingConfirmationDialog
        title="Calling Dana Lee"
        name="Dana Lee"
        numberLabel="Main office line"
        numberValue="+1 312-555-0100"
        outcomes={DEFAULT_CALL_OUTCOMES}
        onChoose={onChoose}
      />,
    ),
  );
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
  };
  return shadow;
}

describe('routing confirmation inside a shadow root (the extension panel)', () => {
  it('takes focus, keeps Tab inside and ignores Escape', () => {
    const onChoose = vi.fn();
    const shadow = renderInShadowRoot(onChoose);
    const dialog = shadow.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const [cancel, call] = [...dialog.querySelectorAll('button')];
    expect(shadow.activeElement).toBe(cancel);

    act(() => call.focus());
    fireEvent.keyDown(call, { key: 'Tab' });
    expect(shadow.activeElement).toBe(cancel);

    fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(shadow.querySelector('[role="dialog"]')).toBe(dialog);
    expect(onChoose).not.toHaveBeenCalled();

    fireEvent.click(call);
    expect(onChoose).toHaveBeenCalledWith(1);
  });
});
