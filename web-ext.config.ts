import { defineWebExtConfig } from 'wxt';

// Headless machines have no browser window to open for `wxt` (dev mode).
export default defineWebExtConfig({ disabled: true });
