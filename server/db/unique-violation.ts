/**
 * Whether a write failed on a unique key (SQLite's "UNIQUE constraint failed", PostgreSQL's
 * 23505): two writers raced for the same row, and the loser may read again and retry.
 */
export function isUniqueViolation(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code)}` : '';
  return /UNIQUE|unique|23505/.test(text);
}
