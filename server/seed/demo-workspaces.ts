import type { WorkspaceGoals } from '@/shared/contracts/goals';
import type { EditionKey } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import type { StoredWorkspaceSettings } from '../repositories/workspace-repository';
import type { DemoWorkspaceId } from './demo-accounts';

type Attributes = Workspace['attributes'];

export interface DemoLeadSource {
  label: string;
  medium: string | null;
  active: boolean;
}

export interface DemoWorkspace {
  id: DemoWorkspaceId;
  /** Used in ids and e-mail addresses: lakeside, harbor, summit. */
  slug: string;
  name: string;
  timezone: string;
  edition: EditionKey;
  isZoho: boolean;
  /** Which CRM its CRM users come from. */
  crm: 'zoho' | 'ifs' | null;
  settings: StoredWorkspaceSettings;
  vendors: Attributes['vendors'];
  processes: Attributes['processes'];
  /** Default weekly goals (spec: dashboards 3 Goal settings). */
  goals: WorkspaceGoals;
  /** [name, parent name] */
  practiceAreas: ReadonlyArray<readonly [string, string | null]>;
  /** [key, label, parent key] — case types and their sub case types. */
  caseTypes: ReadonlyArray<readonly [string, string, string | null]>;
  offices: ReadonlyArray<{ name: string; timezone: string | null }>;
  leadSources: readonly DemoLeadSource[];
  /** Words campaigns are named after ("Google Ads - Chapter 7 Brand"). */
  campaignThemes: readonly string[];
  /** Agents and consultants beyond the demo sign-ins. */
  extraAgents: number;
  extraConsultants: number;
}

const source = (label: string, medium: string | null, active = true): DemoLeadSource => ({
  label,
  medium,
  active,
});

/**
 * Three workspaces covering the product's branches: Lakeside (Zoho, cockpit with all
 * modules, call tracking, QuickBooks, async lead generation, enterprise), Harbor (Keap /
 * Infusionsoft, cockpit off, call tracking, professional) and Summit (no CRM, no call
 * tracking, cockpit with Communications only, starter).
 */
export const DEMO_WORKSPACES: readonly DemoWorkspace[] = [
  {
    id: 'ws_lakeside',
    slug: 'lakeside',
    name: 'Lakeside Law',
    timezone: 'America/Chicago',
    edition: 'enterprise',
    isZoho: true,
    crm: 'zoho',
    settings: {
      zoho: true,
      zohoOrgId: '700000123',
      ifsOrgId: null,
      ifsOrgHost: null,
      cockpit: {
        enabled: true,
        modules: { salesPerformance: true, communications: true, cashFlow: true },
      },
      ctm: true,
      primaryPracticeArea: 'Bankruptcy',
    },
    vendors: {
      zoho: true,
      quickBooks: true,
      callTrackingMetrics: { account: '412233' },
      needsAuth: [],
    },
    processes: {
      leadGeneration: {
        id: 'proc_lakeside_leadgen',
        task: 'Lead Generation',
        customExecution: false,
        async: true,
      },
      relationshipCall: {
        id: 'proc_lakeside_relationship',
        task: 'Relationship Call',
        customExecution: true,
      },
    },
    goals: {
      leadGen: { leadsMin: 120, leadsMax: 160 },
      salesPerformance: {
        targetInboundSetRate: 45,
        outboundCallsMin: 300,
        outboundCallsMax: 400,
        outboundAnswersMin: 90,
        outboundAnswersMax: 130,
        outboundSetsMin: 25,
        outboundSetsMax: 35,
        appointmentsScheduledMin: 40,
        appointmentsScheduledMax: 55,
        spotsFilledMin: 30,
        spotsFilledMax: 45,
        showsMin: 25,
        showsMax: 35,
        hiresMin: 12,
        hiresMax: 18,
      },
      communications: { allowableMissedCalls: 10, allowableAbandonedCalls: 5, averageWaitTime: 30 },
    },
    practiceAreas: [
      ['Bankruptcy', null],
      ['Chapter 7', 'Bankruptcy'],
      ['Chapter 13', 'Bankruptcy'],
      ['Debt Defense', null],
      ['Wage Garnishment', 'Debt Defense'],
    ],
    caseTypes: [
      ['bankruptcy', 'Bankruptcy', null],
      ['chapter-7', 'Chapter 7', 'bankruptcy'],
      ['chapter-13', 'Chapter 13', 'bankruptcy'],
      ['debt-defense', 'Debt Defense', null],
      ['wage-garnishment', 'Wage Garnishment', 'debt-defense'],
      ['creditor-harassment', 'Creditor Harassment', 'debt-defense'],
    ],
    offices: [
      { name: 'Chicago Loop', timezone: 'America/Chicago' },
      { name: 'Naperville', timezone: 'America/Chicago' },
      { name: 'Milwaukee', timezone: 'America/Chicago' },
      { name: 'Virtual Office', timezone: null },
    ],
    leadSources: [
      source('Google Ads', 'cpc'),
      source('Facebook', 'social'),
      source('Referral - Past Client', 'referral'),
      source('Avvo', 'directory'),
      source('Website Chat', 'web'),
      source('Yelp', 'directory'),
      source('TV', 'tv'),
      source('Radio', 'radio'),
      source('eLocal', 'directory'),
      source('Direct Mail', 'mail', false),
      source('Billboard', null, false),
      source('Test Source - QA', null),
    ],
    campaignThemes: [
      'Chapter 7 Brand',
      'Chapter 13',
      'Debt Relief',
      'Spanish',
      'Retargeting',
      'Spring Promo',
    ],
    extraAgents: 6,
    extraConsultants: 2,
  },
  {
    id: 'ws_harbor',
    slug: 'harbor',
    name: 'Harbor Legal',
    timezone: 'America/New_York',
    edition: 'professional',
    isZoho: false,
    crm: 'ifs',
    settings: {
      zoho: false,
      zohoOrgId: null,
      ifsOrgId: 'hb417',
      ifsOrgHost: 'https://hb417.infusionsoft.com',
      cockpit: {
        enabled: false,
        modules: { salesPerformance: false, communications: false, cashFlow: false },
      },
      ctm: true,
      primaryPracticeArea: 'Personal Injury',
    },
    vendors: {
      zoho: false,
      quickBooks: false,
      callTrackingMetrics: { account: '598812' },
      needsAuth: [],
    },
    processes: {
      leadGeneration: {
        id: 'pi-intake',
        task: 'Lead Generation',
        customExecution: false,
        async: false,
      },
      relationshipCall: null,
    },
    goals: {
      leadGen: { leadsMin: 80, leadsMax: 110 },
      salesPerformance: {
        targetInboundSetRate: 40,
        outboundCallsMin: 200,
        outboundCallsMax: 280,
        outboundAnswersMin: 60,
        outboundAnswersMax: 90,
        outboundSetsMin: 15,
        outboundSetsMax: 25,
        appointmentsScheduledMin: 25,
        appointmentsScheduledMax: 35,
        spotsFilledMin: 20,
        spotsFilledMax: 30,
        showsMin: 15,
        showsMax: 22,
        hiresMin: 8,
        hiresMax: 12,
      },
      communications: { allowableMissedCalls: 8, allowableAbandonedCalls: 4, averageWaitTime: 45 },
    },
    practiceAreas: [
      ['Personal Injury', null],
      ['Auto Accident', 'Personal Injury'],
      ['Slip and Fall', 'Personal Injury'],
      ['Dog Bite', 'Personal Injury'],
      ["Workers' Compensation", null],
      ['Medical Malpractice', null],
    ],
    caseTypes: [
      ['personal-injury', 'Personal Injury', null],
      ['auto-accident', 'Auto Accident', 'personal-injury'],
      ['slip-and-fall', 'Slip and Fall', 'personal-injury'],
      ['dog-bite', 'Dog Bite', 'personal-injury'],
      ['workers-comp', "Workers' Compensation", null],
      ['workplace-injury', 'Workplace Injury', 'workers-comp'],
      ['medical-malpractice', 'Medical Malpractice', null],
    ],
    offices: [
      { name: 'Boston', timezone: 'America/New_York' },
      { name: 'Providence', timezone: 'America/New_York' },
      { name: 'Satellite - Unassigned', timezone: null },
    ],
    leadSources: [
      source('Google Ads', 'cpc'),
      source('Google Local Services', 'cpc'),
      source('Facebook', 'social'),
      source('Referral - Past Client', 'referral'),
      source('Avvo', 'directory'),
      source('Website Form', 'web'),
      source('TV', 'tv'),
      source('Radio', 'radio', false),
      source('Yellow Pages', 'directory', false),
      source('Test Source - QA', null),
    ],
    campaignThemes: ['Car Crash', 'Truck Accident', 'Injured at Work', 'Brand', 'Retargeting'],
    extraAgents: 5,
    extraConsultants: 2,
  },
  {
    id: 'ws_summit',
    slug: 'summit',
    name: 'Summit Immigration',
    timezone: 'America/Denver',
    edition: 'starter',
    isZoho: false,
    crm: null,
    settings: {
      zoho: false,
      zohoOrgId: null,
      ifsOrgId: null,
      ifsOrgHost: null,
      cockpit: {
        enabled: true,
        modules: { salesPerformance: false, communications: true, cashFlow: false },
      },
      ctm: false,
      primaryPracticeArea: 'Immigration',
    },
    vendors: {
      zoho: false,
      quickBooks: false,
      callTrackingMetrics: { account: null },
      needsAuth: [],
    },
    processes: {
      leadGeneration: {
        id: 'imm-intake',
        task: 'Lead Generation',
        customExecution: false,
        async: false,
      },
      relationshipCall: {
        id: 'proc_summit_relationship',
        task: 'Relationship Call',
        customExecution: false,
      },
    },
    goals: {
      leadGen: { leadsMin: 50, leadsMax: 70 },
      salesPerformance: {
        targetInboundSetRate: 35,
        outboundCallsMin: 120,
        outboundCallsMax: 180,
        outboundAnswersMin: 40,
        outboundAnswersMax: 60,
        outboundSetsMin: 10,
        outboundSetsMax: 16,
        appointmentsScheduledMin: 15,
        appointmentsScheduledMax: 22,
        spotsFilledMin: 12,
        spotsFilledMax: 18,
        showsMin: 10,
        showsMax: 14,
        hiresMin: 5,
        hiresMax: 8,
      },
      communications: { allowableMissedCalls: 6, allowableAbandonedCalls: 3, averageWaitTime: 60 },
    },
    practiceAreas: [
      ['Immigration', null],
      ['Family Visa', 'Immigration'],
      ['Asylum', 'Immigration'],
      ['Citizenship', 'Immigration'],
      ['Work Visa', 'Immigration'],
      ['Removal Defense', 'Immigration'],
    ],
    caseTypes: [
      ['immigration', 'Immigration', null],
      ['family-visa', 'Family Visa', 'immigration'],
      ['asylum', 'Asylum', 'immigration'],
      ['citizenship', 'Citizenship', 'immigration'],
      ['work-visa', 'Work Visa', 'immigration'],
      ['removal-defense', 'Removal Defense', 'immigration'],
    ],
    offices: [
      { name: 'Denver', timezone: 'America/Denver' },
      { name: 'Phoenix', timezone: 'America/Phoenix' },
      { name: 'Remote Consults', timezone: null },
    ],
    leadSources: [
      source('Google Ads', 'cpc'),
      source('Facebook', 'social'),
      source('Instagram', 'social'),
      source('Referral - Community', 'referral'),
      source('Website Chat', 'web'),
      source('WhatsApp', 'messaging'),
      source('Radio - Spanish', 'radio'),
      source('Newspaper', 'print', false),
      source('Church Outreach', 'referral', false),
      source('Test Leads - Do Not Use', null),
    ],
    campaignThemes: ['Green Card', 'Asylum Help', 'Citizenship Classes', 'Spanish', 'Brand'],
    extraAgents: 4,
    extraConsultants: 2,
  },
];

/** Coaching categories: one Training submenu entry each (spec: session 2 Sidebar). */
export const DEMO_COACHING_CATEGORIES: readonly string[] = [
  'Intake Basics',
  'Objection Handling',
  'Closing the Consult',
  'Empathy on the Phone',
  'Follow-Up Cadence',
  'Compliance Essentials',
];

export const FIRST_NAMES: readonly string[] = [
  'Ava',
  'Liam',
  'Emma',
  'Noah',
  'Mia',
  'Ethan',
  'Isabella',
  'Lucas',
  'Sophia',
  'Mason',
  'Harper',
  'Logan',
  'Amelia',
  'Elijah',
  'Evelyn',
  'James',
  'Abigail',
  'Benjamin',
  'Grace',
  'Daniel',
  'Chloe',
  'Samuel',
  'Zoe',
  'Gabriel',
  'Lily',
  'Mateo',
  'Aria',
  'Jackson',
  'Layla',
  'Owen',
];

export const LAST_NAMES: readonly string[] = [
  'Johnson',
  'Nguyen',
  'Garcia',
  'Thompson',
  'Martinez',
  'Robinson',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'King',
  'Wright',
  'Lopez',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Perez',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
];
