import type { LoggedUser } from '@/shared/contracts/user';
import { workspaceSchema, type Workspace } from '@/shared/contracts/workspace';

/** A valid workspace (parsed by its contract) with every feature off unless overridden. */
export function makeWorkspace(
  overrides: {
    edition?: Workspace['attributes']['edition'];
    isZoho?: boolean;
    cockpit?: boolean;
    ctmSetting?: boolean;
    ctmAccount?: string | null;
    zohoVendor?: boolean;
    quickBooks?: boolean;
    asyncLeadGeneration?: boolean | null;
    crmConnected?: boolean;
    crmRecordsKept?: boolean;
    /** A Keap (Infusionsoft) workspace: its app's id and host. */
    keapApp?: string;
  } = {},
): Workspace {
  const asyncLeadGeneration = overrides.asyncLeadGeneration ?? null;
  return workspaceSchema.parse({
    id: 'ws_lakeside',
    type: 'workspace',
    attributes: {
      name: 'Lakeside Law',
      timezone: 'America/Chicago',
      edition: overrides.edition ?? 'professional',
      isZoho: overrides.isZoho ?? false,
      ...(overrides.crmConnected === undefined ? {} : { crmConnected: overrides.crmConnected }),
      ...(overrides.crmRecordsKept === undefined
        ? {}
        : { crmRecordsKept: overrides.crmRecordsKept }),
      offices: [{ id: 'of_1', name: 'Downtown' }],
      settings: {
        zoho: overrides.isZoho ?? false,
        zohoOrgId: null,
        ifsOrgId: overrides.keapApp ?? null,
        ifsOrgHost: overrides.keapApp ? `https://${overrides.keapApp}.infusionsoft.com` : null,
        cockpit: {
          enabled: overrides.cockpit ?? false,
          modules: { salesPerformance: true, communications: true, cashFlow: false },
        },
        ctm: overrides.ctmSetting ?? false,
        primaryPracticeArea: 'Bankruptcy',
        practiceAreas: [{ name: 'Bankruptcy' }],
      },
      vendors: {
        zoho: overrides.zohoVendor ?? false,
        quickBooks: overrides.quickBooks ?? false,
        callTrackingMetrics: { account: overrides.ctmAccount ?? null },
        needsAuth: [],
      },
      processes: {
        leadGeneration:
          asyncLeadGeneration === null
            ? null
            : { id: 'p_1', task: 'lead', customExecution: false, async: asyncLeadGeneration },
        relationshipCall: null,
      },
      goals: {
        leadGen: { leadsMin: 10, leadsMax: 20 },
        salesPerformance: {
          targetInboundSetRate: 50,
          outboundCallsMin: 1,
          outboundCallsMax: 2,
          outboundAnswersMin: 1,
          outboundAnswersMax: 2,
          outboundSetsMin: 1,
          outboundSetsMax: 2,
          appointmentsScheduledMin: 1,
          appointmentsScheduledMax: 2,
          spotsFilledMin: 1,
          spotsFilledMax: 2,
          showsMin: 1,
          showsMax: 2,
          hiresMin: 1,
          hiresMax: 2,
        },
        communications: {
          allowableMissedCalls: 1,
          allowableAbandonedCalls: 1,
          averageWaitTime: 30,
        },
      },
    },
  });
}

export function makeUser(overrides: Partial<LoggedUser> = {}): LoggedUser {
  return {
    id: 'u_1',
    picture: null,
    role: 'owner',
    username: 'olivia.owner',
    workspace: 'ws_lakeside',
    language: 'en',
    timezone: 'America/Chicago',
    email: 'olivia@lakeside.test',
    name: 'Olivia Owner',
    personId: 'p_1',
    customerSuccessAccountId: null,
    calendarType: null,
    edition: 'professional',
    ...overrides,
  };
}
