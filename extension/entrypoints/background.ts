import { defineBackground } from 'wxt/utils/define-background';

// The background worker is built out by the widgets-and-extension issue: session,
// transport, socket and port router, one module per concern.
export default defineBackground(() => {});
