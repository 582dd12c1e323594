/**
 * Calculated fields (design/lowcode.md, spec §4): a calculate field's `expression` is a token list
 * of field refs (`{ __vModel__, label }`), numbers and + - × ÷ ( ). It is compiled ONCE (tokens and
 * grammar from core/expression, then shunting-yard into postfix) and evaluated with big.js, so
 * 0.1 + 0.2 is 0.3. Division by zero, NaN and ±∞ give 0; `precision` rounds half up.
 *
 * Refs: 'qty' is a main field; 'items.qty' is column qty of sub-table items. Inside a row of items
 * (a calculate column of items), 'items.qty' is that row's cell; anywhere else it is the column's
 * sum over the rows. `planCalculations` orders the calculate fields so each runs after the
 * calculates it reads (topological order) and reports a cycle.
 */
import Big from 'big.js';
import { ExpressionError, checkTokens, tokenize, type Token } from '../core/expression';
import { walkFields } from './fields';
import type { FormData, FormField } from './types';

export { ExpressionError };

export interface CalcRef {
  /** 'qty' or 'items.qty' */
  key: string;
  /** the sub-table's `__vModel__`, or null for a main field */
  table: string | null;
  /** the field's (or column's) `__vModel__` */
  field: string;
}

/** A token of a saved expression: a field ref, an operator or parenthesis, or a number. */
export type CalcToken = { __vModel__: string; label?: string } | string | number;

export interface CompiledExpression {
  /** the fields the expression reads, each once, in order of first appearance */
  refs: CalcRef[];
  /** The value for these field values; never throws; NaN, ±∞ and ÷0 give 0. Not rounded. */
  run(lookup: (ref: CalcRef) => unknown): number;
}

type Op = '+' | '-' | '*' | '/';
type Step = { kind: 'num'; value: Big } | { kind: 'ref'; index: number } | { kind: 'op'; op: Op };

export function refOf(key: string): CalcRef {
  const dot = key.indexOf('.');
  return dot < 0
    ? { key, table: null, field: key }
    : { key, table: key.slice(0, dot), field: key.slice(dot + 1) };
}

/** A saved token list → the strings core/expression reads (refs as '{key}'). */
function toSource(expression: readonly unknown[]): string[] {
  return expression.map((t, i) => {
    if (typeof t === 'number') {
      if (!Number.isFinite(t)) throw new ExpressionError(`token ${i}: not a number`, 'badToken', i);
      return String(t);
    }
    if (typeof t === 'string') return t;
    if (
      typeof t === 'object' &&
      t !== null &&
      typeof (t as { __vModel__?: unknown }).__vModel__ === 'string'
    ) {
      const key = (t as { __vModel__: string }).__vModel__.trim();
      if (key === '') throw new ExpressionError(`token ${i}: empty field`, 'badToken', i);
      return `{${key}}`;
    }
    throw new ExpressionError(`token ${i}: not a field, number or operator`, 'badToken', i);
  });
}

const PRECEDENCE: Readonly<Record<Op, number>> = { '+': 1, '-': 1, '*': 2, '/': 2 };

/** Tokens (grammar already checked) → postfix steps. */
function toPostfix(tokens: readonly Token[], refIndex: (name: string) => number): Step[] {
  const out: Step[] = [];
  const stack: Array<Op | '('> = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'number':
        out.push({ kind: 'num', value: new Big(t.value) });
        break;
      case 'field':
        out.push({ kind: 'ref', index: refIndex(t.name) });
        break;
      case 'operator': {
        // all four are left-associative: pop while the top binds at least as tightly
        for (let top = stack[stack.length - 1]; top && top !== '(' && PRECEDENCE[top] >= PRECEDENCE[t.op];) {
          out.push({ kind: 'op', op: top });
          stack.pop();
          top = stack[stack.length - 1];
        }
        stack.push(t.op);
        break;
      }
      case 'lparen':
        stack.push('(');
        break;
      case 'rparen':
        for (let top = stack.pop(); top !== undefined && top !== '('; top = stack.pop())
          out.push({ kind: 'op', op: top });
        break;
    }
  }
  for (let top = stack.pop(); top !== undefined; top = stack.pop())
    if (top !== '(') out.push({ kind: 'op', op: top });
  return out;
}

const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A value as a decimal: finite numbers, numeric text and Big; anything else (empty, NaN, ±∞) is 0. */
export function toDecimal(value: unknown): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Big(value) : new Big(0);
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return new Big(value.trim());
  return new Big(0);
}

/**
 * Compile a calculate expression once. Throws ExpressionError when the token list is not a
 * well-formed expression (the designer shows it); an empty list is an error too.
 */
export function compileExpression(expression: readonly unknown[]): CompiledExpression {
  const tokens = tokenize(toSource(expression));
  checkTokens(tokens);
  const refs: CalcRef[] = [];
  const index = new Map<string, number>();
  const refIndex = (name: string): number => {
    let i = index.get(name);
    if (i === undefined) {
      i = refs.length;
      index.set(name, i);
      refs.push(refOf(name));
    }
    return i;
  };
  const steps = toPostfix(tokens, refIndex);
  return {
    refs,
    run(lookup) {
      try {
        const values = refs.map((r) => toDecimal(lookup(r)));
        const stack: Big[] = [];
        for (const s of steps) {
          if (s.kind === 'num') stack.push(s.value);
          else if (s.kind === 'ref') stack.push(values[s.index] ?? new Big(0));
          else {
            const b = stack.pop() ?? new Big(0);
            const a = stack.pop() ?? new Big(0);
            stack.push(
              s.op === '+' ? a.plus(b) : s.op === '-' ? a.minus(b) : s.op === '*' ? a.times(b) : a.div(b),
            );
          }
        }
        const n = (stack.pop() ?? new Big(0)).toNumber();
        return Number.isFinite(n) ? n : 0;
      } catch {
        return 0; // big.js throws on ÷0
      }
    },
  };
}

/** Round half up to `precision` decimals (an integer 0–15); other precisions leave the value as is. */
export function roundTo(value: number, precision: unknown): number {
  if (!Number.isFinite(value)) return 0;
  if (typeof precision !== 'number' || !Number.isInteger(precision) || precision < 0 || precision > 15)
    return value;
  return new Big(value).round(precision, Big.roundHalfUp).toNumber();
}

export interface CalcField {
  /** 'total' or 'items.subtotal' */
  key: string;
  /** the sub-table a calculate column belongs to, else null */
  table: string | null;
  name: string;
  field: FormField;
  /** null when the expression does not compile (`error` says why) */
  compiled: CompiledExpression | null;
  error: string | null;
  /** keys read: refs plus, for column sums, the sub-table itself (rows added or removed) */
  deps: string[];
}

export interface CalcPlan {
  /** the calculate fields, each after the calculates it reads */
  order: CalcField[];
  /** the first cycle found, as keys from a field back to itself ('a', 'b', 'a'); null when none */
  cycle: string[] | null;
  /** Calculates to rerun when these keys changed ('qty', 'items.qty' or 'items' for rows), in order. */
  affected(changed: Iterable<string>): CalcField[];
  /** True when some calculate reads this key. */
  isDependency(key: string): boolean;
}

function collectCalcs(form: Pick<FormData, 'fields'>): CalcField[] {
  const out: CalcField[] = [];
  walkFields(form, ({ field, table }) => {
    if (field.__config__.jnpfKey !== 'calculate' || !field.__vModel__) return;
    const tableName = table?.__vModel__ ?? null;
    if (table && !tableName) return; // a column of a sub-table without a data key cannot be addressed
    const key = tableName ? `${tableName}.${field.__vModel__}` : field.__vModel__;
    let compiled: CompiledExpression | null = null;
    let error: string | null = null;
    try {
      compiled = compileExpression(Array.isArray(field.expression) ? field.expression : []);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const deps = new Set<string>();
    for (const r of compiled?.refs ?? []) {
      deps.add(r.key);
      if (r.table !== null && r.table !== tableName) deps.add(r.table);
    }
    if (tableName) deps.add(tableName);
    out.push({ key, table: tableName, name: field.__vModel__, field, compiled, error, deps: [...deps] });
  });
  return out;
}

/** Order calculates so each follows those it reads; report the first cycle. */
export function planCalculations(form: Pick<FormData, 'fields'>): CalcPlan {
  const calcs = collectCalcs(form);
  const byKey = new Map(calcs.map((c) => [c.key, c]));
  const reads = (c: CalcField): CalcField[] =>
    (c.compiled?.refs ?? []).map((r) => byKey.get(r.key)).filter((x): x is CalcField => x !== undefined);

  // depth-first topological sort; a grey node met again closes a cycle
  const state = new Map<string, 'grey' | 'black'>();
  const order: CalcField[] = [];
  let cycle: string[] | null = null;
  const stack: string[] = [];
  const visit = (c: CalcField): void => {
    const s = state.get(c.key);
    if (s === 'black') return;
    if (s === 'grey') {
      if (!cycle) cycle = [...stack.slice(stack.indexOf(c.key)), c.key];
      return;
    }
    state.set(c.key, 'grey');
    stack.push(c.key);
    for (const d of reads(c)) visit(d);
    stack.pop();
    state.set(c.key, 'black');
    order.push(c);
  };
  calcs.forEach(visit);

  // who reads a key (directly): for `affected`
  const readers = new Map<string, CalcField[]>();
  for (const c of order) {
    for (const d of c.deps) {
      const list = readers.get(d) ?? [];
      list.push(c);
      readers.set(d, list);
    }
  }
  const position = new Map(order.map((c, i) => [c.key, i]));

  return {
    order,
    cycle,
    isDependency: (key) => readers.has(key),
    affected(changed) {
      const hit = new Set<CalcField>();
      const queue = [...changed];
      for (let k = queue.shift(); k !== undefined; k = queue.shift()) {
        for (const c of readers.get(k) ?? []) {
          if (hit.has(c)) continue;
          hit.add(c);
          queue.push(c.key);
        }
      }
      return [...hit].sort((a, b) => (position.get(a.key) ?? 0) - (position.get(b.key) ?? 0));
    },
  };
}

type Row = Record<string, unknown>;

function rowsOf(values: Readonly<Record<string, unknown>>, table: string): Row[] {
  const rows = values[table];
  return Array.isArray(rows) ? rows.filter((r): r is Row => typeof r === 'object' && r !== null) : [];
}

/** The sum of a sub-table column (decimal). */
export function columnSum(values: Readonly<Record<string, unknown>>, table: string, column: string): Big {
  return rowsOf(values, table).reduce((sum, row) => sum.plus(toDecimal(row[column])), new Big(0));
}

/** One calculate's value: in `row` of its sub-table when it is a column. Rounded to its precision. */
export function evaluateCalc(
  calc: CalcField,
  values: Readonly<Record<string, unknown>>,
  row?: Readonly<Row>,
): number {
  if (!calc.compiled) return 0;
  const n = calc.compiled.run((ref) => {
    if (ref.table === null) return values[ref.field];
    if (row && ref.table === calc.table) return row[ref.field];
    return columnSum(values, ref.table, ref.field);
  });
  return roundTo(n, calc.field.precision);
}

/**
 * The values with every calculate (or only `only`) recomputed, in plan order: main calculates set
 * on the result, column calculates set in each row (new row objects; untouched rows are kept).
 */
export function applyCalculations(
  plan: CalcPlan,
  values: Readonly<Record<string, unknown>>,
  only: readonly CalcField[] = plan.order,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const calc of only) {
    if (calc.table === null) {
      out[calc.name] = evaluateCalc(calc, out);
      continue;
    }
    const rows = out[calc.table];
    if (!Array.isArray(rows)) continue;
    let changed = false;
    const next = rows.map((r: unknown) => {
      if (typeof r !== 'object' || r === null) return r;
      const row = r as Row;
      const v = evaluateCalc(calc, out, row);
      if (row[calc.name] === v) return row;
      changed = true;
      return { ...row, [calc.name]: v };
    });
    if (changed) out[calc.table] = next;
  }
  return out;
}

/** The form's calculates in topological order (each after the calculates it reads). */
export function calcOrder(form: Pick<FormData, 'fields'>): CalcField[] {
  return planCalculations(form).order;
}

/** The first calculation cycle as keys from a field back to itself, or null. */
export function calcCycle(form: Pick<FormData, 'fields'>): string[] | null {
  return planCalculations(form).cycle;
}
