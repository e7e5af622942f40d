import { describe, expect, it } from 'vitest';
import {
  ALWAYS,
  builderToText,
  ruleProblem,
  textToBuilder,
  type BuilderGroup,
  type BuilderRule,
} from '@/shared/call-flow/condition-builder';
import { evaluateCondition } from '@/shared/call-flow/expression';

// Issue #34 "Conditions without code": the condition builder and its text mode agree. The
// builder writes the engine's language; every text it reads back is the same parse.

const rule = (
  variable: string,
  operator: BuilderRule['operator'],
  value = '',
  numeric = false,
): BuilderRule => ({ kind: 'rule', variable, operator, value, numeric });
const group = (join: 'and' | 'or', ...items: BuilderGroup['items']): BuilderGroup => ({
  kind: 'group',
  join,
  items,
});

describe('the condition builder (issue #34)', () => {
  it('writes each operator in the engine’s language', () => {
    expect(builderToText(group('and', rule('accidentType', 'equals', 'car')))).toBe(
      "@@accidentType == 'car'",
    );
    expect(builderToText(group('and', rule('age', 'equals', '18', true)))).toBe('@#age == 18');
    expect(builderToText(group('and', rule('age', 'atLeast', ' 18 ')))).toBe('@#age >= 18');
    expect(builderToText(group('and', rule('email', 'isNotEmpty')))).toBe("@@email != ''");
    expect(builderToText(group('and', rule('policeReport', 'isNotChecked')))).toBe(
      '!@=policeReport',
    );
    expect(builderToText(group('and', rule('name', 'equals', "O'Brien \\ Co")))).toBe(
      "@@name == 'O\\'Brien \\\\ Co'",
    );
    expect(builderToText(ALWAYS)).toBe('');
  });

  it('reads back every condition it writes, nested groups included, to the same rows', () => {
    const built = group(
      'or',
      group('and', rule('accidentType', 'equals', 'car'), rule('age', 'greaterThan', '17', true)),
      rule('policeReport', 'isChecked'),
      group('and', rule('email', 'isEmpty'), rule('state', 'notEquals', "It's \\ here")),
    );
    const text = builderToText(built);
    expect(text).toBe(
      "(@@accidentType == 'car' && @#age > 17) || @=policeReport || (@@email == '' && @@state != 'It\\'s \\\\ here')",
    );
    expect(textToBuilder(text)).toEqual({ mode: 'builder', group: built });
  });

  it('agrees with the engine on what the condition means', () => {
    const text = builderToText(
      group('and', rule('accidentType', 'equals', 'car'), rule('age', 'atLeast', '18')),
    );
    expect(evaluateCondition(text, (name) => ({ accidentType: 'car', age: '21' })[name])).toEqual({
      ok: true,
      value: true,
    });
    expect(evaluateCondition(text, (name) => ({ accidentType: 'car', age: 17 })[name])).toEqual({
      ok: true,
      value: false,
    });
  });

  it('reads an empty condition as the group that always holds', () => {
    expect(textToBuilder('   ')).toEqual({ mode: 'builder', group: ALWAYS });
  });

  it('leaves to text mode what it would not write back the same, and says why a text is not a condition', () => {
    for (const text of [
      "'car' == @@accidentType",
      '@@age == 18',
      "@#age == 'x'",
      'true',
      '@%count > 2',
    ]) {
      expect(textToBuilder(text), text).toEqual({ mode: 'text', error: null });
    }
    const broken = textToBuilder("@@accidentType == 'car");
    expect(broken.mode).toBe('text');
    expect(broken.mode === 'text' && broken.error?.message).toMatch(/Unterminated string/);
  });

  it('says what a row lacks', () => {
    expect(ruleProblem(rule('', 'equals', 'x'))).toBe('Choose a variable.');
    expect(ruleProblem(rule('age', 'atLeast', 'eighteen'))).toBe('Type a number.');
    expect(ruleProblem(rule('age', 'equals', 'x', true))).toBe('Type a number.');
    expect(ruleProblem(rule('name', 'equals', 'anything'))).toBeNull();
    expect(ruleProblem(rule('email', 'isEmpty'))).toBeNull();
  });
});
