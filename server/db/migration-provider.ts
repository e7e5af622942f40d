import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './migrations/0001-foundation';
import * as reportingRecords from './migrations/0002-reporting-records';
import * as sessionHardening from './migrations/0003-session-hardening';
import * as callFlows from './migrations/0004-call-flows';
import * as notifications from './migrations/0005-notifications';
import * as callTracking from './migrations/0006-call-tracking';
import * as workspaceAdministration from './migrations/0007-workspace-administration';
import * as usersParameters from './migrations/0008-users-parameters';
import * as asyncErrors from './migrations/0009-async-errors';
import * as scheduling from './migrations/0010-scheduling';
import * as workspaceWizard from './migrations/0011-workspace-wizard';
import * as coaching from './migrations/0012-coaching';
import * as reportScale from './migrations/0013-report-scale';
import * as reportScaleIndexes from './migrations/0013-report-scale-indexes';
import * as conversionScale from './migrations/0014-conversion-scale';
import * as contactAttributionCopies from './migrations/0015-contact-attribution-copies';
import * as filterIndexes from './migrations/0015-filter-indexes';
import * as paymentsDaily from './migrations/0015-payments-daily';
import * as cashFlowIndexes from './migrations/0016-cash-flow-indexes';
import * as callOwners from './migrations/0017-call-owners';
import * as taskRollups from './migrations/0018-task-rollups';
import * as officePeopleRollup from './migrations/0019-office-people-rollup';
import * as eventContactNames from './migrations/0020-event-contact-names';
import * as callEndings from './migrations/0021-call-endings';
import * as stepDraftsAndParkedWalkIns from './migrations/0022-step-drafts-and-parked-walk-ins';
import * as missedCallIndexes from './migrations/0023-missed-call-indexes';
import * as unfinishedIntakes from './migrations/0024-unfinished-intakes';
import * as intakeBounds from './migrations/0025-intake-bounds';
import * as rateCohorts from './migrations/0026-rate-cohorts';
import * as ctmConnections from './migrations/0027-ctm-connections';
import * as ctmCatchUpClaims from './migrations/0028-ctm-catch-up-claims';
import * as mailDelivery from './migrations/0029-mail-delivery';
import * as crmConnections from './migrations/0030-crm-connections';
import * as crmOutbox from './migrations/0031-crm-outbox';
import * as workspaceMail from './migrations/0032-workspace-mail';
import * as quickBooks from './migrations/0033-quickbooks';
import * as processVersions from './migrations/0034-process-versions';
import * as processArchive from './migrations/0035-process-archive';

/**
 * The in-code migration list. Later issues add `0002-...` files and one line here; names
 * sort in order, and applied migrations are never edited (new changes, new migration).
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-reporting-records': reportingRecords,
  '0003-session-hardening': sessionHardening,
  '0004-call-flows': callFlows,
  '0005-notifications': notifications,
  '0006-call-tracking': callTracking,
  '0007-workspace-administration': workspaceAdministration,
  '0008-users-parameters': usersParameters,
  '0009-async-errors': asyncErrors,
  '0010-scheduling': scheduling,
  '0011-workspace-wizard': workspaceWizard,
  '0012-coaching': coaching,
  '0013-report-scale': reportScale,
  '0013-report-scale-indexes': reportScaleIndexes,
  '0014-conversion-scale': conversionScale,
  '0015-contact-attribution-copies': contactAttributionCopies,
  '0015-filter-indexes': filterIndexes,
  '0015-payments-daily': paymentsDaily,
  '0016-cash-flow-indexes': cashFlowIndexes,
  '0017-call-owners': callOwners,
  '0018-task-rollups': taskRollups,
  '0019-office-people-rollup': officePeopleRollup,
  '0020-event-contact-names': eventContactNames,
  '0021-call-endings': callEndings,
  '0022-step-drafts-and-parked-walk-ins': stepDraftsAndParkedWalkIns,
  '0023-missed-call-indexes': missedCallIndexes,
  '0024-unfinished-intakes': unfinishedIntakes,
  '0025-intake-bounds': intakeBounds,
  '0026-rate-cohorts': rateCohorts,
  '0027-ctm-connections': ctmConnections,
  '0028-ctm-catch-up-claims': ctmCatchUpClaims,
  '0029-mail-delivery': mailDelivery,
  '0030-crm-connections': crmConnections,
  '0031-crm-outbox': crmOutbox,
  '0032-workspace-mail': workspaceMail,
  '0033-quickbooks': quickBooks,
  '0034-process-versions': processVersions,
  '0035-process-archive': processArchive,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/**
 * The tables whose every row a migration rewrote or wrote (its `REWRITTEN_TABLES`: copies
 * filled in, a rollup filled from the records): PostgreSQL compacts (VACUUM FULL), vacuums
 * and analyzes them after it (server/db/database.ts migrateToLatest).
 */
export function tablesRewrittenBy(migrationName: string): readonly string[] {
  const migration = MIGRATIONS[migrationName] as
    (Migration & { REWRITTEN_TABLES?: readonly string[] }) | undefined;
  return migration?.REWRITTEN_TABLES ?? [];
}
