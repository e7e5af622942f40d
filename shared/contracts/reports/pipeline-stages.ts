import { z } from 'zod';

/**
 * The pipeline transitions of a contact (spec: dashboards 1 funnel, 2.5, 2.7), in funnel
 * order. Every transition is stored with its time and the agent or consultant who made it;
 * the funnel counts are counts of transitions.
 */
export const PIPELINE_STAGES = [
  'new_lead',
  'qualified',
  'unqualified_at_lead',
  'set',
  'show',
  'unqualified_at_appt',
  'hire',
  'no_hire',
  'filed',
] as const;
export const pipelineStageSchema = z.enum(PIPELINE_STAGES);
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

/** How each stage is named on screens and in exports. */
export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  new_lead: 'New Lead',
  qualified: 'Qualified',
  unqualified_at_lead: 'Unqualified',
  set: 'Set',
  show: 'Show',
  unqualified_at_appt: 'Unqualified at Appointment',
  hire: 'Hired',
  no_hire: 'Not Hired',
  filed: 'Filed',
};

/** The funnel field each transition is counted in (spec: dashboards 3 Funnel data). */
export const STAGE_COUNT_FIELD = {
  new_lead: 'LEADS',
  qualified: null,
  unqualified_at_lead: 'UNQUALIFIEDATLEAD',
  set: 'SETS',
  show: 'SHOWS',
  unqualified_at_appt: 'UNQUALIFIEDATAPPT',
  hire: 'HIRES',
  no_hire: 'NOHIRES',
  filed: 'FILED',
} as const satisfies Record<PipelineStage, string | null>;

/** Which CRM module a contact row links to (spec: dashboards 9 CRM record link). */
export const CRM_MODULES = ['Leads', 'Contacts', 'Deals', 'Contact'] as const;
export const crmModuleSchema = z.enum(CRM_MODULES);
export type CrmModule = z.infer<typeof crmModuleSchema>;
