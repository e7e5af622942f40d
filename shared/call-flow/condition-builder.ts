import {
  parseExpression,
  type ComparisonOperator,
  type ExpressionError,
  type ExpressionNode,
} from './expression';

// The designer's condition builder (issue #34 "Conditions without code"): a route's or a
// trigger's condition as rows of variable, operator and value, in and/or groups, for owners
// who do not write expressions. The builder writes the engine's own language
// (shared/call-flow/expression.ts) and reads it back with the engine's own parser, so the
// builder and the text mode always agree: a condition the builder reads is one whose text
// it writes back to the very same parse; any other (a literal on the left, a text compared
// as a number…) stays in text mode, where experts write it, checked by the same parser.

export type BuilderOperator =
  | 'equals'
  | 'notEquals'
  | 'lessThan'
  | 'atMost'
  | 'greaterThan'
  | 'atLeast'
  | 'isEmpty'
  | 'isNotEmpty'
  | 'isChecked'
  | 'isNotChecked';

/** What the operator list says, in the order it offers them. */
export const BUILDER_OPERATORS: ReadonlyArray<{ value: BuilderOperator; label: string }> = [
  { value: 'equals', label: 'is' },
  { value: 'notEquals', label: 'is not' },
  { value: 'lessThan', label: 'is less than' },
  { value: 'atMost', label: 'is at most' },
  { value: 'greaterThan', label: 'is greater than' },
  { value: 'atLeast', label: 'is at least' },
  { value: 'isEmpty', label: 'is empty' },
  { value: 'isNotEmpty', label: 'is not empty' },
  { value: 'isChecked', label: 'is checked' },
  { value: 'isNotChecked', label: 'is not checked' },
];

/** The operators without a value to type. */
export const VALUELESS_OPERATORS: ReadonlySet<BuilderOperator> = new Set([
  'isEmpty',
  'isNotEmpty',
  'isChecked',
  'isNotChecked',
]);

/** Compared as numbers: the value must be one. */
const NUMERIC_OPERATORS: Partial<Record<BuilderOperator, ComparisonOperator>> = {
  lessThan: '<',
  atMost: '<=',
  greaterThan: '>',
  atLeast: '>=',
};

export interface BuilderRule {
  kind: 'rule';
  /** A variable name, without its @@ prefix. */
  variable: string;
  operator: BuilderOperator;
  /** What it is compared with (unused by the valueless operators). */
  value: string;
  /**
   * Compared as numbers: for is / is not, `@#age == 18` rather than `@@age == '18'`; always
   * true for the number operators (less than, at most, …), as the builder reads them back.
   */
  numeric: boolean;
}

export interface BuilderGroup {
  kind: 'group';
  join: 'and' | 'or';
  items: Array<BuilderRule | BuilderGroup>;
}

/** An empty group: the condition that always holds (a route taken whatever was answered). */
export const ALWAYS: BuilderGroup = { kind: 'group', join: 'and', items: [] };

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A text value in the language's quotes, its quotes and backslashes escaped. */
function quoted(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** What makes a rule unwritable, for the row to say: no variable, or a value that is not a number. */
export function ruleProblem(rule: BuilderRule): string | null {
  if (!VARIABLE.test(rule.variable)) return 'Choose a variable.';
  const numeric = NUMERIC_OPERATORS[rule.operator] !== undefined || rule.numeric;
  if (!VALUELESS_OPERATORS.has(rule.operator) && numeric && !NUMBER.test(rule.value.trim())) {
    return 'Type a number.';
  }
  return null;
}

function ruleText(rule: BuilderRule): string {
  const name = rule.variable;
  switch (rule.operator) {
    case 'isEmpty':
      return `@@${name} == ''`;
    case 'isNotEmpty':
      return `@@${name} != ''`;
    case 'isChecked':
      return `@=${name}`;
    case 'isNotChecked':
      return `!@=${name}`;
    case 'equals':
    case 'notEquals': {
      const op = rule.operator === 'equals' ? '==' : '!=';
      return rule.numeric
        ? `@#${name} ${op} ${rule.value.trim()}`
        : `@@${name} ${op} ${quoted(rule.value)}`;
    }
    default:
      return `@#${name} ${NUMERIC_OPERATORS[rule.operator]!} ${rule.value.trim()}`;
  }
}

/**
 * The builder's condition as the engine's text: '' for an empty group (always holds), a
 * nested group in parentheses. Rules with a problem (ruleProblem) are written anyway; the
 * parser then names what is wrong, in place.
 */
export function builderToText(group: BuilderGroup): string {
  const parts = group.items.map((item) =>
    item.kind === 'rule'
      ? ruleText(item)
      : item.items.length > 1
        ? `(${builderToText(item)})`
        : builderToText(item),
  );
  return parts.filter(Boolean).join(group.join === 'and' ? ' && ' : ' || ');
}

/** A comparison node as a rule, if it is one the builder writes. */
function ruleOf(node: ExpressionNode): BuilderRule | null {
  if (node.kind === 'variable' && node.sigil === '@=') {
    return { kind: 'rule', variable: node.name, operator: 'isChecked', value: '', numeric: false };
  }
  if (node.kind === 'not' && node.operand.kind === 'variable' && node.operand.sigil === '@=') {
    return {
      kind: 'rule',
      variable: node.operand.name,
      operator: 'isNotChecked',
      value: '',
      numeric: false,
    };
  }
  if (node.kind !== 'compare' || node.left.kind !== 'variable' || node.right.kind !== 'literal') {
    return null;
  }
  const { left, right, operator } = node;
  const rule = (op: BuilderOperator, value: string, numeric: boolean): BuilderRule => ({
    kind: 'rule',
    variable: left.name,
    operator: op,
    value,
    numeric,
  });
  if (left.sigil === '@@' && right.value === '' && (operator === '==' || operator === '!=')) {
    return rule(operator === '==' ? 'isEmpty' : 'isNotEmpty', '', false);
  }
  if (operator === '==' || operator === '!=') {
    const op = operator === '==' ? 'equals' : 'notEquals';
    if (left.sigil === '@@' && typeof right.value === 'string') return rule(op, right.value, false);
    if (left.sigil === '@#' && typeof right.value === 'number') {
      return rule(op, String(right.value), true);
    }
    return null;
  }
  const numeric = Object.entries(NUMERIC_OPERATORS).find(([, op]) => op === operator);
  if (numeric && left.sigil === '@#' && typeof right.value === 'number') {
    return rule(numeric[0] as BuilderOperator, String(right.value), true);
  }
  return null;
}

function groupOf(node: ExpressionNode): BuilderGroup | null {
  if (node.kind === 'and' || node.kind === 'or') {
    const items: Array<BuilderRule | BuilderGroup> = [];
    for (const operand of node.operands) {
      const item =
        operand.kind === 'and' || operand.kind === 'or' ? groupOf(operand) : ruleOf(operand);
      if (!item) return null;
      items.push(item);
    }
    return { kind: 'group', join: node.kind, items };
  }
  const rule = ruleOf(node);
  return rule ? { kind: 'group', join: 'and', items: [rule] } : null;
}

/** The parse with positions left out: what two texts must share to be the same condition. */
function sameParse(a: ExpressionNode, b: ExpressionNode): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export type BuilderReading =
  | { mode: 'builder'; group: BuilderGroup }
  /** Beyond the builder (or not a condition at all): text mode, with the parser's error if any. */
  | { mode: 'text'; error: ExpressionError | null };

/**
 * A condition's text as the builder shows it: its rows when the builder writes exactly this
 * condition back (the same parse), else text mode, with the engine parser's error when
 * the text is not a condition.
 */
export function textToBuilder(text: string): BuilderReading {
  if (text.trim() === '') return { mode: 'builder', group: ALWAYS };
  const parsed = parseExpression(text);
  if (!parsed.ok) return { mode: 'text', error: parsed.error };
  const group = groupOf(parsed.value);
  if (!group) return { mode: 'text', error: null };
  const again = parseExpression(builderToText(group));
  if (!again.ok || !sameParse(again.value, parsed.value)) return { mode: 'text', error: null };
  return { mode: 'builder', group };
}
