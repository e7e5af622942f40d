import type { IfsMethod, IfsQueryResponse } from '@/shared/contracts/call-flow-api';
import type { CrmRecordType } from '@/shared/contracts/call-flow';
import { VendorError } from '../connectors/vendor-http';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { CrmNotConnected, CrmReconnectNeeded, type CrmConnections } from './crm-connections';
import { CrmOAuthUnavailable } from './crm-oauth';
import { outboxContact } from './crm-outbox-store';
import type { KeapClient } from './keap/keap-client';
import { keapIfs } from './keap/keap-ifs';

// Reads of a workspace's real CRM (issue #33): the spec's `ifs` methods (getRecords,
// countRecords: Keap's, "ifs" being Infusionsoft) answered from the workspace's Keap app
// once it is connected (keap/keap-ifs.ts); a workspace not connected to Keap keeps the
// simulated CRM's answer (server/call-center/crm-sync.ts). The CRM's trouble is said in
// its words with 502 (unreachable, refused) or 503 (the grant ended: reconnect), never 500.

export interface CrmIfsQuery {
  method: IfsMethod;
  type?: CrmRecordType;
  /** Keap's contact id, or the id our outbox answered for a contact it sent there. */
  contactId?: string;
  ascending: boolean;
  limit: number;
  page: number;
}

export interface CrmReadsOptions {
  db: Db;
  connections: CrmConnections;
  keapClient(workspaceId: string): Promise<KeapClient>;
}

/** The contact's id in Keap: Keap's own (digits), or the one our outbox sent; 'none' if unknown. */
async function keapContactId(
  db: Db,
  workspaceId: string,
  contactId: string | undefined,
): Promise<string | null | 'none'> {
  if (!contactId) return null;
  if (/^[1-9]\d{0,15}$/.test(contactId)) return contactId;
  return (await outboxContact(db, workspaceId, contactId))?.crm_id ?? 'none';
}

/** The CRM's trouble as an answer: 503 while the grant is ended, else 502 in its words. */
function asHttpError(error: unknown): unknown {
  if (error instanceof CrmReconnectNeeded) return new HttpError(503, error.message);
  if (error instanceof CrmOAuthUnavailable) return new HttpError(502, error.message);
  if (error instanceof VendorError) {
    return new HttpError(502, `Keap did not answer the query: ${error.message}`.slice(0, 500));
  }
  return error;
}

export function createCrmReads(options: CrmReadsOptions) {
  const { db, connections } = options;
  return {
    /** The ifs query answered from the workspace's Keap app; null when it is not connected to Keap. */
    async ifs(workspaceId: string, query: CrmIfsQuery): Promise<IfsQueryResponse | null> {
      if ((await connections.vendorOf(workspaceId)) !== 'keap') return null;
      try {
        const client = await options.keapClient(workspaceId);
        return await keapIfs(client, workspaceId, {
          method: query.method,
          type: query.type,
          contactId: await keapContactId(db, workspaceId, query.contactId),
          ascending: query.ascending,
          limit: query.limit,
          page: query.page,
        });
      } catch (error) {
        // Disconnected meanwhile: the simulated CRM answers, as for any workspace without one.
        if (error instanceof CrmNotConnected) return null;
        throw asHttpError(error);
      }
    },
  };
}

export type CrmReads = ReturnType<typeof createCrmReads>;
