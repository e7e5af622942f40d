import { describe, expect, it } from 'vitest';
import {
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_LENGTH,
  evaluateCondition,
  evaluateValue,
  parseExpression,
  renderTemplate,
  type VariableLookup,
} from '@/shared/call-flow/expression';
import { lookupIn, withVars } from '@/shared/call-flow/variables';

// Issue 11: route and trigger conditions are parsed by our own small language and evaluated
// without eval or new Function; errors are values naming the position.

const vars = lookupIn(
  withVars(undefined, {
    accident_type: 'auto',
    age: '17',
    injured: true,
    count: 3,
    empty: '',
    symptoms: ['neck', 'back'],
    address: { city: 'Boston' },
  }),
);

const holds = (src: string, lookup: VariableLookup = vars) => {
  const result = evaluateCondition(src, lookup);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('conditions (spec 4 Forward 2)', () => {
  it('lets an empty or blank condition always hold', () => {
    expect(holds('')).toBe(true);
    expect(holds('   \n')).toBe(true);
    expect(evaluateCondition(undefined, vars)).toEqual({ ok: true, value: true });
  });

  it('compares strings and numbers with == != < <= > >= (and === !== <>)', () => {
    expect(holds('@@accident_type == "auto"')).toBe(true);
    expect(holds("@@accident_type != 'auto'")).toBe(false);
    expect(holds('@@accident_type <> "slip"')).toBe(true);
    expect(holds('@#age < 18')).toBe(true);
    expect(holds('@#age <= 17')).toBe(true);
    expect(holds('@#age > 17')).toBe(false);
    expect(holds('@#age >= 17.5')).toBe(false);
    expect(holds('@=count === 3')).toBe(true);
    expect(holds('@@count === 3')).toBe(false);
    expect(holds('@@count !== "3"')).toBe(false);
  });

  it('compares two numeric operands as numbers, not as text ("10" > "9")', () => {
    const lookup = lookupIn(withVars(undefined, { a: '10', b: '9' }));
    expect(holds('@@a > @@b', lookup)).toBe(true);
    expect(holds('@@a == 10.0', lookup)).toBe(true);
  });

  it('reads variables through the ProcessMaker sigils @@ text, @# float, @% integer, @= as stored', () => {
    expect(evaluateValue('@@count', vars)).toEqual({ ok: true, value: '3' });
    expect(evaluateValue('@#age', vars)).toEqual({ ok: true, value: 17 });
    expect(evaluateValue('@%age', vars)).toEqual({ ok: true, value: 17 });
    expect(evaluateValue('@=injured', vars)).toEqual({ ok: true, value: true });
    expect(evaluateValue('@#accident_type', vars)).toEqual({ ok: true, value: 0 });
    expect(evaluateValue('@@symptoms', vars)).toEqual({ ok: true, value: 'neck,back' });
    expect(evaluateValue('@@address', vars)).toEqual({ ok: true, value: '' });
  });

  it('reads a missing variable as empty text, 0, or null, never as an error', () => {
    expect(holds('@@nothing == ""')).toBe(true);
    expect(holds('@#nothing == 0')).toBe(true);
    expect(holds('@=nothing == null')).toBe(true);
    expect(holds('@@nothing')).toBe(false);
  });

  it('combines with and/or/not and && || !, with and binding tighter than or', () => {
    expect(holds('@@accident_type == "auto" and @#age < 18')).toBe(true);
    expect(holds('@@accident_type == "slip" AND @#age < 18')).toBe(false);
    expect(holds('@@accident_type == "slip" or @#age < 18')).toBe(true);
    expect(holds('@@accident_type == "slip" || @#age < 18 && @=injured')).toBe(true);
    expect(holds('not @=injured')).toBe(false);
    expect(holds('!(@#age >= 18)')).toBe(true);
    expect(holds('(@@accident_type == "slip" or @=injured) and not @@empty')).toBe(true);
    expect(holds('true && !false && null == ""')).toBe(true);
  });

  it('uses PHP-like truthiness: "", "0", 0, false and null are false', () => {
    const lookup = lookupIn(withVars(undefined, { zero: '0', text: 'no' }));
    expect(holds('@@zero', lookup)).toBe(false);
    expect(holds('@@text', lookup)).toBe(true);
    expect(holds('@=injured == true')).toBe(true);
    expect(holds('@@empty == false')).toBe(true);
  });

  it('unescapes backslashes inside string literals', () => {
    const lookup = lookupIn(withVars(undefined, { q: 'O"Brien' }));
    expect(holds('@@q == "O\\"Brien"', lookup)).toBe(true);
  });
});

describe('malformed conditions are values naming the position (issue 11)', () => {
  const error = (src: string) => {
    const result = parseExpression(src);
    if (result.ok) throw new Error(`parsed: ${src}`);
    return result.error;
  };

  it.each([
    ['@@a ==', /Expected a value but found the end of the condition at position 7/],
    ['@@a == "x', /Unterminated string at position 8/],
    ['(@@a == 1', /Expected "\)" but found the end of the condition/],
    ['@@a == 1)', /Unexpected "\)" at position 9/],
    ['@@a == 1 == 2', /cannot be chained/],
    ['@a == 1', /Unknown variable prefix "@a"/],
    ['@@ == 1', /Variable name expected/],
    ['status == 1', /Unknown word "status"/],
    ['@@a = 1', /Unexpected character "="/],
    ['@@a ; drop', /Unexpected character ";"/],
    ['@@a ==== 1', /Unexpected character "=" at position 8/],
    ['and', /Expected a value but found "and"/],
  ])('refuses %j', (src, message) => {
    expect(error(src).message).toMatch(message);
  });

  it('reports the 1-based position of the fault', () => {
    expect(error('@@a == 1 and )').position).toBe(14);
  });

  it('is never evaluated as false: evaluateCondition answers the error', () => {
    expect(evaluateCondition('@@a ==', vars)).toMatchObject({ ok: false });
  });
});

describe('hostile conditions stay bounded', () => {
  it('refuses 10,000 nested parentheses with a parse error, not a stack overflow', () => {
    const deep = `${'('.repeat(10_000)}true${')'.repeat(10_000)}`;
    const result = parseExpression(deep);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/too long|nested too deeply/);
  });

  it(`refuses nesting deeper than ${MAX_EXPRESSION_DEPTH} levels and accepts ${MAX_EXPRESSION_DEPTH}`, () => {
    const nest = (n: number) => `${'('.repeat(n)}true${')'.repeat(n)}`;
    expect(parseExpression(nest(MAX_EXPRESSION_DEPTH)).ok).toBe(true);
    const result = parseExpression(nest(MAX_EXPRESSION_DEPTH + 1));
    expect(result).toMatchObject({ ok: false, error: { position: MAX_EXPRESSION_DEPTH + 1 } });
    expect(parseExpression('!'.repeat(MAX_EXPRESSION_DEPTH + 1) + 'true').ok).toBe(false);
  });

  it('refuses a 1 MB condition at once, before reading it', () => {
    // Refused at the length limit, not where reading it would fail; how long that takes is
    // measured by `npm run bench:parsers`.
    const huge = `@@a == "${'x'.repeat(1024 * 1024)}"`;
    const result = parseExpression(huge);
    expect(result).toMatchObject({ ok: false, error: { position: MAX_EXPRESSION_LENGTH + 1 } });
  });

  it('refuses more tokens than the bound, even within the length limit', () => {
    const many = Array.from({ length: 400 }, () => '1').join(' or ');
    expect(many.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(parseExpression(many)).toMatchObject({ ok: false, error: { message: /tokens/ } });
  });

  it('never reads __proto__, constructor or prototype from Object.prototype', () => {
    const empty = lookupIn(withVars(undefined, {}));
    expect(holds('@@__proto__ == ""', empty)).toBe(true);
    expect(holds('@@constructor == ""', empty)).toBe(true);
    expect(holds('@=prototype == null', empty)).toBe(true);
    expect(holds('@@toString == ""', empty)).toBe(true);
    // Bags restored from JSON (session storage) are plain objects with a prototype.
    const plain = lookupIn({ a: '1' });
    expect(holds('@@constructor == "" and @@toString == "" and @@__proto__ == ""', plain)).toBe(
      true,
    );
    expect(
      holds('@=constructor == null and @=toString == null and @=__proto__ == null', plain),
    ).toBe(true);
    // An own variable of that name is an ordinary variable.
    const own = lookupIn(withVars(undefined, { ['__proto__']: 'x', constructor: 'y' }));
    expect(holds('@@__proto__ == "x" and @@constructor == "y"', own)).toBe(true);
  });

  it('does not use eval or new Function (the extension CSP forbids them)', () => {
    const spy = globalThis.Function;
    let called = false;
    globalThis.Function = new Proxy(spy, {
      construct(target, args) {
        called = true;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(holds('(@#age < 18 or @=injured) and @@accident_type == "auto"')).toBe(true);
    } finally {
      globalThis.Function = spy;
    }
    expect(called).toBe(false);
  });
});

describe('templates (trigger email and CRM fields)', () => {
  it('fills variables into text, and escapes them for HTML when asked', () => {
    const lookup = lookupIn(withVars(undefined, { name: '<script>x</script>', n: '4' }));
    expect(renderTemplate('Hi @@name, @#n items, @@missing.', lookup)).toBe(
      'Hi <script>x</script>, 4 items, .',
    );
    expect(renderTemplate('<p>@@name</p>', lookup, { html: true })).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt;</p>',
    );
  });
});
