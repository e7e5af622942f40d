import { describe, expect, it } from 'vitest';
import {
  applyVariablesMapping,
  readVar,
  stripMappingName,
  withProjectVars,
  withVars,
} from '@/shared/call-flow/variables';

describe('process variables', () => {
  it('strips mapping names to letters, digits, hyphen, underscore and space (spec 5)', () => {
    expect(stripMappingName('@@first_name')).toBe('first_name');
    expect(stripMappingName('@#zip-code 2!')).toBe('zip-code 2');
    expect(stripMappingName('__proto__.polluted')).toBe('__proto__polluted');
  });

  it('never reads or writes Object.prototype through a variable name', () => {
    const vars = withVars(undefined, {});
    expect(readVar(vars, 'constructor')).toBeUndefined();
    expect(readVar(vars, 'toString')).toBeUndefined();
    const written = withVars(
      vars,
      JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, never>,
    );
    expect(Object.hasOwn(written, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies mapped variables from the source project to the destination only (spec 4 Forward 9)', () => {
    const all = withProjectVars(
      Object.create(null),
      'main',
      withVars(undefined, { a: '1', b: '2' }),
    );
    const mapped = applyVariablesMapping(
      all,
      [
        {
          sourceProjectId: 'main',
          destinationProjectId: 'sub',
          mapping: [{ source: '@@a', target: '@@x' }],
        },
        {
          sourceProjectId: 'other',
          destinationProjectId: 'sub',
          mapping: [{ source: 'b', target: 'y' }],
        },
        {
          sourceProjectId: 'main',
          destinationProjectId: 'sub',
          mapping: [{ source: '__proto__', target: '__proto__' }],
        },
      ],
      'main',
      'sub',
    );
    expect({ ...mapped.sub }).toEqual({ x: '1' });
    expect({ ...all.main }).toEqual({ a: '1', b: '2' });
  });
});
