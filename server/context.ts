import type { Authenticate } from './auth/access';
import type { AttemptLimiter } from './auth/attempt-limiter';
import type { RefreshTokenStore } from './auth/refresh-tokens';
import type { TokenService } from './auth/tokens';
import type { Db } from './db/database';

/** What route modules need from the server: built once in app.ts and handed to each. */
export interface ServerContext {
  db: Db;
  tokens: TokenService;
  refreshTokens: RefreshTokenStore;
  authenticate: Authenticate;
  loginLimiter: AttemptLimiter;
  now: () => Date;
}
