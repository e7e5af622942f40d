import { parseExpression } from '@/shared/call-flow/expression';

/**
 * What the engine's parser says of a condition, for the designer to show in place as it is
 * typed (issue #34 "checked as it is typed by the same parser the engine uses"); '' always
 * holds, so it has no problem.
 */
export function conditionProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const parsed = parseExpression(text);
  return parsed.ok ? null : `${parsed.error.message} (at character ${parsed.error.position})`;
}
