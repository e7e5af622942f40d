import {
  PUBLIC_CONFIG_PATH,
  publicConfigSchema,
  type PublicConfig,
} from '@/shared/contracts/public-config';
import type { ApiClient } from './client';

/**
 * GET public-config (issue #30), without a toast: a screen that cannot learn it keeps the
 * default contact. Without a token by default (the sign-in page asks); a widget asks
 * through its host's signed-in transport (`anonymous: false`: a port carries no
 * anonymous call), which the route answers the same.
 */
export function fetchPublicConfig(
  api: ApiClient,
  { anonymous = true }: { anonymous?: boolean } = {},
): Promise<PublicConfig> {
  return api.call(
    publicConfigSchema,
    { method: 'GET', path: PUBLIC_CONFIG_PATH, anonymous, skipAuthRefresh: true },
    { silent: true },
  );
}
