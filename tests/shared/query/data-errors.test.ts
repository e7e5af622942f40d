import { describe, expect, it } from 'vitest';
import { errorDetail, NO_DATA, NoDataError, requireData } from '@/shared/query/data-errors';
import { TransportError } from '@/shared/transport/transport';

describe("the data layer's error rules (spec: dashboards 5, 8)", () => {
  it("turns an empty answer into 'No Data' and passes any other answer through", () => {
    expect(() => requireData([], (rows) => rows.length === 0)).toThrow(NoDataError);
    expect(requireData([1], (rows) => rows.length === 0)).toEqual([1]);
  });

  it("puts 'No Data' under the error text only for empty answers", () => {
    expect(errorDetail(new NoDataError())).toBe(NO_DATA);
    expect(errorDetail(new TransportError('Internal Server Error', 500))).toBeNull();
  });
});
