/**
 * A safe subset of the ArcGIS `where` clause: parsed into a tree, checked against the layer's fields,
 * then turned into SQL with every value bound as a parameter. User text never reaches SQL as text.
 *
 *   expr      := orExpr
 *   orExpr    := andExpr (OR andExpr)*
 *   andExpr   := notExpr (AND notExpr)*
 *   notExpr   := NOT notExpr | '(' expr ')' | predicate
 *   predicate := operand cmp operand
 *              | operand [NOT] IN '(' literal (',' literal)* ')'
 *              | operand [NOT] LIKE string
 *              | operand [NOT] BETWEEN literal AND literal
 *              | operand IS [NOT] NULL
 *   operand   := field | UPPER '(' field ')' | LOWER '(' field ')' | number | string
 * Pure (the SQL step only builds kysely raw fragments).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export type Literal = string | number;
export type Operand = { t: 'field'; name: string; fn?: 'upper' | 'lower' } | { t: 'lit'; value: Literal };
export type Cmp = '=' | '<>' | '<' | '>' | '<=' | '>=';
export type WhereNode =
  | { t: 'and' | 'or'; items: WhereNode[] }
  | { t: 'not'; item: WhereNode }
  | { t: 'cmp'; op: Cmp; left: Operand; right: Operand }
  | { t: 'in'; operand: Operand; values: Literal[]; not: boolean }
  | { t: 'like'; operand: Operand; pattern: string; not: boolean }
  | { t: 'between'; operand: Operand; low: Literal; high: Literal; not: boolean }
  | { t: 'null'; operand: Operand; not: boolean }
  | { t: 'true' };

export class WhereError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhereError';
  }
}

type Tok =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'id'; v: string }
  | { k: 'op'; v: string }
  | { k: 'punc'; v: '(' | ')' | ',' };

const MAX_LEN = 8000;
const MAX_NODES = 500;

export function tokenize(src: string): Tok[] {
  if (src.length > MAX_LEN) throw new WhereError(`where: longer than ${MAX_LEN} characters`);
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'") {
      let v = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new WhereError('where: unterminated string');
        const d = src[i] ?? '';
        if (d === "'") {
          if (src[i + 1] === "'") {
            v += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        v += d;
        i++;
      }
      out.push({ k: 'str', v });
      continue;
    }
    const num = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?/.exec(src.slice(i));
    if (
      num &&
      (c !== '-' || !out.length || out[out.length - 1]?.k === 'op' || out[out.length - 1]?.k === 'punc')
    ) {
      out.push({ k: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) {
      out.push({ k: 'id', v: id[0] });
      i += id[0].length;
      continue;
    }
    const op = /^(<>|!=|<=|>=|=|<|>)/.exec(src.slice(i));
    if (op) {
      out.push({ k: 'op', v: op[0] === '!=' ? '<>' : op[0] });
      i += op[0].length;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      out.push({ k: 'punc', v: c });
      i++;
      continue;
    }
    throw new WhereError(`where: unexpected character '${c}' at ${i}`);
  }
  return out;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN', 'LIKE', 'IS', 'NULL', 'BETWEEN']);

/** Parses a where clause; `fields` are the layer's field names (matched case-insensitively). */
export function parseWhere(src: string | undefined, fields: readonly string[]): WhereNode {
  const text = (src ?? '').trim();
  if (!text) return { t: 'true' };
  const byLower = new Map(fields.map((f) => [f.toLowerCase(), f]));
  const toks = tokenize(text);
  let p = 0;
  let nodes = 0;
  const peek = (): Tok | undefined => toks[p];
  const isKw = (t: Tok | undefined, kw: string): boolean => t?.k === 'id' && t.v.toUpperCase() === kw;
  const expectPunc = (v: '(' | ')' | ','): void => {
    const t = toks[p];
    if (t?.k !== 'punc' || t.v !== v) throw new WhereError(`where: expected '${v}'`);
    p++;
  };
  const count = (): void => {
    if (++nodes > MAX_NODES) throw new WhereError('where: too complex');
  };
  const literal = (): Literal => {
    const t = toks[p];
    if (t?.k === 'num' || t?.k === 'str') {
      p++;
      return t.v;
    }
    throw new WhereError('where: expected a number or a quoted string');
  };
  const field = (name: string): string => {
    const f = byLower.get(name.toLowerCase());
    if (!f) throw new WhereError(`where: unknown field '${name}'`);
    return f;
  };
  const operand = (): Operand => {
    const t = toks[p];
    if (t?.k === 'num' || t?.k === 'str') {
      p++;
      return { t: 'lit', value: t.v };
    }
    if (t?.k === 'id' && !KEYWORDS.has(t.v.toUpperCase())) {
      p++;
      const up = t.v.toUpperCase();
      if (
        (up === 'UPPER' || up === 'LOWER') &&
        toks[p]?.k === 'punc' &&
        (toks[p] as { v: string }).v === '('
      ) {
        p++;
        const f = toks[p];
        if (f?.k !== 'id') throw new WhereError(`where: ${up}() takes a field`);
        p++;
        expectPunc(')');
        return { t: 'field', name: field(f.v), fn: up === 'UPPER' ? 'upper' : 'lower' };
      }
      return { t: 'field', name: field(t.v) };
    }
    throw new WhereError(`where: expected a field or a value at token ${p + 1}`);
  };
  const predicate = (): WhereNode => {
    count();
    const left = operand();
    let not = false;
    if (isKw(peek(), 'NOT')) {
      not = true;
      p++;
    }
    const t = peek();
    if (isKw(t, 'IN')) {
      p++;
      expectPunc('(');
      const values: Literal[] = [literal()];
      while (toks[p]?.k === 'punc' && (toks[p] as { v: string }).v === ',') {
        p++;
        values.push(literal());
        if (values.length > 5000) throw new WhereError('where: IN list longer than 5000');
      }
      expectPunc(')');
      return { t: 'in', operand: left, values, not };
    }
    if (isKw(t, 'LIKE')) {
      p++;
      const pat = toks[p];
      if (pat?.k !== 'str') throw new WhereError('where: LIKE takes a quoted pattern');
      p++;
      return { t: 'like', operand: left, pattern: pat.v, not };
    }
    if (isKw(t, 'BETWEEN')) {
      p++;
      const low = literal();
      if (!isKw(peek(), 'AND')) throw new WhereError('where: BETWEEN … AND …');
      p++;
      const high = literal();
      return { t: 'between', operand: left, low, high, not };
    }
    if (not) throw new WhereError('where: NOT must be followed by IN, LIKE or BETWEEN here');
    if (isKw(t, 'IS')) {
      p++;
      let n = false;
      if (isKw(peek(), 'NOT')) {
        n = true;
        p++;
      }
      if (!isKw(peek(), 'NULL')) throw new WhereError('where: IS [NOT] NULL');
      p++;
      return { t: 'null', operand: left, not: n };
    }
    if (t?.k === 'op') {
      p++;
      const right = operand();
      return { t: 'cmp', op: t.v as Cmp, left, right };
    }
    throw new WhereError('where: expected a comparison');
  };
  const notExpr = (): WhereNode => {
    count();
    if (isKw(peek(), 'NOT')) {
      p++;
      return { t: 'not', item: notExpr() };
    }
    const t = peek();
    if (t?.k === 'punc' && t.v === '(') {
      p++;
      const e = orExpr();
      expectPunc(')');
      return e;
    }
    return predicate();
  };
  const andExpr = (): WhereNode => {
    const items = [notExpr()];
    while (isKw(peek(), 'AND')) {
      p++;
      items.push(notExpr());
    }
    return items.length === 1 ? (items[0] as WhereNode) : { t: 'and', items };
  };
  const orExpr = (): WhereNode => {
    const items = [andExpr()];
    while (isKw(peek(), 'OR')) {
      p++;
      items.push(andExpr());
    }
    return items.length === 1 ? (items[0] as WhereNode) : { t: 'or', items };
  };
  const tree = orExpr();
  if (p < toks.length) throw new WhereError(`where: unexpected text at token ${p + 1}`);
  return tree;
}

/** True when the tree matches every row (`1=1`, empty). */
export function isTrivial(n: WhereNode): boolean {
  if (n.t === 'true') return true;
  if (n.t === 'cmp' && n.left.t === 'lit' && n.right.t === 'lit')
    return n.op === '=' && n.left.value === n.right.value;
  return false;
}

/** SQL for the tree; `column` maps a field name to its column (already qualified if needed). */
export function whereToSql(n: WhereNode, column: (field: string) => string): RawBuilder<SqlBool> {
  const opnd = (o: Operand): RawBuilder<unknown> => {
    if (o.t === 'lit') return sql`${o.value}`;
    const ref = sql.ref(column(o.name));
    return o.fn === 'upper' ? sql`upper(${ref})` : o.fn === 'lower' ? sql`lower(${ref})` : sql`${ref}`;
  };
  switch (n.t) {
    case 'true':
      return sql<SqlBool>`1 = 1`;
    case 'and':
    case 'or':
      return sql<SqlBool>`(${sql.join(
        n.items.map((i) => whereToSql(i, column)),
        sql.raw(n.t === 'and' ? ' AND ' : ' OR '),
      )})`;
    case 'not':
      return sql<SqlBool>`(NOT ${whereToSql(n.item, column)})`;
    case 'cmp':
      return sql<SqlBool>`(${opnd(n.left)} ${sql.raw(n.op)} ${opnd(n.right)})`;
    case 'in':
      return sql<SqlBool>`(${opnd(n.operand)} ${sql.raw(n.not ? 'NOT IN' : 'IN')} (${sql.join(n.values.map((v) => sql`${v}`))}))`;
    case 'like':
      return sql<SqlBool>`(${opnd(n.operand)} ${sql.raw(n.not ? 'NOT LIKE' : 'LIKE')} ${n.pattern})`;
    case 'between':
      return sql<SqlBool>`(${opnd(n.operand)} ${sql.raw(n.not ? 'NOT BETWEEN' : 'BETWEEN')} ${n.low} AND ${n.high})`;
    case 'null':
      return sql<SqlBool>`(${opnd(n.operand)} ${sql.raw(n.not ? 'IS NOT NULL' : 'IS NULL')})`;
  }
}

/** Evaluates the tree on a row (used by tests to check the SQL against a direct filter). */
export function evalWhere(n: WhereNode, row: Readonly<Record<string, unknown>>): boolean {
  const val = (o: Operand): unknown => {
    if (o.t === 'lit') return o.value;
    const v = row[o.name];
    if (typeof v !== 'string') return v;
    return o.fn === 'upper' ? v.toUpperCase() : o.fn === 'lower' ? v.toLowerCase() : v;
  };
  const cmp = (a: unknown, b: unknown): number =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a) < String(b)
        ? -1
        : String(a) > String(b)
          ? 1
          : 0;
  switch (n.t) {
    case 'true':
      return true;
    case 'and':
      return n.items.every((i) => evalWhere(i, row));
    case 'or':
      return n.items.some((i) => evalWhere(i, row));
    case 'not':
      return !evalWhere(n.item, row);
    case 'cmp': {
      const a = val(n.left);
      const b = val(n.right);
      if (a === null || a === undefined || b === null || b === undefined) return false;
      const c = cmp(a, b);
      return n.op === '='
        ? c === 0
        : n.op === '<>'
          ? c !== 0
          : n.op === '<'
            ? c < 0
            : n.op === '>'
              ? c > 0
              : n.op === '<='
                ? c <= 0
                : c >= 0;
    }
    case 'in': {
      const a = val(n.operand);
      if (a === null || a === undefined) return false;
      return n.values.some((v) => cmp(a, v) === 0) !== n.not;
    }
    case 'like': {
      const a = val(n.operand);
      if (a === null || a === undefined) return false;
      const re = new RegExp(
        `^${n.pattern
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/%/g, '.*')
          .replace(/_/g, '.')}$`,
        's',
      );
      return re.test(String(a)) !== n.not;
    }
    case 'between': {
      const a = val(n.operand);
      if (a === null || a === undefined) return false;
      return (cmp(a, n.low) >= 0 && cmp(a, n.high) <= 0) !== n.not;
    }
    case 'null': {
      const a = val(n.operand);
      return (a === null || a === undefined) !== n.not;
    }
  }
}
