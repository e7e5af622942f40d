import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetsForRole } from '@/extension/panel/panel-widgets';
import { definedWidgetTags } from '@/widgets/all-widgets';
import { intakeCallFlow } from '@/widgets/intake-call-flow';
import {
  createValueStore,
  setWidgetEnvironment,
  type WidgetHostState,
} from '@/widgets/widget-environment';
import { callFlowHost, fakeCallCentre } from '../app/features/call-flow/call-flow-test-kit';
import { fakeCallSession, liveCall } from './fake-call-session';

const state = createValueStore<WidgetHostState>({ status: 'loading' });
setWidgetEnvironment({
  attach: () => ({ get: state.get, subscribe: state.subscribe, release: () => {} }),
});

afterEach(() => {
  document.body.replaceChildren();
  state.set({ status: 'loading' });
});

describe('<intake-call-flow>', () => {
  it('is in the script-tag bundle and first in an operator’s panel', () => {
    expect(definedWidgetTags()).toContain('intake-call-flow');
    expect(widgetsForRole('operator', (tag) => definedWidgetTags().includes(tag))[0]).toBe(
      'intake-call-flow',
    );
  });

  it('shows the host’s active call inside its shadow root, not in the page', async () => {
    const Element = intakeCallFlow.define();
    expect(customElements.get('intake-call-flow')).toBe(Element);
    const element = document.createElement('intake-call-flow');
    document.body.append(element);
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    state.set({ status: 'ready', host: { ...callFlowHost(fakeCallCentre()), calls } });
    await waitFor(
      () => expect(element.shadowRoot?.textContent).toContain('The intake has not started here'),
      { timeout: 5000 },
    );
    expect(element.shadowRoot?.textContent).toContain('Dana Reyes');
    expect(document.body.textContent).not.toContain('Dana Reyes');
    expect(calls.claim).not.toHaveBeenCalled();
  });
});
