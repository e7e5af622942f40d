import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmAuthorizeResponseSchema } from '@/shared/contracts/crm-connection';
import { type FakeKeap, startFakeKeap } from '../../fakes/keap/fake-keap';
import { TEST_PASSWORD_COST } from '../../server/helpers/test-server';
import {
  fillPersonalInjuryIntakeInPanel,
  callDiagnostics,
  launchWithExtension,
  nextInPanel,
  nextWeekday,
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

// Issue #33 "Tests": a full Personal Injury intake on a Keap fixture page, in the production
// extension build, with Harbor Legal connected to a fake Keap that follows Keap's documented
// OAuth and REST v1 shapes (tests/fakes/keap). The contact, the note, the call (a note of
// type Call) and the consultation (an appointment at the booked time) arrive once each,
// also when Keap's answer to the first write is lost and the server is killed and started
// again before it could try again.

const AGENT = 'intake@harbor.test';
const OWNER = 'owner@harbor.test';
const WORKSPACE = 'ws_harbor';
const TIMEOUT = 30_000;
const keapUrl = (id: number) =>
  `https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=${id}`;

let keap: FakeKeap;
let server: RunningServer;
let ext: ExtensionBrowser;

/** What the call-flow widget shows, for failure messages. */
const screenOf = async (page: Page) =>
  `<intake-call-flow> "${(await widgetText(page, 'intake-call-flow')).slice(0, 600)}"`;

/** The owner connects Harbor to the fake Keap, as the consent page's redirect would. */
async function connectHarbor(): Promise<void> {
  const owner = await server.signIn(OWNER);
  const asked = await fetch(`${server.url}/api/workspaces/${WORKSPACE}/crm/connection/authorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner}` },
  });
  const consent = crmAuthorizeResponseSchema.parse(await asked.json()).data.url;
  const landed = await fetch(keap.approve(consent));
  expect(await landed.text()).toContain('Harbor Legal is connected to Keap');
}

const outboxRows = () =>
  server.server.db
    .selectFrom('crm_outbox')
    .select(['type', 'delivery', 'uncertain'])
    .where('workspace_id', '=', WORKSPACE)
    .execute();

beforeAll(async () => {
  keap = await startFakeKeap({ app: 'hb417' });
  server = await startServer({
    passwordCost: TEST_PASSWORD_COST,
    keap: {
      clientId: keap.clientId,
      clientSecret: keap.clientSecret,
      authorizeUrl: keap.authorizeUrl,
      tokenUrl: keap.tokenUrl,
      apiBase: keap.apiBase,
    },
  });
  await connectHarbor();
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, AGENT);
}, 180_000);

afterAll(async () => {
  await ext?.close();
  await server?.stop();
  await keap?.close();
});

describe('a Personal Injury intake on a Keap page, written to Keap (issue #33)', () => {
  it('puts the contact, the note, the call and the consultation in Keap once each, across a lost answer and a server restart', async () => {
    const { page, tabId } = await openCrmTab(ext, () =>
      openCrmPage(ext.browser, keapUrl(24680), { allowOrigins: [server.url] }),
    );
    await waitForPanel(page, TIMEOUT);
    await until(
      'the Keap tab able to show the call flow',
      async () =>
        (await callDiagnostics(ext)).clients.some((c) => c.tabId === tabId && c.canShowCallFlow),
      async () => JSON.stringify((await callDiagnostics(ext)).clients),
      TIMEOUT,
    );
    await server.placeTestCall({
      username: AGENT,
      leadName: 'Sam Ortiz',
      phone: '+1 512 555 0199',
    });
    await until(
      'the first step',
      async () => (await wizardStep(page)) === 'Caller information',
      () => screenOf(page),
      TIMEOUT,
    );

    await fillPersonalInjuryIntakeInPanel(
      page,
      {
        firstName: 'Sam',
        lastName: 'Ortiz',
        phone: '(512) 555-0199',
        email: 'sam.ortiz@example.com',
      },
      nextWeekday(),
    );

    // Keap takes the contact but its answer is lost; the server dies before trying again.
    keap.dropConnectionNext(1, { afterHandling: true });
    await nextInPanel(page, 'Intake complete');
    await until(
      'the contact written, its outcome unknown',
      async () => (await outboxRows()).some((r) => r.type === 'CONTACT' && r.uncertain === 1),
      async () => JSON.stringify(await outboxRows()),
      TIMEOUT,
    );
    expect(keap.records.contacts).toHaveLength(1);
    await server.restart();

    // The new server looks for the contact before writing it again, then sends the rest.
    await until(
      'every record sent',
      async () => {
        const rows = await outboxRows();
        return rows.length === 4 && rows.every((r) => r.delivery === 'sent');
      },
      async () => JSON.stringify(await outboxRows()),
      90_000,
    );
    expect(keap.records.contacts).toHaveLength(1);
    // It was looked for by its e-mail (Keap's contact search), not written again.
    expect(
      keap.requests.some(
        (r) =>
          r.method === 'GET' &&
          r.path.endsWith('/contacts') &&
          r.query.email === 'sam.ortiz@example.com',
      ),
    ).toBe(true);
    expect(
      keap.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/contacts')),
    ).toHaveLength(1);
    const [contact] = keap.records.contacts;
    expect(contact).toMatchObject({
      given_name: 'Sam',
      family_name: 'Ortiz',
      email_addresses: [
        expect.objectContaining({ email: 'sam.ortiz@example.com', field: 'EMAIL1' }),
      ],
    });
    const notes = keap.records.notes.filter((n) => n.contact_id === contact!.id);
    expect(notes.map((n) => [n.title, n.type])).toEqual([
      ['Personal Injury intake', 'Other'],
      ['Personal Injury intake call', 'Call'],
    ]);
    expect(String(notes[0]!.body)).toContain('Sprained ankle');
    expect(keap.records.appointments).toEqual([
      expect.objectContaining({
        title: 'Consultation: Sam Ortiz',
        location: 'office',
        contact_id: contact!.id,
      }),
    ]);
    const appointment = keap.records.appointments[0]!;
    expect(
      Date.parse(String(appointment.end_date)) - Date.parse(String(appointment.start_date)),
    ).toBe(60 * 60 * 1000);
  }, 300_000);
});
