import type { VariableValue } from '../contracts/call-flow';

// The condition language of route flo_condition and trigger conditions (issue 11: "conditions
// and triggers are data, never code"). A small tokenizer, a recursive-descent parser with hard
// bounds and a tree-walking evaluator: no eval, no new Function (the extension's CSP forbids
// them anyway). Variables use the ProcessMaker syntax the seeded flows use:
//   @@name  the value as a string      @#name  as a float (non-numeric → 0)
//   @%name  as an integer              @=name  as stored (string, number, boolean or null)
// Operators: == != (also === !== <>) < <= > >=, and/or/not (also && || !), parentheses;
// literals: 'single' or "double" quoted strings, numbers, true, false, null.
// Comparisons are loose like the PHP conditions they stand in for: two numeric operands
// compare as numbers, anything else as text; a boolean operand compares by truthiness.

/** Longer conditions are refused before any scanning (a 1 MB string costs nothing). */
export const MAX_EXPRESSION_LENGTH = 2_000;
export const MAX_EXPRESSION_TOKENS = 500;
/** Nested parentheses and not-operators; beyond this a parse error, never a stack overflow. */
export const MAX_EXPRESSION_DEPTH = 32;

export type ExpressionPrimitive = string | number | boolean | null;

export interface ExpressionError {
  message: string;
  /** 1-based character position in the expression. */
  position: number;
}

export type ExpressionResult<T> = { ok: true; value: T } | { ok: false; error: ExpressionError };

/** Reads a variable; answers undefined when the variable does not exist. */
export type VariableLookup = (name: string) => VariableValue | undefined;

export type Sigil = '@@' | '@#' | '@%' | '@=';

export type ExpressionNode =
  | { kind: 'literal'; value: ExpressionPrimitive }
  | { kind: 'variable'; sigil: Sigil; name: string }
  | { kind: 'not'; operand: ExpressionNode }
  | { kind: 'and' | 'or'; operands: ExpressionNode[] }
  | { kind: 'compare'; operator: ComparisonOperator; left: ExpressionNode; right: ExpressionNode };

export type ComparisonOperator = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

type Token =
  | { type: 'literal'; value: ExpressionPrimitive; pos: number }
  | { type: 'variable'; sigil: Sigil; name: string; pos: number }
  | { type: 'compare'; op: ComparisonOperator; pos: number }
  | { type: 'and' | 'or' | 'not' | '(' | ')'; pos: number }
  | { type: 'end'; pos: number };

class ParseFailure {
  constructor(readonly error: ExpressionError) {}
}

function fail(message: string, index: number): never {
  throw new ParseFailure({ message: `${message} at position ${index + 1}`, position: index + 1 });
}

const VARIABLE_NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const COMPARISONS: ComparisonOperator[] = ['===', '!==', '==', '!=', '<=', '>=', '<', '>'];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (token: Token) => {
    if (tokens.length >= MAX_EXPRESSION_TOKENS) {
      fail(`Condition is too long (more than ${MAX_EXPRESSION_TOKENS} tokens)`, token.pos);
    }
    tokens.push(token);
  };
  while (i < src.length) {
    const ch = src[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
      continue;
    }
    if (ch === '@') {
      const sigil = src.slice(i, i + 2);
      if (sigil !== '@@' && sigil !== '@#' && sigil !== '@%' && sigil !== '@=') {
        fail(`Unknown variable prefix "${sigil}"; use @@, @#, @% or @=`, i);
      }
      VARIABLE_NAME.lastIndex = i + 2;
      const m = VARIABLE_NAME.exec(src);
      if (!m) fail(`Variable name expected after ${sigil}`, i + 2);
      push({ type: 'variable', sigil, name: m[0], pos: i });
      i = VARIABLE_NAME.lastIndex;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const start = i;
      let value = '';
      i += 1;
      for (;;) {
        if (i >= src.length) fail('Unterminated string', start);
        const c = src[i];
        if (c === '\\' && i + 1 < src.length) {
          value += src[i + 1];
          i += 2;
        } else if (c === ch) {
          i += 1;
          break;
        } else {
          value += c;
          i += 1;
        }
      }
      push({ type: 'literal', value, pos: start });
      continue;
    }
    if ((ch >= '0' && ch <= '9') || (ch === '-' && /\d/.test(src[i + 1] ?? ''))) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(src);
      if (!m) fail('Malformed number', i);
      push({ type: 'literal', value: Number(m[0]), pos: i });
      i = NUMBER.lastIndex;
      continue;
    }
    if (ch === '(' || ch === ')') {
      push({ type: ch, pos: i });
      i += 1;
      continue;
    }
    if (src.startsWith('&&', i)) {
      push({ type: 'and', pos: i });
      i += 2;
      continue;
    }
    if (src.startsWith('||', i)) {
      push({ type: 'or', pos: i });
      i += 2;
      continue;
    }
    if (src.startsWith('<>', i)) {
      push({ type: 'compare', op: '!=', pos: i });
      i += 2;
      continue;
    }
    const op = COMPARISONS.find((candidate) => src.startsWith(candidate, i));
    if (op) {
      push({ type: 'compare', op, pos: i });
      i += op.length;
      continue;
    }
    if (ch === '!') {
      push({ type: 'not', pos: i });
      i += 1;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(src);
    if (word) {
      const lower = word[0].toLowerCase();
      if (lower === 'and' || lower === 'or' || lower === 'not') push({ type: lower, pos: i });
      else if (lower === 'true' || lower === 'false') {
        push({ type: 'literal', value: lower === 'true', pos: i });
      } else if (lower === 'null') push({ type: 'literal', value: null, pos: i });
      else {
        fail(`Unknown word "${word[0]}"; variables start with @@, @#, @% or @=`, i);
      }
      i = WORD.lastIndex;
      continue;
    }
    fail(`Unexpected character "${ch}"`, i);
  }
  tokens.push({ type: 'end', pos: src.length });
  return tokens;
}

/** Recursive descent over the token list; depth is counted at every recursion point. */
class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): ExpressionNode {
    const node = this.parseOr();
    const next = this.peek();
    if (next.type !== 'end') fail(`Unexpected ${describe(next)}`, next.pos);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private enter(pos: number) {
    this.depth += 1;
    if (this.depth > MAX_EXPRESSION_DEPTH) {
      fail(`Condition is nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`, pos);
    }
  }

  private parseOr(): ExpressionNode {
    const operands = [this.parseAnd()];
    while (this.peek().type === 'or') {
      this.next();
      operands.push(this.parseAnd());
    }
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(): ExpressionNode {
    const operands = [this.parseNot()];
    while (this.peek().type === 'and') {
      this.next();
      operands.push(this.parseNot());
    }
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private parseNot(): ExpressionNode {
    const token = this.peek();
    if (token.type === 'not') {
      this.next();
      this.enter(token.pos);
      const operand = this.parseNot();
      this.depth -= 1;
      return { kind: 'not', operand };
    }
    return this.parseComparison();
  }

  private parseComparison(): ExpressionNode {
    const left = this.parsePrimary();
    const token = this.peek();
    if (token.type !== 'compare') return left;
    this.next();
    const right = this.parsePrimary();
    const after = this.peek();
    if (after.type === 'compare') {
      fail('Comparisons cannot be chained; use and/or with parentheses', after.pos);
    }
    return { kind: 'compare', operator: token.op, left, right };
  }

  private parsePrimary(): ExpressionNode {
    const token = this.next();
    switch (token.type) {
      case 'literal':
        return { kind: 'literal', value: token.value };
      case 'variable':
        return { kind: 'variable', sigil: token.sigil, name: token.name };
      case '(': {
        this.enter(token.pos);
        const inner = this.parseOr();
        const close = this.next();
        if (close.type !== ')') fail(`Expected ")" but found ${describe(close)}`, close.pos);
        this.depth -= 1;
        return inner;
      }
      default:
        return fail(`Expected a value but found ${describe(token)}`, token.pos);
    }
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case 'end':
      return 'the end of the condition';
    case 'literal':
      return `the value ${JSON.stringify(token.value)}`;
    case 'variable':
      return `the variable ${token.sigil}${token.name}`;
    case 'compare':
      return `"${token.op}"`;
    default:
      return `"${token.type}"`;
  }
}

/** Parses a condition; errors are values naming the position, never thrown. */
export function parseExpression(src: string): ExpressionResult<ExpressionNode> {
  if (typeof src !== 'string') {
    return { ok: false, error: { message: 'Condition must be text', position: 1 } };
  }
  if (src.length > MAX_EXPRESSION_LENGTH) {
    return {
      ok: false,
      error: {
        message: `Condition is too long (more than ${MAX_EXPRESSION_LENGTH} characters)`,
        position: MAX_EXPRESSION_LENGTH + 1,
      },
    };
  }
  try {
    const tokens = tokenize(src);
    if (tokens.length === 1) fail('Empty expression', 0);
    return { ok: true, value: new Parser(tokens).parse() };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.error };
    // Anything else would be our bug; still a value, never a crash of the engine.
    return {
      ok: false,
      error: { message: `Condition could not be read: ${String(e)}`, position: 1 },
    };
  }
}

/** True for an empty or blank condition, which always holds (spec 4 Forward 2). */
export function isEmptyCondition(src: string | null | undefined): boolean {
  return src === null || src === undefined || src.trim() === '';
}

/** The parse error of a condition, or null when it is empty or well formed. */
export function checkCondition(src: string): ExpressionError | null {
  if (isEmptyCondition(src)) return null;
  const parsed = parseExpression(src);
  return parsed.ok ? null : parsed.error;
}

// ---------------------------------------------------------------- evaluation

const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

function isNumeric(value: ExpressionPrimitive): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC.test(value);
}

/** PHP-like truthiness: false, null, '', '0' and 0 are false. */
export function isTruthy(value: ExpressionPrimitive): boolean {
  return !(value === false || value === null || value === '' || value === '0' || value === 0);
}

function asText(value: VariableValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A checkbox group or a list reads as its items; objects (addresses, rows) as empty,
  // except a value that carries its own text label (a booked consultation, issue #16).
  if (Array.isArray(value)) {
    return value.filter((v) => v !== null && typeof v !== 'object').join(',');
  }
  return typeof value.label === 'string' ? value.label : '';
}

function asNumber(value: VariableValue | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = asText(value);
  return NUMERIC.test(text) ? Number(text) : 0;
}

/** Reads a variable through the sigil's conversion (ProcessMaker semantics). */
export function readVariable(sigil: Sigil, raw: VariableValue | undefined): ExpressionPrimitive {
  switch (sigil) {
    case '@@':
      return asText(raw);
    case '@#':
      return asNumber(raw);
    case '@%':
      return Math.trunc(asNumber(raw));
    case '@=':
      if (raw === undefined) return null;
      if (raw === null || typeof raw !== 'object') return raw;
      return asText(raw);
  }
}

function looseEquals(a: ExpressionPrimitive, b: ExpressionPrimitive): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') return isTruthy(a) === isTruthy(b);
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  return String(a ?? '') === String(b ?? '');
}

function compare(op: ComparisonOperator, a: ExpressionPrimitive, b: ExpressionPrimitive): boolean {
  switch (op) {
    case '==':
      return looseEquals(a, b);
    case '!=':
      return !looseEquals(a, b);
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    default: {
      const numeric = isNumeric(a) && isNumeric(b);
      const x = numeric ? Number(a) : String(a ?? '');
      const y = numeric ? Number(b) : String(b ?? '');
      if (op === '<') return x < y;
      if (op === '<=') return x <= y;
      if (op === '>') return x > y;
      return x >= y;
    }
  }
}

/** Evaluates a parsed expression. Total: every input gives a value. */
export function evaluateExpression(
  node: ExpressionNode,
  lookup: VariableLookup,
): ExpressionPrimitive {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'variable':
      return readVariable(node.sigil, lookup(node.name));
    case 'not':
      return !isTruthy(evaluateExpression(node.operand, lookup));
    case 'and':
      return node.operands.every((operand) => isTruthy(evaluateExpression(operand, lookup)));
    case 'or':
      return node.operands.some((operand) => isTruthy(evaluateExpression(operand, lookup)));
    case 'compare':
      return compare(
        node.operator,
        evaluateExpression(node.left, lookup),
        evaluateExpression(node.right, lookup),
      );
  }
}

/** Parses and evaluates a condition; an empty condition always holds (spec 4 Forward 2). */
export function evaluateCondition(
  src: string | null | undefined,
  lookup: VariableLookup,
): ExpressionResult<boolean> {
  if (src === null || src === undefined || isEmptyCondition(src)) return { ok: true, value: true };
  const parsed = parseExpression(src);
  if (!parsed.ok) return parsed;
  return { ok: true, value: isTruthy(evaluateExpression(parsed.value, lookup)) };
}

/** Parses and evaluates an expression to its value (setVariable triggers). */
export function evaluateValue(
  src: string,
  lookup: VariableLookup,
): ExpressionResult<ExpressionPrimitive> {
  const parsed = parseExpression(src);
  if (!parsed.ok) return parsed;
  return { ok: true, value: evaluateExpression(parsed.value, lookup) };
}

// ---------------------------------------------------------------- templates

/** @@var, or @@var.part: one part of a variable that holds an object (a booked consultation). */
const TEMPLATE_VARIABLE = /@(@|#|%|=)([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const isObject = (value: VariableValue | undefined): value is Record<string, VariableValue> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Replaces @@var / @#var / @%var / @=var in a template (email to/subject/body, CRM fields,
 * setVariable templates). `@@var.part` reads one part of an object variable, e.g. a booked
 * consultation's `@@consultation.startTime` (issue #33: the consultation's event in the
 * CRM; empty when the object has no such part); a variable that holds no object reads as
 * before: its value, then the text ".part". With `html`, values are escaped: a caller's answer never becomes markup
 * in an email.
 */
export function renderTemplate(
  template: string,
  lookup: VariableLookup,
  options: { html?: boolean } = {},
): string {
  return template.replace(
    TEMPLATE_VARIABLE,
    (_match, sigilChar: string, name: string, key: string | undefined) => {
      const raw = lookup(name);
      // An object's part (empty when it has none); any other variable keeps ".part" as text.
      const ofPart = key !== undefined && isObject(raw);
      const read = ofPart ? (Object.hasOwn(raw, key) ? raw[key] : null) : raw;
      const value = readVariable(`@${sigilChar}` as Sigil, read);
      const suffix = key !== undefined && !ofPart ? `.${key}` : '';
      const text = (value === null ? '' : String(value)) + suffix;
      return options.html ? escapeHtml(text) : text;
    },
  );
}
