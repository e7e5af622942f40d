import { defineWidget } from './define-widget';
import { lazyScreen } from './lazy-screen';

// Loaded when the first element renders (or preloaded): its code and CSS stay out of the entry chunk.
const callFlow = lazyScreen(() =>
  import('@/app/features/call-flow/call-flow-widget-screen').then(
    (module) => module.CallFlowWidgetScreen,
  ),
);

/**
 * <intake-call-flow>: the call-flow wizard where the agent works (issue #13). In a CRM
 * tab it shows the active call the background holds and its one shared wizard (opened
 * on the tab the call is offered to), or how to start a flow by hand; in the script-tag
 * embed the wizard alone; in a Zoho-vendor workspace an explanation. It takes no
 * date range or lead sources.
 */
export const intakeCallFlow = {
  tag: 'intake-call-flow',
  preload: callFlow.preload,
  /** The wizard's state and drafts come from the call session, not the host's storage. */
  storageKeys: [] as readonly string[],
  define: () => defineWidget('intake-call-flow', callFlow.Screen),
};
export const defineIntakeCallFlow = intakeCallFlow.define;
