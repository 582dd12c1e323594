/**
 * A sub-table's summary row (spec §5, design/lowcode.md): labelled 合计, it sums only amount,
 * number, slider and calculate columns (SUMMABLE_KEYS), in decimal; when the designer picked
 * columns (`summaryField`), only those of them.
 */
import Big from 'big.js';
import { toDecimal } from './calculate';
import { SUMMABLE_KEYS, type FormField, type JnpfKey } from './types';

export const SUMMARY_LABEL = '合计';

/** The columns the summary row sums, in column order. */
export function summaryColumns(table: FormField): FormField[] {
  const picked = Array.isArray(table.summaryField)
    ? (table.summaryField as unknown[]).filter((x) => typeof x === 'string')
    : [];
  return (table.__config__.children ?? []).filter(
    (c) =>
      typeof c.__vModel__ === 'string' &&
      SUMMABLE_KEYS.has(c.__config__.jnpfKey as JnpfKey) &&
      (picked.length === 0 || picked.includes(c.__vModel__)),
  );
}

export interface ColumnTotal {
  value: number;
  /** the sum written with the column's precision when it has one ('12.50'), else as computed */
  text: string;
}

function precisionOf(column: FormField): number | undefined {
  const p = column.precision;
  return typeof p === 'number' && Number.isInteger(p) && p >= 0 && p <= 15 ? p : undefined;
}

/** The summary row: each summed column's total by `__vModel__`. Cells that are not numbers count 0. */
export function summarize(table: FormField, rows: readonly unknown[]): Record<string, ColumnTotal> {
  const out: Record<string, ColumnTotal> = {};
  for (const column of summaryColumns(table)) {
    const name = column.__vModel__ as string;
    let sum = new Big(0);
    for (const row of rows)
      if (typeof row === 'object' && row !== null)
        sum = sum.plus(toDecimal((row as Record<string, unknown>)[name]));
    const p = precisionOf(column);
    out[name] = {
      value: sum.toNumber(),
      text: p === undefined ? sum.toString() : sum.toFixed(p, Big.roundHalfUp),
    };
  }
  return out;
}
