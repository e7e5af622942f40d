import { describe, expect, it } from 'vitest';
import {
  discardProcessDraft,
  fetchProcessDraft,
  listProcessDesigns,
  listProcessVersions,
  publishProcessDraft,
  restoreProcessVersion,
  saveProcessDraft,
  setProcessArchived,
} from '@/shared/api/call-flow-designer';
import { ShapeMismatchError } from '@/shared/api/client';
import { TransportError } from '@/shared/transport/transport';
import { recordingApi } from './recording-api';

// Issue #34: the designer's calls, each with its method, call-centre path and body, and its
// answer checked against the contract through the real ApiClient.

const WS = 'ws_harbor';
const DESIGN = {
  id: 'pi-intake',
  name: 'Personal Injury intake',
  practiceAreaId: 'pa_1',
  status: 'published',
  version: 2,
  draftRevision: null,
  editedBy: 'Dana Owner',
  editedAt: '2026-11-30T09:00:00.000Z',
  archivedAt: null,
} as const;
const DRAFT = {
  definition: { uid: 'pi-intake', name: 'Accidents' },
  revision: 3,
  basedOnVersion: 2,
  updatedBy: 'Sam Admin',
  updatedAt: '2026-11-30T09:05:00.000Z',
  problems: [],
};
const SUMMARY = {
  id: 'pi-intake',
  name: 'Accidents',
  description: null,
  stepCount: 4,
  formStepCount: 3,
  version: 3,
  updatedAt: '2026-11-30T09:06:00.000Z',
};

describe('the call-flow designer calls (issue #34)', () => {
  it('lists the designs and archives one, on their paths, with the contract checked', async () => {
    const { api, requests } = recordingApi((request) =>
      request.method === 'GET'
        ? { data: [DESIGN] }
        : { data: { ...DESIGN, status: 'archived', archivedAt: DESIGN.editedAt } },
    );
    expect(await listProcessDesigns(api, WS)).toEqual([DESIGN]);
    expect((await setProcessArchived(api, WS, 'pi-intake', true)).status).toBe('archived');
    expect(requests.map((r) => [r.method, r.base, r.path, r.body])).toEqual([
      ['GET', 'callCenter', 'workspaces/ws_harbor/process-designs', undefined],
      [
        'PUT',
        'callCenter',
        'workspaces/ws_harbor/processes/pi-intake/archived',
        { archived: true },
      ],
    ]);
    const wrong = recordingApi(() => ({ data: [{ ...DESIGN, status: 'gone' }] }));
    await expect(listProcessDesigns(wrong.api, WS)).rejects.toBeInstanceOf(ShapeMismatchError);
  });

  it('reads a draft, and answers null when the process has none', async () => {
    const { api, requests } = recordingApi(() => ({ data: DRAFT }));
    expect(await fetchProcessDraft(api, WS, 'pi-intake')).toEqual(DRAFT);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: 'workspaces/ws_harbor/processes/pi-intake/draft',
    });
    const none = recordingApi(() => {
      throw new TransportError('Not found', 404, 'No draft of this process.');
    });
    expect(await fetchProcessDraft(none.api, WS, 'pi-intake')).toBeNull();
    // Anything else is the caller's to show.
    const down = recordingApi(() => {
      throw new TransportError('Server error', 503);
    });
    await expect(fetchProcessDraft(down.api, WS, 'pi-intake')).rejects.toMatchObject({
      status: 503,
    });
  });

  it('saves a draft naming its revision; a 409 answers theirs, read again', async () => {
    const { api, requests } = recordingApi(() => ({ data: DRAFT }));
    expect(await saveProcessDraft(api, WS, 'pi-intake', DRAFT.definition, 2)).toEqual({
      saved: true,
      draft: DRAFT,
    });
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: 'workspaces/ws_harbor/processes/pi-intake/draft',
      body: { definition: DRAFT.definition, revision: 2 },
    });

    const conflict = recordingApi((request) => {
      if (request.method === 'PUT') throw new TransportError('Conflict', 409, 'Saved meanwhile.');
      return { data: { ...DRAFT, revision: 4, updatedBy: 'Someone else' } };
    });
    expect(await saveProcessDraft(conflict.api, WS, 'pi-intake', DRAFT.definition, 3)).toEqual({
      saved: false,
      theirs: { ...DRAFT, revision: 4, updatedBy: 'Someone else' },
    });
    // Published or discarded meanwhile: nothing of theirs to show.
    const gone = recordingApi((request) => {
      if (request.method === 'PUT') throw new TransportError('Conflict', 409, 'Published.');
      throw new TransportError('Not found', 404);
    });
    expect(await saveProcessDraft(gone.api, WS, 'pi-intake', DRAFT.definition, 3)).toEqual({
      saved: false,
      theirs: null,
    });
    // A refusal for another reason is not a conflict.
    const tooLarge = recordingApi(() => {
      throw new TransportError('Too large', 413, 'A draft may hold at most 1 MB.');
    });
    await expect(
      saveProcessDraft(tooLarge.api, WS, 'pi-intake', DRAFT.definition, 3),
    ).rejects.toMatchObject({ status: 413 });
  });

  it('publishes, discards, lists versions and restores one, on their paths', async () => {
    const { api, requests } = recordingApi((request) => {
      if (request.method === 'DELETE') return { data: null };
      if (request.path.endsWith('/versions')) {
        return {
          data: [
            {
              version: 2,
              publishedAt: DESIGN.editedAt,
              publishedBy: 'Dana Owner',
              stepCount: 4,
              restoredFrom: null,
            },
          ],
        };
      }
      return { data: SUMMARY };
    });
    expect(await publishProcessDraft(api, WS, 'pi-intake', 3)).toEqual(SUMMARY);
    await discardProcessDraft(api, WS, 'pi-intake');
    expect((await listProcessVersions(api, WS, 'pi-intake')).map((v) => v.version)).toEqual([2]);
    expect((await restoreProcessVersion(api, WS, 'pi-intake', 1)).version).toBe(3);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', 'workspaces/ws_harbor/processes/pi-intake/draft/publish', { revision: 3 }],
      ['DELETE', 'workspaces/ws_harbor/processes/pi-intake/draft', undefined],
      ['GET', 'workspaces/ws_harbor/processes/pi-intake/versions', undefined],
      ['POST', 'workspaces/ws_harbor/processes/pi-intake/versions/1/restore', undefined],
    ]);
  });
});
