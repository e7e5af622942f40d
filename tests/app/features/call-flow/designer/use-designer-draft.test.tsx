import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DRAFT_AUTOSAVE_MS,
  DRAFT_RETRY_MS,
  useDesignerDraft,
  type DesignerDraft,
} from '@/app/features/call-flow/designer/use-designer-draft';
import { savePendingWork } from '@/app/query/pending-saves';
import type { ApiClient } from '@/shared/api/client';
import { TransportError } from '@/shared/transport/transport';
import { newProcessModel, updateProcess } from '@/shared/call-flow/designer-model';
import { makeHost, renderWithHost } from '../../../helpers';
import { recordingApi } from '../../../../shared/api/recording-api';

// Issue #34 "nothing either typed is silently lost": a change made just before the owner
// leaves the editor inside the app (before the autosave came) is still sent as the draft;
// a save that fails (the server restarting) keeps the change and is tried again by itself.

const model = newProcessModel({ uid: 'walk-ins', name: 'Walk-ins', workspace: 'ws_harbor' });

const savedDraft = {
  data: {
    definition: {},
    revision: 1,
    basedOnVersion: null,
    updatedBy: 'Henry Harper',
    updatedAt: '2026-11-30T10:00:00.000Z',
    problems: [],
  },
};

/** The hook in a bare editor over `api`; `draft()` is what it answered last. */
function openDraft(api: ApiClient) {
  let draft: DesignerDraft | null = null;
  function Editor() {
    draft = useDesignerDraft({ workspaceId: 'ws_harbor', uid: 'walk-ins', model, revision: 0 });
    return null;
  }
  const { unmount } = renderWithHost(<Editor />, { host: makeHost({ api }) });
  return { draft: () => draft!, unmount };
}

describe('the designer draft', () => {
  it('sends a waiting change when the editor goes away before its autosave', async () => {
    const { api, requests } = recordingApi(() => savedDraft);
    const { draft, unmount } = openDraft(api);
    act(() => draft().change((m) => updateProcess(m, { name: 'Walk-ins and call-backs' })));
    expect(requests).toHaveLength(0);
    unmount();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      path: 'workspaces/ws_harbor/processes/walk-ins/draft',
      body: { revision: 0, definition: { name: 'Walk-ins and call-backs' } },
    });
  });
  it('sends a waiting change before a logout, and is not waited for once the editor closed', async () => {
    const { api, requests } = recordingApi(() => savedDraft);
    const { draft, unmount } = openDraft(api);
    act(() => draft().change((m) => updateProcess(m, { name: 'Walk-ins and call-backs' })));
    // The logout button's first step: the change goes now, while the session can save it.
    await act(() => savePendingWork());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      body: { revision: 0, definition: { name: 'Walk-ins and call-backs' } },
    });
    expect(draft().status).toBe('saved');
    // Nothing left: nothing sent again. Closed: no longer asked.
    await act(() => savePendingWork());
    unmount();
    await act(() => savePendingWork());
    expect(requests).toHaveLength(1);
  });

  it('keeps a change whose save failed, and saves it again by itself a while later', async () => {
    vi.useFakeTimers();
    try {
      let serverDown = true;
      const { api, requests } = recordingApi(() => {
        if (serverDown) throw new TransportError('The server could not be reached.', 0);
        return savedDraft;
      });
      const { draft } = openDraft(api);
      act(() => draft().change((m) => updateProcess(m, { name: 'Walk-ins and call-backs' })));
      await act(() => vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_MS));
      expect(requests).toHaveLength(1);
      expect(draft().status).toBe('failed');
      expect(draft().failure).toMatch(/could not be reached/);
      expect(draft().model.process.name).toBe('Walk-ins and call-backs');

      // Not hammered: the next try waits its while.
      await act(() => vi.advanceTimersByTimeAsync(DRAFT_AUTOSAVE_MS));
      expect(requests).toHaveLength(1);
      serverDown = false;
      await act(() => vi.advanceTimersByTimeAsync(DRAFT_RETRY_MS));
      expect(requests).toHaveLength(2);
      expect(requests[1]).toMatchObject({
        method: 'PUT',
        body: { revision: 0, definition: { name: 'Walk-ins and call-backs' } },
      });
      expect(draft().status).toBe('saved');
      expect(draft().failure).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
