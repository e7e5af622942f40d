import { requestConfirm, type ConfirmOptions, type ConfirmResult } from './confirm-store';

/**
 * `const confirm = useConfirm(); if ((await confirm({ title })) === 1) ...`
 * Needs a <ConfirmHost /> mounted once (the app mounts it beside the router).
 */
export function useConfirm(): (options: ConfirmOptions) => Promise<ConfirmResult> {
  return requestConfirm;
}
