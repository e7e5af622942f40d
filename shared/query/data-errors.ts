/** spec: dashboards 5, 8 — "Empty data returned: treated as an error ('No Data')". */
export const NO_DATA = 'No Data';

/** An answer with nothing in it: shown as the error view with 'No Data' under the text. */
export class NoDataError extends Error {
  constructor() {
    super(NO_DATA);
    this.name = 'NoDataError';
  }
}

/** The answer itself, or NoDataError when `isEmpty` says there is nothing to show. */
export function requireData<T>(data: T, isEmpty: (data: T) => boolean): T {
  if (isEmpty(data)) throw new NoDataError();
  return data;
}

/**
 * The reason under the generic error text (spec: dashboards 8): 'No Data' for an empty
 * answer, nothing for any other failure (its toast, if any, was already shown by the
 * API client: spec session 8).
 */
export function errorDetail(error: unknown): string | null {
  return error instanceof NoDataError ? NO_DATA : null;
}
