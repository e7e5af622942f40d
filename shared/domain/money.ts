/**
 * Money travels as dollars and is stored as integer cents (spec: dashboards 1 "Money is
 * shown in USD"). The one conversion of stored cents — a number, or the text a database
 * sum may give — to the dollars a response carries, rounded to the cent.
 */
export function centsToDollars(cents: number | string | null | undefined): number {
  return Math.round(Number(cents ?? 0)) / 100;
}
