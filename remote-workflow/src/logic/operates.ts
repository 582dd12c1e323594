// The drawer's per-field permission table (read / write / required for each form field at one
// node): rows for every field with flowcore's defaults where the node lists nothing, and the
// toggles that keep a row consistent (write needs read, required needs write). Pure.
import { fieldAccess, type FlowFormField, type FormOperate } from '@lighting/shared/flowcore';

export interface OperateRow extends FormOperate {
  label: string;
  /** a sub-table column ('table.column'): shown under its table */
  table: string | null;
}

/** A row for every field, in the form's order; the node's own entries win over the defaults. */
export function operateRows(
  fields: readonly FlowFormField[],
  current: readonly FormOperate[],
  isStart: boolean,
): OperateRow[] {
  return fields.map((f) => {
    const a = fieldAccess(current, f.key, isStart);
    return {
      id: f.key,
      label: f.label,
      table: f.table ?? null,
      read: a.read,
      write: a.write,
      required: a.required,
    };
  });
}

export type OperateKey = 'read' | 'write' | 'required';

/** Sets one switch of one row and what it implies for the others of that row. */
export function toggleOperate(
  rows: readonly OperateRow[],
  id: string,
  key: OperateKey,
  on: boolean,
): OperateRow[] {
  return rows.map((r) => (r.id === id ? applyToggle(r, key, on) : r));
}

/** Sets one switch on every row (the column header's check box). */
export function toggleAll(rows: readonly OperateRow[], key: OperateKey, on: boolean): OperateRow[] {
  return rows.map((r) => applyToggle(r, key, on));
}

function applyToggle(r: OperateRow, key: OperateKey, on: boolean): OperateRow {
  if (key === 'read') return on ? { ...r, read: true } : { ...r, read: false, write: false, required: false };
  if (key === 'write')
    return on ? { ...r, read: true, write: true } : { ...r, write: false, required: false };
  return on ? { ...r, read: true, write: true, required: true } : { ...r, required: false };
}

/** The rows as the node saves them (JNPF's formOperates: {id, read, write, required}). */
export function toOperates(rows: readonly OperateRow[]): FormOperate[] {
  return rows.map(({ id, read, write, required }) => ({ id, read, write, required }));
}

/** The header check box's state for a column: all, none or some rows on. */
export function columnState(rows: readonly OperateRow[], key: OperateKey): 'all' | 'none' | 'some' {
  const n = rows.filter((r) => r[key]).length;
  return n === 0 ? 'none' : n === rows.length ? 'all' : 'some';
}
