import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_COST } from '../../server/helpers/test-server';
import { type FakeCtm, startFakeCtm } from '../../fakes/ctm/fake-ctm-server';
import { fakeCtmPhone } from '../../fakes/ctm/fake-ctm-webhooks';
import {
  callDiagnostics,
  connectToFakeCtm,
  ctmWebhookUrls,
  demoUserId,
  launchWithExtension,
  openCrmPage,
  openCrmTab,
  setServerAddress,
  signInThroughPopup,
  startServer,
  until,
  waitForPanel,
  widgetText,
  wizardStep,
  type ExtensionBrowser,
  type RunningServer,
} from '../harness';

// Issue #32, end to end: the production extension in Chromium on a Keap fixture page, the
// real server connected to the fake CallTrackingMetrics of tests/fakes (CTM's documented
// shapes, signed webhooks). A call CTM routes to intake@harbor.test's CTM user rings the
// wizard in the CRM tab; the caller hanging up at CTM ends it there.

const AGENT = 'intake@harbor.test';
const WORKSPACE = 'ws_harbor';
const CTM_AGENT = {
  id: 'USR1',
  first_name: 'Iris',
  last_name: 'Quinn',
  email: AGENT,
  role: 'agent',
};
const LINE = {
  id: 'TPN9001',
  number: '+17203584118',
  formatted: '(720) 358-4118',
  name: 'Google Ads line',
  active: true,
};
const keapUrl = (id: number) =>
  `https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=${id}`;
const FIRST_STEP = 'Caller information';

let fake: FakeCtm;
let server: RunningServer;
let ext: ExtensionBrowser;

beforeAll(async () => {
  fake = await startFakeCtm({ users: [CTM_AGENT], numbers: [LINE] });
  server = await startServer({
    passwordCost: TEST_PASSWORD_COST,
    callTracking: { ctm: { baseUrl: fake.baseUrl } },
  });
  // The owner connects the account, then links the agent to its CTM user.
  await connectToFakeCtm(server, fake, {
    owner: 'owner@harbor.test',
    workspaceId: WORKSPACE,
    userId: demoUserId(AGENT),
    ctmUserId: CTM_AGENT.id,
  });
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, AGENT);
}, 120_000);

afterAll(async () => {
  await ext?.close();
  await server?.stop();
  await fake?.close();
});

describe('a call from CallTrackingMetrics where the agent works (issue #32)', () => {
  it("CTM's webhook opens the wizard in the Keap tab, and the caller's hang-up at CTM ends it", async () => {
    const { page, tabId } = await openCrmTab(ext, () =>
      openCrmPage(ext.browser, keapUrl(32001), { allowOrigins: [server.url] }),
    );
    await waitForPanel(page, 20_000);
    await until(
      'the tab able to show the call flow',
      async () =>
        (await callDiagnostics(ext)).clients.some(
          (client) => client.tabId === tabId && client.canShowCallFlow,
        ),
      async () => JSON.stringify((await callDiagnostics(ext)).clients),
    );
    const phone = fakeCtmPhone(fake, ctmWebhookUrls(server, WORKSPACE));
    const ring = await phone.ring({
      agent: CTM_AGENT,
      callerNumber: '+16175550123',
      trackingNumber: LINE.number,
      name: 'Dana Whitfield',
    });
    expect(ring.status).toBe(202);
    await waitForWizard(page, FIRST_STEP);

    expect((await phone.hangUp(ring.call.id, 0)).status).toBe(202);
    await until(
      '"The caller hung up" in the tab',
      async () => (await widgetText(page, 'intake-call-flow')).includes('The caller hung up'),
      async () => (await widgetText(page, 'intake-call-flow')).slice(0, 300),
    );
  });
});

async function waitForWizard(page: Page, title: string): Promise<void> {
  await until(
    `step "${title}"`,
    async () => (await wizardStep(page)) === title,
    async () => (await widgetText(page, 'intake-call-flow')).slice(0, 300) || '(nothing)',
  );
}
