// The subset of QuickBooks Online's query language the fake understands (issue #33), after
// Intuit's "Query operations and syntax"
// (https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries):
//
//   SELECT * | count(*) FROM IntuitEntity [WHERE WhereClause] [ORDERBY OrderByClause]
//   [STARTPOSITION Number] [MAXRESULTS Number]
//
// WhereClause: PropertyName Operator Value [AND WhereClause]; "The OR operation isn't
// supported"; values 'quoted' (an apostrophe escaped with a backslash:
// https://developer.intuit.com/hub/blog/2017/02/08/deep-dive-sql-queries), unquoted
// numbers, true, false. The entity name is case sensitive; keywords are not (Intuit's own
// pages write them in either case).
//
// Left out by the fake (a query using them is refused with a QueryParserError that says so):
// the IN and LIKE operators and projections other than * and count(*).
//
// ASSUMED, where the pages reachable here stop:
// - a backslash in a quoted value escapes the character after it (\' and \\);
// - the parser's refusal reads `QueryParserError: Encountered "<token>" at line 1, column
//   <n>.` (code 4000, "Error parsing query"), and a property it does not know
//   `QueryValidationError: Property <name> not found for Entity <entity>` (code 4001,
//   "Invalid query"): the words integrations record from Intuit.

export type QueryValue = string | number | boolean;

export interface QueryCondition {
  field: string;
  op: '=' | '<' | '>' | '<=' | '>=';
  value: QueryValue;
}

export interface ParsedQuery {
  count: boolean;
  entity: string;
  where: QueryCondition[];
  orderBy: { field: string; descending: boolean }[];
  startPosition: number | null;
  maxResults: number | null;
}

/** A refusal of the statement: Intuit's code, Message and Detail. */
export class QueryRefusal extends Error {
  constructor(
    readonly code: '4000' | '4001',
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

interface Token {
  kind: 'word' | 'string' | 'number' | 'op' | 'punct';
  text: string;
  /** The value of a string or number token. */
  value?: string | number;
  column: number;
}

const parserError = (found: string, column: number) =>
  new QueryRefusal(
    '4000',
    'Error parsing query',
    `QueryParserError: Encountered "${found}" at line 1, column ${column}.`,
  );

function readString(text: string, start: number): { value: string; end: number } {
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length) {
      value += text[i + 1];
      i += 1;
    } else if (char === "'") {
      return { value, end: i + 1 };
    } else {
      value += char;
    }
  }
  throw parserError('<EOF>', text.length + 1);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const column = i + 1;
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ kind: 'string', text: text.slice(i, end), value, column });
      i = end;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(text.slice(i))![0];
      tokens.push({ kind: 'word', text: word, column });
      i += word.length;
    } else if (/[0-9-]/.test(char)) {
      const number = /^-?\d+(\.\d+)?/.exec(text.slice(i))?.[0];
      if (!number) throw parserError(char, column);
      tokens.push({ kind: 'number', text: number, value: Number(number), column });
      i += number.length;
    } else if (char === '<' || char === '>' || char === '=') {
      const op =
        text.slice(i, i + 2) === '<=' || text.slice(i, i + 2) === '>='
          ? text.slice(i, i + 2)
          : char;
      tokens.push({ kind: 'op', text: op, column });
      i += op.length;
    } else if ('*(),'.includes(char)) {
      tokens.push({ kind: 'punct', text: char, column });
      i += 1;
    } else {
      throw parserError(char, column);
    }
  }
  return tokens;
}

/** A cursor over the tokens, refusing what it does not expect in Intuit's words. */
class Cursor {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  peek(): Token | undefined {
    return this.tokens[this.at];
  }

  next(): Token {
    const token = this.tokens[this.at];
    if (!token) throw parserError('<EOF>', this.length + 1);
    this.at += 1;
    return token;
  }

  isWord(word: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.text.toLowerCase() === word;
  }

  expectWord(word: string): void {
    const token = this.next();
    if (token.kind !== 'word' || token.text.toLowerCase() !== word) {
      throw parserError(token.text, token.column);
    }
  }

  expectPunct(punct: string): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.text !== punct) throw parserError(token.text, token.column);
  }

  refuse(token: Token): never {
    throw parserError(token.text, token.column);
  }
}

const KEYWORDS = new Set([
  'select',
  'from',
  'where',
  'and',
  'orderby',
  'startposition',
  'maxresults',
]);
const UNSUPPORTED = new Set(['or', 'in', 'like']);

function condition(cursor: Cursor): QueryCondition {
  const field = cursor.next();
  if (field.kind !== 'word' || KEYWORDS.has(field.text.toLowerCase())) cursor.refuse(field);
  const op = cursor.next();
  if (op.kind === 'word' && UNSUPPORTED.has(op.text.toLowerCase())) {
    throw new QueryRefusal(
      '4000',
      'Error parsing query',
      `QueryParserError: the fake QuickBooks does not support "${op.text}" (column ${op.column}).`,
    );
  }
  if (op.kind !== 'op') cursor.refuse(op);
  const value = cursor.next();
  let parsed: QueryValue;
  if (value.kind === 'string' || value.kind === 'number') parsed = value.value!;
  else if (value.kind === 'word' && ['true', 'false'].includes(value.text.toLowerCase())) {
    parsed = value.text.toLowerCase() === 'true';
  } else cursor.refuse(value);
  return { field: field.text, op: op.text as QueryCondition['op'], value: parsed };
}

function positiveNumber(cursor: Cursor): number {
  const token = cursor.next();
  if (token.kind !== 'number' || !Number.isInteger(token.value) || Number(token.value) < 1) {
    cursor.refuse(token);
  }
  return Number(token.value);
}

function selection(cursor: Cursor): boolean {
  cursor.expectWord('select');
  if (cursor.isWord('count')) {
    cursor.next();
    cursor.expectPunct('(');
    cursor.expectPunct('*');
    cursor.expectPunct(')');
    return true;
  }
  cursor.expectPunct('*');
  return false;
}

function orderBy(cursor: Cursor): ParsedQuery['orderBy'] {
  const order: ParsedQuery['orderBy'] = [];
  for (;;) {
    const field = cursor.next();
    if (field.kind !== 'word' || KEYWORDS.has(field.text.toLowerCase())) cursor.refuse(field);
    let descending = false;
    if (cursor.isWord('desc') || cursor.isWord('asc'))
      descending = cursor.next().text.toLowerCase() === 'desc';
    order.push({ field: field.text, descending });
    if (cursor.peek()?.text !== ',') return order;
    cursor.next();
  }
}

/** The statement parsed, or a QueryRefusal in Intuit's words. */
export function parseQuery(text: string): ParsedQuery {
  const cursor = new Cursor(tokenize(text), text.length);
  const count = selection(cursor);
  cursor.expectWord('from');
  const entity = cursor.next();
  if (entity.kind !== 'word') cursor.refuse(entity);
  const query: ParsedQuery = {
    count,
    entity: entity.text,
    where: [],
    orderBy: [],
    startPosition: null,
    maxResults: null,
  };
  if (cursor.isWord('where')) {
    cursor.next();
    query.where.push(condition(cursor));
    while (cursor.isWord('and') || cursor.isWord('or')) {
      const joiner = cursor.next();
      if (joiner.text.toLowerCase() === 'or') cursor.refuse(joiner);
      query.where.push(condition(cursor));
    }
  }
  if (cursor.isWord('orderby')) {
    cursor.next();
    query.orderBy = orderBy(cursor);
  }
  if (cursor.isWord('startposition')) {
    cursor.next();
    query.startPosition = positiveNumber(cursor);
  }
  if (cursor.isWord('maxresults')) {
    cursor.next();
    query.maxResults = positiveNumber(cursor);
  }
  const rest = cursor.peek();
  if (rest) cursor.refuse(rest);
  return query;
}
