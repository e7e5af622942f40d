import { z } from 'zod';

// Process variables and a call's data (spec: session 3 Call data (incoming)): apart from
// the call-flow contracts (./call-flow.ts re-exports them) because the active call
// (./active-call.ts) needs only these, and the extension's panel runtime reads the
// active call on every CRM page without loading the process-definition schemas.

/** A process variable's value: what JSON can carry (grids are arrays of row objects). */
export type VariableValue =
  string | number | boolean | null | VariableValue[] | { [key: string]: VariableValue };
export const variableValueSchema: z.ZodType<VariableValue> = z.json();
/** Variables of one project, by name. Read with Object.hasOwn only (call-flow/variables). */
export type Variables = Record<string, VariableValue>;
export const variablesSchema = z.record(z.string().max(200), variableValueSchema);

/** spec 3 Call data (incoming): who is calling and what the wizard starts with. */
export const incomingCallDataSchema = z.object({
  leadName: z.string().max(200).default(''),
  phone: z.string().max(40).default(''),
  processExecutionHistoryId: z.string().min(1).max(128).optional(),
  processVariables: variablesSchema.optional(),
  /**
   * The provider's call this intake is for (issue #28): absent for a walk-in or call-back
   * started by hand, which has no call to hang up. The wizard keeps it in its state, so a
   * flow always knows whether it is the held call's.
   */
  callId: z.string().min(1).max(128).optional(),
});
export type IncomingCallData = z.infer<typeof incomingCallDataSchema>;
