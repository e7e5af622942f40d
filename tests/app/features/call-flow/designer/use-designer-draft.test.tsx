import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  useDesignerDraft,
  type DesignerDraft,
} from '@/app/features/call-flow/designer/use-designer-draft';
import { newProcessModel, updateProcess } from '@/shared/call-flow/designer-model';
import { makeHost, renderWithHost } from '../../../helpers';
import { recordingApi } from '../../../../shared/api/recording-api';

// Issue #34 "nothing either typed is silently lost": a change made just before the owner
// leaves the editor inside the app (before the autosave came) is still sent as the draft.

const model = newProcessModel({ uid: 'walk-ins', name: 'Walk-ins', workspace: 'ws_harbor' });

describe('the designer draft', () => {
  it('sends a waiting change when the editor goes away before its autosave', async () => {
    const { api, requests } = recordingApi(() => ({
      data: {
        definition: {},
        revision: 1,
        basedOnVersion: null,
        updatedBy: 'Henry Harper',
        updatedAt: '2026-11-30T10:00:00.000Z',
        problems: [],
      },
    }));
    let draft: DesignerDraft | null = null;
    function Editor() {
      draft = useDesignerDraft({ workspaceId: 'ws_harbor', uid: 'walk-ins', model, revision: 0 });
      return null;
    }
    const { unmount } = renderWithHost(<Editor />, { host: makeHost({ api }) });
    act(() => draft!.change((m) => updateProcess(m, { name: 'Walk-ins and call-backs' })));
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
});
