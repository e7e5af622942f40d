import type { CrmRecord, IfsMethod, IfsQueryResponse } from '@/shared/contracts/call-flow-api';
import type { CrmRecordType } from '@/shared/contracts/call-flow';
import { VendorError } from '../connectors/vendor-http';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { CrmNotConnected, CrmReconnectNeeded, type CrmConnections } from './crm-connections';
import { CrmOAuthUnavailable, type CrmVendor, crmVendorLabel } from './crm-oauth';
import { outboxContact } from './crm-outbox-store';
import type { KeapClient } from './keap/keap-client';
import { keapIfs } from './keap/keap-ifs';
import { zohoCallerRecords } from './zoho/zoho-caller';
import type { ZohoCrmClient } from './zoho/zoho-crm-client';

// Reads of a workspace's real CRM (issue #33): the spec's `ifs` methods (getRecords,
// countRecords: Keap's, "ifs" being Infusionsoft) answered from the workspace's Keap app
// once it is connected (keap/keap-ifs.ts), and the incoming caller's contacts found by
// phone in its Zoho CRM (zoho/zoho-caller.ts); a workspace not connected keeps the
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
  zohoClient(workspaceId: string): Promise<ZohoCrmClient>;
  now?: () => Date;
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
function asHttpError(error: unknown, vendor: CrmVendor): unknown {
  if (error instanceof CrmReconnectNeeded) return new HttpError(503, error.message);
  if (error instanceof CrmOAuthUnavailable) return new HttpError(502, error.message);
  if (error instanceof VendorError) {
    const said = `${crmVendorLabel(vendor)} did not answer the query: ${error.message}`;
    return new HttpError(502, said.slice(0, 500));
  }
  return error;
}

export function createCrmReads(options: CrmReadsOptions) {
  const { db, connections } = options;
  const now = options.now ?? (() => new Date());
  return {
    /**
     * The contacts with the caller's phone in the workspace's Zoho CRM (zoho/zoho-caller.ts);
     * null when it is not connected to Zoho (the simulated CRM's contacts serve the card).
     */
    async callerRecords(workspaceId: string, phone: string): Promise<CrmRecord[] | null> {
      if ((await connections.vendorOf(workspaceId)) !== 'zoho') return null;
      try {
        const client = await options.zohoClient(workspaceId);
        return await zohoCallerRecords(client, workspaceId, phone, now().toISOString());
      } catch (error) {
        if (error instanceof CrmNotConnected) return null;
        throw asHttpError(error, 'zoho');
      }
    },

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
        throw asHttpError(error, 'keap');
      }
    },
  };
}

export type CrmReads = ReturnType<typeof createCrmReads>;
