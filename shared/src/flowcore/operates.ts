/**
 * Per-node field permissions (formOperates): what each node's handler may see, change and must
 * fill. The same rules run in the task page (which fields are shown, editable, required) and on
 * the server (what it sends, what it keeps of a submit, what it refuses as missing).
 *
 * A field a node does not list: the start node (the initiator's form) reads and writes it; an
 * approver node reads it and cannot change it.
 */
import type { FlowNode, FormOperate } from './types';

export interface FieldAccess {
  read: boolean;
  write: boolean;
  required: boolean;
}

const START_DEFAULT: FieldAccess = { read: true, write: true, required: false };
const APPROVER_DEFAULT: FieldAccess = { read: true, write: false, required: false };

/** Which node's operates apply: the start node's for the initiator, the approver node's for its handlers. */
export function operatesOf(node: FlowNode | null | undefined): { operates: FormOperate[]; isStart: boolean } {
  if (!node) return { operates: [], isStart: false };
  const list = (node.properties as { formOperates?: unknown }).formOperates;
  return { operates: Array.isArray(list) ? (list as FormOperate[]) : [], isStart: node.type === 'start' };
}

/** One field's access (a column 'items.qty' falls back to its table's entry). */
export function fieldAccess(operates: readonly FormOperate[], key: string, isStart: boolean): FieldAccess {
  const own = operates.find((o) => o.id === key);
  const table = key.includes('.') ? operates.find((o) => o.id === key.slice(0, key.indexOf('.'))) : undefined;
  const o = own ?? table;
  const base = isStart ? START_DEFAULT : APPROVER_DEFAULT;
  if (!o) return base;
  const read = o.read !== false;
  const write = read && o.write === true;
  return { read, write, required: write && o.required === true };
}

/**
 * The data a handler's save leaves: changed values of the fields the node may write, the
 * previous values of every other field (main fields by key; sub-tables are written whole).
 */
export function mergeWritable(
  previous: Readonly<Record<string, unknown>>,
  submitted: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  operates: readonly FormOperate[],
  isStart: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...previous };
  for (const key of keys) {
    if (!fieldAccess(operates, key, isStart).write) continue;
    if (Object.prototype.hasOwnProperty.call(submitted, key)) out[key] = submitted[key];
  }
  return out;
}

/** The data without the fields the node may not read (what is sent to its handlers). */
export function readableData(
  data: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  operates: readonly FormOperate[],
  isStart: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const known = new Set(keys);
  for (const [k, v] of Object.entries(data)) {
    if (!known.has(k) || fieldAccess(operates, k, isStart).read) out[k] = v;
  }
  return out;
}

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Fields the node requires that are empty in `data`. */
export function missingRequired(
  data: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  operates: readonly FormOperate[],
  isStart: boolean,
): string[] {
  return keys.filter(
    (k) => !k.includes('.') && fieldAccess(operates, k, isStart).required && isBlank(data[k]),
  );
}
