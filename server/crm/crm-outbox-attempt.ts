import { backoffDelay, type RetryPolicy, VendorError } from '../connectors/vendor-http';
import { CrmNotConnected, CrmReconnectNeeded, type CrmConnections } from './crm-connections';
import { CrmOAuthUnavailable } from './crm-oauth';
import { type AttemptOutcome, type OutboxRow, refusedError } from './crm-outbox-store';

// One attempt at an outbox row against a real CRM (issue #33; crm-outbox.ts decides when),
// the part every vendor shares: the record mapped to the vendor's shape, then written (the
// vendor's sender: zoho/zoho-outbox-sender.ts, keap/keap-outbox-sender.ts), and the way
// it ended turned into the outbox's outcome:
//
// - written, or found from an earlier attempt: sent, with the CRM's id;
// - the record cannot be written at all (its contact is not in the CRM, a date that is no
//   date): failed, saying why;
// - the CRM refused the record (a 4xx about it): failed, in the CRM's words;
// - a rate limit (429): wait as the CRM said, no attempt counted;
// - no answer, a 5xx, an answer out of the vendor's documented shape: retry with backoff,
//   uncertain (the CRM may hold the record: the next attempt looks for it first);
// - the CRM refused the tokens (401 after a fresh one) or ended the grant: the connection
//   is marked "reconnect" and the row waits for an owner to connect again;
// - the workspace was disconnected meanwhile: failed, saying so.

/** Why a record is not sent once its workspace was disconnected from its CRM. */
export const NOT_CONNECTED =
  'Not sent: the workspace was disconnected from its CRM. Connect it again (Settings > CRM Connection), then retry.';

/** A record that no attempt can write (found while mapping or writing it): it fails, saying why. */
export class RecordUnwritable extends Error {
  override name = 'RecordUnwritable';
}

export interface CrmAttemptOptions {
  connections: CrmConnections;
  backoff: RetryPolicy;
  /** How long a row waits while the workspace's grant is ended. */
  reconnectWaitMs: number;
  random: () => number;
}

/** What a vendor's write answers: the CRM's module and id of the record. */
export interface CrmWritten {
  module: string;
  crmId: string;
}

export function createCrmAttempt(options: CrmAttemptOptions) {
  const { connections, backoff, random } = options;
  const later = (row: OutboxRow) => backoffDelay(row.attempts, backoff, random);
  /** Tried again after backoff, counted, looked for first (the CRM may hold the record). */
  const outage = (row: OutboxRow, message: string): AttemptOutcome => ({
    kind: 'retry',
    error: message,
    uncertain: true,
    counts: true,
    delayMs: later(row),
  });

  /** An error met while getting a token or writing, as the outbox's outcome; null: a bug. */
  async function outcomeOfError(
    error: unknown,
    row: OutboxRow,
    vendor: string,
  ): Promise<AttemptOutcome | null> {
    if (error instanceof CrmReconnectNeeded) {
      return { kind: 'wait', delayMs: options.reconnectWaitMs, why: error.message };
    }
    if (error instanceof CrmOAuthUnavailable) return outage(row, error.message);
    if (error instanceof CrmNotConnected) {
      return { kind: 'failed', error: { code: 'CRM_UNAVAILABLE', message: NOT_CONNECTED } };
    }
    if (!(error instanceof VendorError)) return null;
    switch (error.kind) {
      case 'auth':
        await connections.markReconnect(row.workspace_id, error.message);
        return { kind: 'wait', delayMs: options.reconnectWaitMs, why: error.message };
      case 'rate-limited':
        return {
          kind: 'retry',
          error: error.message,
          uncertain: false,
          counts: false,
          delayMs: error.retryAfterMs ?? later(row),
        };
      case 'bad-request':
      case 'not-found':
        return {
          kind: 'failed',
          error: refusedError(`${vendor} refused the record: ${error.message}`),
        };
      case 'unavailable':
      case 'invalid-answer':
        // No answer, or one we could not read: the CRM may hold the record.
        return outage(row, error.message);
    }
  }

  /**
   * One attempt: `prepare` maps the record (throwing RecordUnwritable or RangeError for
   * one no attempt can write), `write` sends it. `vendor` names the CRM in its refusals.
   */
  return async function attempt<W>(
    row: OutboxRow,
    vendor: string,
    prepare: () => Promise<W>,
    write: (prepared: W) => Promise<CrmWritten>,
  ): Promise<AttemptOutcome> {
    let prepared: W;
    try {
      prepared = await prepare();
    } catch (error) {
      if (error instanceof RecordUnwritable || error instanceof RangeError) {
        return { kind: 'failed', error: refusedError(error.message) };
      }
      const outcome = await outcomeOfError(error, row, vendor);
      if (outcome) return outcome;
      throw error;
    }
    try {
      const written = await write(prepared);
      return { kind: 'sent', module: written.module, crmId: written.crmId };
    } catch (error) {
      // What the CRM holds makes the record impossible (no stage to put a deal in, say).
      if (error instanceof RecordUnwritable) {
        return { kind: 'failed', error: refusedError(error.message) };
      }
      const outcome = await outcomeOfError(error, row, vendor);
      if (outcome) return outcome;
      throw error;
    }
  };
}

export type CrmAttempt = ReturnType<typeof createCrmAttempt>;
