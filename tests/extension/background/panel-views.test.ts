import { describe, expect, it } from 'vitest';
import { createPanelViews, MAX_VIEW_AGE_MS } from '@/extension/entrypoints/background/panel-views';
import { viewIn } from '@/extension/lib/panel-view-paint';
import { acceptClientMessage } from '@/extension/entrypoints/background/sender-policy';
import { MAX_PANEL_VIEW_CHARS, type PanelView } from '@/shared/transport/port-protocol';
import { createPortTransport } from '@/shared/transport/port-transport';
import {
  connect,
  contentSender,
  fakeBackground,
  routerPortConnector,
  settle,
  state,
} from './fake-background';

/**
 * issue #14 "first figure": the CRM panel's last view, kept by the background for the
 * same sign-in only and handed to the next CRM page's loader. The real router, the real
 * transport on the panel's side, the loader's own check of the answer.
 */

const view: PanelView = {
  html: '<style data-ic-sheet="0"></style><div class="widgets">88%</div>',
  sheets: ['.widgets { color: red }'],
  hostStyle: 'position: fixed !important; width: 400px !important;',
  theme: 'light',
  complete: true,
};

/** What the loader reads of a view (it paints whatever it is given). */
const paintable = ({ html, sheets, hostStyle, theme }: PanelView) => ({
  html,
  sheets,
  hostStyle,
  theme,
});

function setup() {
  let time = 1_000_000;
  const background = fakeBackground({ panelViews: createPanelViews({ now: () => time }) });
  // The panel runtime's side: its transport puts the view.
  const panel = createPortTransport({
    connect: routerPortConnector(background.router, contentSender).connect,
  });
  // The next page's loader: a bare port that asks and reads the answer by hand.
  const ask = async (family = 'zoho') => {
    const loader = connect(background.router, contentSender);
    loader.send({ kind: 'panel:view-get', family });
    await settle();
    const answer = loader.received.find((message) => message.kind === 'panel-view');
    expect(answer?.kind, 'an answer to panel:view-get').toBe('panel-view');
    return viewIn(answer, family);
  };
  return { background, panel, ask, advance: (ms: number) => void (time += ms) };
}

describe("the CRM panel's last view", () => {
  it("is kept per site family for the signed-in user and given to the next page's loader", async () => {
    const { panel, ask } = setup();
    expect(await ask()).toBeNull();
    panel.putPanelView('zoho', view);
    await settle();
    expect(await ask()).toEqual(paintable(view));
    // Another family's pages have their own panel.
    expect(await ask('keap')).toBeNull();
  });

  it('is dropped on every sign-in change, after any write, and when it is old', async () => {
    const { background, panel, ask, advance } = setup();
    panel.putPanelView('zoho', view);
    await settle();
    // Saving the cockpit's goals changes figures the view shows.
    await panel.request({ method: 'PUT', path: 'workspaces/ws_lakeside/cockpit-goals', body: {} });
    expect(await ask()).toBeNull();

    panel.putPanelView('zoho', view);
    await settle();
    expect(await ask()).toEqual(paintable(view));
    advance(MAX_VIEW_AGE_MS + 1);
    expect(await ask()).toBeNull();

    panel.putPanelView('zoho', view);
    await settle();
    // Another workspace: nothing of the last one is painted.
    background.setPublicState({ ...state, workspace: { id: 'ws_other', name: 'Other' } });
    background.changed();
    expect(await ask()).toBeNull();
  });

  it('is not replaced by a view taken while the panel was still loading', async () => {
    const { panel, ask } = setup();
    const loading = { ...view, html: '<div class="ic-spinner"></div>', complete: false };
    panel.putPanelView('zoho', loading);
    await settle();
    // Better than nothing...
    expect(await ask()).toEqual(paintable(loading));
    panel.putPanelView('zoho', view);
    panel.putPanelView('zoho', loading);
    await settle();
    // ...but never over a complete one.
    expect(await ask()).toEqual(paintable(view));
  });

  it('is not kept while nobody is signed in', async () => {
    const { background, panel, ask } = setup();
    background.setPublicState({ ...state, status: 'signed-out', user: null, workspace: null });
    background.changed();
    panel.putPanelView('zoho', view);
    await settle();
    expect(await ask()).toBeNull();
  });

  it('comes from CRM tabs only, within its bounds', () => {
    const put = { kind: 'panel:view-put', family: 'zoho', view };
    expect(acceptClientMessage('content-script', put)).not.toBeNull();
    expect(acceptClientMessage('extension-page', put)).toBeNull();
    expect(
      acceptClientMessage('content-script', { kind: 'panel:view-get', family: 'zoho' }),
    ).not.toBeNull();
    const huge = { ...put, view: { ...view, html: 'x'.repeat(MAX_PANEL_VIEW_CHARS) } };
    expect(acceptClientMessage('content-script', huge)).toBeNull();
    const unknownField = { ...put, view: { ...view, script: 'alert(1)' } };
    expect(acceptClientMessage('content-script', unknownField)).toBeNull();
  });

  it('the loader paints only what our runtime serializes (no scripts, no frames)', () => {
    const answer = (html: string) => ({
      kind: 'panel-view',
      family: 'zoho',
      view: { ...view, html },
    });
    expect(viewIn(answer(view.html), 'zoho')).toEqual(paintable(view));
    expect(viewIn(answer('<script>alert(1)</script>'), 'zoho')).toBeNull();
    expect(viewIn(answer('<iframe src="https://evil.test"></iframe>'), 'zoho')).toBeNull();
    expect(viewIn(answer(view.html), 'keap')).toBeNull();
    expect(viewIn({ kind: 'panel-view', family: 'zoho', view: null }, 'zoho')).toBeNull();
  });
});
