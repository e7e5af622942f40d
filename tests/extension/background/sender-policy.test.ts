import { describe, expect, it } from 'vitest';
import {
  acceptAppLiveMessage,
  acceptClientMessage,
  acceptExternalMessage,
  classifyExternalSender,
  classifySender,
  isPanelFrame,
  MESSAGE_RIGHTS,
  type SenderLike,
} from '@/extension/entrypoints/background/sender-policy';
import { clientMessageSchema } from '@/shared/transport/port-protocol';

const self = {
  id: 'abcdefghijklmnopabcdefghijklmnop',
  origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
};

const contentScript: SenderLike = {
  id: self.id,
  url: 'https://crm.zoho.com/crm/org1/tab/Contacts/4876876000000421001',
  origin: 'https://crm.zoho.com',
  tab: { id: 12 },
  frameId: 0,
};
const popup: SenderLike = { id: self.id, url: `${self.origin}/popup.html`, origin: self.origin };

describe('classifySender (who may talk to the background)', () => {
  it('recognises our content script in a CRM tab and our own pages', () => {
    expect(classifySender(contentScript, self)).toBe('content-script');
    expect(classifySender(popup, self)).toBe('extension-page');
    // The options page opened in a tab is still one of our pages.
    expect(
      classifySender(
        { ...popup, url: `${self.origin}/options.html`, tab: { id: 3 }, frameId: 0 },
        self,
      ),
    ).toBe('extension-page');
  });

  it.each<[string, SenderLike | undefined | null]>([
    ['another extension', { ...contentScript, id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }],
    [
      'a sender without an id (a web page through externally_connectable)',
      { ...contentScript, id: undefined },
    ],
    [
      'a web page sender with a tab but the wrong id',
      {
        id: 'evil',
        url: 'https://evil.example/',
        origin: 'https://evil.example',
        tab: { id: 1 },
        frameId: 0,
      },
    ],
    ['a content script in a sub-frame', { ...contentScript, frameId: 3 }],
    ['a content script without a tab', { ...contentScript, tab: undefined }],
    ['an opaque origin', { id: self.id, origin: 'null', tab: { id: 1 }, frameId: 0 }],
    [
      'a file: page',
      { id: self.id, url: 'file:///tmp/x.html', origin: 'file://', tab: { id: 1 }, frameId: 0 },
    ],
    ['no sender at all', undefined],
    ['null', null],
  ])('drops %s', (_label, sender) => {
    expect(classifySender(sender, self)).toBeNull();
  });

  it('decides by the browser-given origin, not by a URL the page can rewrite', () => {
    // A CRM page that pushState-ed itself a look-alike path is still a content script,
    // never one of our pages.
    const spoofed = { ...contentScript, url: `https://crm.zoho.com/${self.origin}/popup.html` };
    expect(classifySender(spoofed, self)).toBe('content-script');
  });
});

describe('the panel frame (issue #29)', () => {
  const frame: SenderLike = {
    id: self.id,
    origin: self.origin,
    url: `${self.origin}/panel-frame.html?family=zoho&first=intake-compliance`,
    tab: { id: 12, url: contentScript.url },
    frameId: 4,
  };

  it("is a CRM tab's side, with exactly our content script's rights there", () => {
    expect(classifySender(frame, self)).toBe('content-script');
    expect(isPanelFrame(frame, self)).toBe(true);
    for (const kind of ['auth:sign-in', 'auth:sign-out'] as const) {
      expect(MESSAGE_RIGHTS[kind]).not.toContain('content-script');
      expect(acceptClientMessage('content-script', { kind, id: '1' })).toBeNull();
    }
    // In an admin's extra Keap host's tab, once that host is granted.
    const keapTab = {
      ...frame,
      tab: { id: 12, url: 'https://crm.lawfirm.example/contacts/details/4' },
    };
    expect(classifySender(keapTab, self)).toBeNull();
    expect(classifySender(keapTab, self, ['crm.lawfirm.example'])).toBe('content-script');
  });

  it.each<[string, SenderLike]>([
    [
      'framed by a site that is not a CRM',
      { ...frame, tab: { id: 12, url: 'https://evil.example/' } },
    ],
    [
      'a look-alike Zoho host',
      { ...frame, tab: { id: 12, url: 'https://crm.zoho.com.evil.example/' } },
    ],
    ['a CRM over http', { ...frame, tab: { id: 12, url: 'http://crm.zoho.com/' } }],
    ['a tab whose address the browser did not give', { ...frame, tab: { id: 12 } }],
    ['opened as a tab of its own', { ...frame, frameId: 0, tab: { id: 12, url: frame.url } }],
    ['a CRM tab, but as its top frame', { ...frame, frameId: 0 }],
    ['outside any tab', { ...frame, tab: undefined }],
    ['another extension', { ...frame, id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }],
  ])('is refused %s', (_label, sender) => {
    expect(classifySender(sender, self)).toBeNull();
  });

  it('is told apart by the address the browser gives our pages, not by a look-alike', () => {
    // A CRM page cannot claim our origin; our other pages stay our pages.
    expect(
      isPanelFrame({ ...contentScript, url: `https://crm.zoho.com/panel-frame.html` }, self),
    ).toBe(false);
    expect(isPanelFrame(popup, self)).toBe(false);
    expect(classifySender({ ...popup, tab: { id: 3 }, frameId: 2 }, self)).toBe('extension-page');
    expect(
      isPanelFrame({ ...frame, url: `${self.origin}/panel-frame.html/../popup.html` }, self),
    ).toBe(false);
  });
});

describe('the schema table', () => {
  it('has a rule for every message kind', () => {
    const kinds = clientMessageSchema.options.map((option) => option.shape.kind.value);
    expect(Object.keys(MESSAGE_RIGHTS).sort()).toEqual([...kinds].sort());
  });

  it('lets content scripts make requests, but never sign in or out', () => {
    const request = { kind: 'request', id: '1', request: { method: 'GET', path: 'users/me' } };
    expect(acceptClientMessage('content-script', request)).not.toBeNull();
    expect(acceptClientMessage('content-script', { kind: 'auth:sign-out', id: '2' })).toBeNull();
    expect(
      acceptClientMessage('content-script', {
        kind: 'auth:sign-in',
        id: '3',
        username: 'a',
        password: 'b',
      }),
    ).toBeNull();
    expect(
      acceptClientMessage('extension-page', { kind: 'auth:sign-out', id: '2' }),
    ).not.toBeNull();
  });

  it('lets a CRM panel and our pages read and mark the live feed (issue #12)', () => {
    for (const sender of ['content-script', 'extension-page'] as const) {
      for (const message of [
        { kind: 'live:get', id: '1' },
        { kind: 'live:mark-read', id: '2', ids: ['n1', 'n2'] },
        { kind: 'live:mark-all-read', id: '3' },
        { kind: 'live:visibility', visible: true },
        { kind: 'live:reload' },
      ]) {
        expect(acceptClientMessage(sender, message)).toEqual(message);
      }
    }
  });

  it.each([
    ['no ids', { kind: 'live:mark-read', id: '1', ids: [] }],
    [
      'more ids than the server takes',
      { kind: 'live:mark-read', id: '1', ids: Array(501).fill('n') },
    ],
    ['an id too long', { kind: 'live:mark-read', id: '1', ids: ['x'.repeat(65)] }],
    ['ids that are not strings', { kind: 'live:mark-read', id: '1', ids: [1, 2] }],
    ['a visibility that is not a boolean', { kind: 'live:visibility', visible: 'yes' }],
    ['a visibility with a tab of its own', { kind: 'live:visibility', visible: true, tabId: 3 }],
    ['a live:get without its id', { kind: 'live:get' }],
    ['a reload with a path', { kind: 'live:reload', path: 'auth' }],
    ['a hello (app port only)', { kind: 'live:hello', userId: 'u1', workspaceId: 'w' }],
  ])('drops a live message with %s', (_label, raw) => {
    expect(acceptClientMessage('content-script', raw)).toBeNull();
  });

  it.each([
    ['an unknown kind', { kind: 'token:get', id: '1' }],
    [
      'a request with a foreign URL',
      { kind: 'request', id: '1', request: { method: 'GET', path: 'https://evil.example' } },
    ],
    ['a message with extra fields', { kind: 'session:get', id: '1', eval: 'alert(1)' }],
    ['a string', 'auth:sign-out'],
    ['an array', [{ kind: 'session:get', id: '1' }]],
    [
      'a prototype-polluting object',
      JSON.parse('{"kind":"session:get","id":"1","__proto__":{"admin":true}}'),
    ],
  ])('drops %s', (_label, raw) => {
    expect(acceptClientMessage('extension-page', raw)).toBeNull();
  });

  it('drops everything from an unclassified sender', () => {
    expect(acceptClientMessage(null, { kind: 'session:get', id: '1' })).toBeNull();
  });
});

describe('the standalone app through externally_connectable', () => {
  const app = 'http://localhost:8080';
  const appPage: SenderLike = {
    url: `${app}/app/profile/user-info`,
    origin: app,
    tab: { id: 4 },
    frameId: 0,
  };

  it('accepts the configured app origin only', () => {
    expect(classifyExternalSender(appPage, app)).toBe('app-page');
    expect(classifyExternalSender({ ...appPage, origin: 'http://localhost:9999' }, app)).toBeNull();
    expect(classifyExternalSender({ ...appPage, origin: 'https://crm.zoho.com' }, app)).toBeNull();
    // Another extension messaging us from outside.
    expect(classifyExternalSender({ ...appPage, id: 'other-extension' }, app)).toBeNull();
  });

  it('accepts only a ping and a hand-over from it', () => {
    expect(acceptExternalMessage(appPage, app, { kind: 'ping' })).toEqual({ kind: 'ping' });
    expect(acceptExternalMessage(appPage, app, { kind: 'auth:sign-out', id: '1' })).toBeNull();
    expect(
      acceptExternalMessage({ ...appPage, origin: 'https://evil.example' }, app, { kind: 'ping' }),
    ).toBeNull();
  });

  it('accepts the live kinds on its live port, from the app origin only (issue #12)', () => {
    const hello = { kind: 'live:hello', userId: 'u1', workspaceId: 'ws_lakeside' };
    expect(acceptAppLiveMessage(appPage, app, hello)).toEqual(hello);
    expect(
      acceptAppLiveMessage(appPage, app, { kind: 'live:mark-all-read', id: '1' }),
    ).not.toBeNull();
    expect(
      acceptAppLiveMessage({ ...appPage, origin: 'https://evil.example' }, app, hello),
    ).toBeNull();
    expect(acceptAppLiveMessage({ ...appPage, id: 'other-extension' }, app, hello)).toBeNull();
    for (const other of [
      { kind: 'ping' },
      { kind: 'session:get', id: '1' },
      { kind: 'storage:get', id: '1', key: 'k' },
      { kind: 'request', id: '1', request: { method: 'GET', path: 'users/me' } },
      { ...hello, userId: '' },
      { ...hello, token: 'x' },
    ]) {
      expect(acceptAppLiveMessage(appPage, app, other)).toBeNull();
    }
  });
});
