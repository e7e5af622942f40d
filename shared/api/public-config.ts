import {
  PUBLIC_CONFIG_PATH,
  publicConfigSchema,
  type PublicConfig,
} from '@/shared/contracts/public-config';
import type { ApiClient } from './client';

/**
 * GET public-config (issue #30), without a token (the sign-in page asks) and without a
 * toast: a screen that cannot learn it keeps the default contact.
 */
export function fetchPublicConfig(api: ApiClient): Promise<PublicConfig> {
  return api.call(
    publicConfigSchema,
    { method: 'GET', path: PUBLIC_CONFIG_PATH, anonymous: true, skipAuthRefresh: true },
    { silent: true },
  );
}
