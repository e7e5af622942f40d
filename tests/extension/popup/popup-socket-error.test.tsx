import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Popup } from '@/extension/entrypoints/popup/popup';
import { createPortTransport } from '@/shared/transport/port-transport';
import {
  fakeBackground,
  popupSender,
  routerPortConnector,
  settle,
  state,
} from '../background/fake-background';

// issue #28 — the popup over a real PortTransport to the background's router: the
// persistent "Socket Connection Error!" while the background's socket is in error, gone
// when it is connected again.

describe("the popup and the background's socket (spec: session 4 Sockets, issue #28)", () => {
  it('shows the persistent socket error while the socket is in error, and clears it when connected', async () => {
    const background = fakeBackground();
    background.setPublicState({ ...state, socket: 'error' });
    const transport = createPortTransport({
      connect: routerPortConnector(background.router, popupSender).connect,
    });
    render(<Popup transport={transport} />);
    await act(settle);
    const alert = await screen.findByTestId('popup-socket-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(
      'Socket Connection Error! Try refreshing the page, and notify support if the issue persists afterward.',
    );
    expect(screen.getByTestId('popup-socket').dataset.status).toBe('error');

    background.setPublicState({ ...state, socket: 'connected' });
    await act(async () => {
      background.changed();
      await settle();
    });
    expect(screen.queryByTestId('popup-socket-error')).toBeNull();
    expect(screen.getByTestId('popup-socket').dataset.status).toBe('connected');
    transport.close();
  });
});
