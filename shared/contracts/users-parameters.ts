import { z } from 'zod';
import { idSchema, itemResponseSchema } from './common';

/**
 * Settings > Users parameters (issue #16; docs/users-parameters.md): each agent's office,
 * practice areas, consultant link and compliance minimums, which the reports and the call
 * flows read. Managers (owner, admin, system) read and write them.
 */

/** A weekly minimum: a whole number of calls, answers or sets, at least 0. */
export const MAX_WEEKLY_MINIMUM = 10_000;
const weeklyMinimumSchema = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'Must be 0 or more')
  .max(MAX_WEEKLY_MINIMUM, `Must be at most ${MAX_WEEKLY_MINIMUM.toLocaleString('en-US')}`);
const compliancePercentSchema = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'Must be 0 to 100')
  .max(100, 'Must be 0 to 100');

/**
 * The agent's compliance minimums. null = no personal minimum: the outbound ones then
 * mark nothing, the compliance percent falls back to the workspace default
 * (`defaults.compliancePercent`, the compliance bar's marker of spec dashboards 9).
 */
export const complianceMinimumsSchema = z
  .object({
    outboundCallsPerWeek: weeklyMinimumSchema.nullable(),
    outboundAnswersPerWeek: weeklyMinimumSchema.nullable(),
    outboundSetsPerWeek: weeklyMinimumSchema.nullable(),
    compliancePercent: compliancePercentSchema.nullable(),
  })
  .strict();
export type ComplianceMinimums = z.infer<typeof complianceMinimumsSchema>;

export const NO_MINIMUMS: ComplianceMinimums = Object.freeze({
  outboundCallsPerWeek: null,
  outboundAnswersPerWeek: null,
  outboundSetsPerWeek: null,
  compliancePercent: null,
});

export const agentParametersSchema = z.object({
  agentId: idSchema,
  agentName: z.string(),
  active: z.boolean(),
  officeId: idSchema.nullable(),
  /** In the workspace's practice-area order. */
  practiceAreaIds: z.array(idSchema),
  consultantId: idSchema.nullable(),
  minimums: complianceMinimumsSchema,
  /** When a manager last saved them; null = never set. */
  updatedAt: z.string().nullable(),
});
export type AgentParameters = z.infer<typeof agentParametersSchema>;

const optionSchema = z.object({ id: idSchema, name: z.string() });
export type ParameterOption = z.infer<typeof optionSchema>;

/** GET workspaces/{id}/users-parameters: every agent, and what each parameter may be. */
export const usersParametersSchema = z.object({
  /** Every agent of the workspace (inactive ones too, marked), by name. */
  agents: z.array(agentParametersSchema),
  offices: z.array(optionSchema),
  practiceAreas: z.array(optionSchema.extend({ parent: z.string().nullable() })),
  /** Active consultants, plus an inactive one still linked to an agent. */
  consultants: z.array(optionSchema.extend({ active: z.boolean() })),
  defaults: z.object({ compliancePercent: compliancePercentSchema }),
});
export type UsersParameters = z.infer<typeof usersParametersSchema>;
export const usersParametersResponseSchema = itemResponseSchema(usersParametersSchema);

/** PUT workspaces/{id}/users-parameters/{agentId}: every parameter, replaced at once. */
export const MAX_PRACTICE_AREAS = 100;
export const agentParametersUpdateSchema = z
  .object({
    officeId: idSchema.nullable(),
    practiceAreaIds: z
      .array(idSchema)
      .max(MAX_PRACTICE_AREAS)
      .refine((ids) => new Set(ids).size === ids.length, 'Each practice area only once'),
    consultantId: idSchema.nullable(),
    minimums: complianceMinimumsSchema,
  })
  .strict();
export type AgentParametersUpdate = z.infer<typeof agentParametersUpdateSchema>;
export const agentParametersResponseSchema = itemResponseSchema(agentParametersSchema);

export const usersParametersPaths = {
  list: (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/users-parameters`,
  agent: (workspaceId: string, agentId: string) =>
    `${usersParametersPaths.list(workspaceId)}/${encodeURIComponent(agentId)}`,
  own: (workspaceId: string) => `${usersParametersPaths.list(workspaceId)}/me`,
} as const;
