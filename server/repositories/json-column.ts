import type { z } from 'zod';

/** Reads a JSON text column through its contract, so a bad stored value fails loudly. */
export function readJson<S extends z.ZodType>(
  schema: S,
  text: string,
  column: string,
): z.output<S> {
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success)
    throw new Error(`stored ${column} does not match its schema: ${result.error.message}`);
  return result.data;
}

export function writeJson<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return JSON.stringify(schema.parse(value));
}
