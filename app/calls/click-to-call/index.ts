// The click-to-call flow's entry (issue #13), shared by the app's contact tables (through
// ../use-contact-calls) and the extension's panel: a host mounts `useClickToCall` once and
// calls `startCall` from its call buttons; the dialogs are exported for hosts that need
// one alone. The stylesheet is ./click-to-call.css (a shadow root host imports it
// `?inline` with tokens, icon, button and field CSS).
export {
  useClickToCall,
  type CallRequest,
  type ClickToCall,
  type StartedCall,
  type UseClickToCallOptions,
} from './use-click-to-call';
export { CrmSessionAlerts } from './crm-session-alerts';
export {
  AgentNotLinkedToZohoAlert,
  CallAgainDialog,
  CrmNotAuthorizedAlert,
  NotLinkedToCallTrackingDialog,
} from './call-alerts';
export { DialogFocusContext } from './call-dialog';
export { NumberPickerDialog } from './number-picker-dialog';
export { OutcomeDialog, RoutingConfirmationDialog } from './routing-confirmation-dialog';
