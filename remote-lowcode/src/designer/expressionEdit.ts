/**
 * The calculate expression editor's rules (pure). The expression is formcore's token list: field
 * refs `{ __vModel__, label }` ('qty', or 'items.qty' for a sub-table column), numbers (text, one
 * token per number) and + - × ÷ ( ). The editor offers only buttons: the numeric fields, digits and
 * the operators, so no field name is ever typed.
 */
import {
  SUMMABLE_KEYS,
  valueFields,
  walkFields,
  type CalcToken,
  type FormData,
  type FormField,
  type JnpfKey,
} from '@lighting/shared/formcore';

export type Key =
  | { kind: 'digit'; digit: string }
  | { kind: 'op'; op: string }
  | { kind: 'field'; key: string; label: string };

export const OPERATORS = ['+', '-', '×', '÷', '(', ')'] as const;
export const DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0', '.'] as const;

const NUMBER_TEXT = /^\d*\.?\d*$/;
const isNumberText = (t: CalcToken | undefined): t is string =>
  typeof t === 'string' && t !== '' && NUMBER_TEXT.test(t);

/** The expression after pressing a key: digits extend the number being written. */
export function press(expr: readonly CalcToken[], key: Key): CalcToken[] {
  const last = expr[expr.length - 1];
  switch (key.kind) {
    case 'digit':
      if (isNumberText(last)) {
        if (key.digit === '.' && last.includes('.')) return [...expr];
        return [...expr.slice(0, -1), last + key.digit];
      }
      return [...expr, key.digit === '.' ? '0.' : key.digit];
    case 'op':
      return [...expr, key.op];
    case 'field':
      return [...expr, { __vModel__: key.key, label: key.label }];
  }
}

/** Removes the last character of a number being written, else the last token. */
export function backspace(expr: readonly CalcToken[]): CalcToken[] {
  const last = expr[expr.length - 1];
  if (isNumberText(last) && last.length > 1) return [...expr.slice(0, -1), last.slice(0, -1)];
  return expr.slice(0, -1);
}

/** A token as shown: a field by its label (its key when it has none), the rest as written. */
export function tokenText(t: CalcToken, labels: ReadonlyMap<string, string>): string {
  if (typeof t === 'object') return labels.get(t.__vModel__) ?? t.label ?? t.__vModel__;
  return String(t);
}

const NUMERIC: ReadonlySet<string> = new Set<JnpfKey>([...SUMMABLE_KEYS]);

export interface Candidate {
  /** the ref: 'qty' or 'items.qty' */
  key: string;
  label: string;
  /** for a column: true when it means this row's cell, false when it means the column's sum */
  row?: boolean;
}

/**
 * The numeric fields a calculate may read: the form's numeric main fields and sub-table columns
 * (a column means the row's cell for a calculate in that sub-table, the column's sum elsewhere),
 * never the calculate itself.
 */
export function candidates(form: Pick<FormData, 'fields'>, self: FormField): Candidate[] {
  let selfTable: string | null = null;
  walkFields(form, ({ field, table }) => {
    if (field === self) selfTable = table?.__vModel__ ?? null;
  });
  const out: Candidate[] = [];
  for (const v of valueFields(form)) {
    if (v.columns) {
      for (const c of v.columns) {
        if (c.field === self || !NUMERIC.has(c.field.__config__.jnpfKey)) continue;
        out.push({
          key: c.key,
          label: `${v.field.__config__.label}.${c.field.__config__.label}`,
          row: v.key === selfTable,
        });
      }
    } else if (v.field !== self && NUMERIC.has(v.field.__config__.jnpfKey)) {
      out.push({ key: v.key, label: v.field.__config__.label });
    }
  }
  return out;
}
