import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { definedWidgetTags } from '@/widgets/all-widgets';
import { intakeAgent } from '@/widgets/intake-agent';
import {
  createValueStore,
  setWidgetEnvironment,
  type WidgetHostState,
} from '@/widgets/widget-environment';
import { widgetsForRole } from '@/extension/panel/panel-widgets';
import { makeUser } from '../shared/domain/fixtures';
import { makeSummary } from '../app/features/agent-dashboard/agent-summary-fixture';
import { makeHost } from '../app/helpers';
import { fakeApi } from '../app/fake-api';
import { reportWorkspace } from '../app/reports/filters/fixtures';

const api = fakeApi({ '/agents/me/summary': () => ({ data: makeSummary() }) });
const state = createValueStore<WidgetHostState>({ status: 'loading' });
setWidgetEnvironment({
  attach: () => ({ get: state.get, subscribe: state.subscribe, release: () => {} }),
});

afterEach(() => {
  document.body.replaceChildren();
  state.set({ status: 'loading' });
});

describe('<intake-agent>', () => {
  it('is one of the widgets the bundle defines, and one an operator gets in the panel', () => {
    expect(definedWidgetTags()).toContain('intake-agent');
    const all = () => true;
    expect(widgetsForRole('operator', all)).toEqual([
      'intake-call-flow',
      'intake-agent',
      'intake-compliance',
    ]);
    // Owners and admins read any agent's dashboard in the app instead.
    expect(widgetsForRole('owner', all)).not.toContain('intake-agent');
  });

  it("renders the signed-in agent's dashboard inside its shadow root", async () => {
    const Element = intakeAgent.define();
    expect(customElements.get('intake-agent')).toBe(Element);
    const element = document.createElement('intake-agent');
    document.body.append(element);
    state.set({
      status: 'ready',
      host: makeHost({
        api,
        session: {
          user: makeUser({ role: 'operator' }),
          workspace: reportWorkspace(),
          agent: {
            id: 'agt_1',
            name: 'Maya Patel',
            personId: 'per_1',
            ctmUserId: null,
            zohoUserId: null,
            active: true,
          },
        },
      }),
    });
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('Team rank'), {
      timeout: 5000,
    });
    const root = element.shadowRoot!;
    expect(root.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('31');
    expect(root.textContent).toContain('Maya Patel');
    expect(api.calls('/agents/me/summary')[0]!.query).toEqual({ period: 'day' });
    // Nothing of it is in the page's light DOM.
    expect(document.body.textContent).not.toContain('Maya Patel');
  });
});
