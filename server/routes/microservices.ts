import type { FastifyInstance } from 'fastify';
import { microservicesResponseSchema } from '@/shared/contracts/microservices';
import { assertRole } from '../auth/access';
import type { AddressVerifier } from '../address/usps-verifier';
import type { CallSimulator } from '../call-tracking/call-simulator';
import type { ServerContext } from '../context';
import { addressVerificationCheck } from '../health/address-verification-check';
import { callTrackingCheck } from '../health/call-tracking-check';
import { crmConnectionsCheck, quickBooksCheck } from '../health/crm-check';
import { ctmCheck } from '../health/ctm-check';
import { cockpitWarningsCheck } from '../health/cockpit-warnings-check';
import { databaseCheck } from '../health/database-check';
import { outboxCheck } from '../health/outbox-check';
import type { PartCheck } from '../health/run-check';
import { socketCheck } from '../health/socket-check';
import { createSystemHealth } from '../health/system-health';
import { respondWith } from '../http/validate';
import { FIXTURE_VERIFIER } from './address-verification';
import type { MailTransport } from '../mail/mail-transport';
import type { CockpitWarningNotifier } from '../notifications/cockpit-warning-notifier';
import type { SocketServer } from '../socket/socket-server';

/** The parts server/app.ts builds after the routes are registered: read when a check runs. */
export interface MicroserviceDeps {
  io: () => SocketServer;
  simulator: CallSimulator;
  cockpitWarnings: () => CockpitWarningNotifier;
  /** Adjusts the checks (tests hang or break one part on purpose). */
  adjustParts?: (parts: readonly PartCheck[]) => readonly PartCheck[];
  /** Per-check timeout; default CHECK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The Redis fan-out's ping (issue #17); absent with the in-memory adapter. */
  redis?: { ping(): Promise<number> } | null;
  /** The SMTP transport (issue #33); null when mail stays in the outbox. */
  mail?: MailTransport | null;
  /** The address check's verifier (USPS, or the stand-in). */
  addressVerifier?: AddressVerifier;
}

/**
 * GET system/microservices — System > Microservices (issue #16): the reference server
 * checks each of its parts for real, each bounded by a timeout, system role only (403
 * otherwise). /api/health stays the unauthenticated liveness check and tells nothing.
 */
export function registerMicroserviceRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  deps: MicroserviceDeps,
): void {
  const parts: readonly PartCheck[] = [
    databaseCheck(ctx.db),
    socketCheck(deps.io, api.server, deps.redis ?? null),
    callTrackingCheck(ctx.db, deps.simulator),
    ctmCheck(ctx.db),
    crmConnectionsCheck(ctx.db),
    quickBooksCheck(ctx.db, ctx.now),
    addressVerificationCheck(deps.addressVerifier ?? FIXTURE_VERIFIER),
    outboxCheck(ctx.db, ctx.now, deps.mail ?? null),
    cockpitWarningsCheck(deps.cockpitWarnings),
  ];
  const health = createSystemHealth(
    deps.adjustParts ? deps.adjustParts(parts) : parts,
    ctx.now,
    deps.timeoutMs,
  );

  api.get('/system/microservices', async (request, reply) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, ['system']);
    // A status page must never show a cached answer as "now".
    void reply.header('cache-control', 'no-store');
    return respondWith(microservicesResponseSchema, { data: await health.check() });
  });
}
