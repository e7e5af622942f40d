import type { Authenticate } from './auth/access';
import type { AttemptLimiter } from './auth/attempt-limiter';
import type { LoginThrottle } from './auth/login-throttle';
import type { ScryptCost } from './auth/passwords';
import type { RefreshTokenStore } from './auth/refresh-tokens';
import type { TokenService } from './auth/tokens';
import type { Db } from './db/database';

/** What route modules need from the server: built once in app.ts and handed to each. */
export interface ServerContext {
  db: Db;
  tokens: TokenService;
  refreshTokens: RefreshTokenStore;
  authenticate: Authenticate;
  loginThrottle: LoginThrottle;
  /** New extension sessions (POST auth/sessions) per user. */
  sessionLimiter: AttemptLimiter;
  /** The scrypt cost new password hashes get; cheaper stored hashes are upgraded. */
  passwordCost: ScryptCost;
  now: () => Date;
}
