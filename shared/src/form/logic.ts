/**
 * The renderer's pure decisions (no React, no I/O): initial values from the form's defaults, who
 * may see and write a field (mode, a workflow node's operates), safe text styles, paths in
 * selector trees, the sub-table's row keys, which values a calculation pass changed, and which
 * controls a form shows (their modules load when a form shows them).
 */
import {
  applyCalculations,
  controlInfo,
  valueFields,
  type CalcField,
  type CalcPlan,
  type FieldOperate,
  type FormData,
  type FormField,
} from '@lighting/shared/formcore';

type Values = Record<string, unknown>;

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/**
 * Every control a form shows, by jnpfKey, once each: its fields, the fields inside its layout
 * containers (rows, cards, tabs, collapses and their panes) and its sub-tables' columns.
 */
export function controlKeysOf(form: Pick<FormData, 'fields'>): string[] {
  const keys = new Set<string>();
  const walk = (fields: readonly FormField[]): void => {
    for (const f of fields) {
      keys.add(f.__config__.jnpfKey);
      walk(f.__config__.children ?? []);
    }
  };
  walk(form.fields);
  return [...keys];
}

/** A new sub-table row: each column's default value. */
export function newRow(table: FormField): Values {
  const row: Values = {};
  for (const c of table.__config__.children ?? []) {
    if (!c.__vModel__ || !controlInfo(c.__config__.jnpfKey)?.hasValue) continue;
    const d = c.__config__.defaultValue;
    if (d !== undefined && d !== null && d !== '') row[c.__vModel__] = clone(d);
  }
  return row;
}

/** The values a form opens with: the given values, else each field's default (sub-tables: []). */
export function initialValuesOf(form: Pick<FormData, 'fields'>, initial: Values = {}): Values {
  const out: Values = { ...initial };
  for (const v of valueFields(form)) {
    if (Object.prototype.hasOwnProperty.call(out, v.key)) continue;
    if (v.field.__config__.jnpfKey === 'table') {
      out[v.key] = [];
      continue;
    }
    const d = v.field.__config__.defaultValue;
    if (d !== undefined && d !== null && d !== '') out[v.key] = clone(d);
  }
  return out;
}

/**
 * When a field is checked (antd's validateTrigger): on its designed trigger (JNPF's `trigger`:
 * blur for text boxes, change for choices; change when unset) and always when it is left.
 */
export function validateTriggersOf(field: FormField): Array<'onChange' | 'onBlur'> {
  const tr = field.__config__.trigger;
  const list = Array.isArray(tr) ? tr : tr ? [tr] : ['change'];
  const out = new Set<'onChange' | 'onBlur'>(list.map((x) => (x === 'blur' ? 'onBlur' : 'onChange')));
  out.add('onBlur');
  return [...out];
}

export interface FieldAccess {
  hidden: boolean;
  disabled: boolean;
  required: boolean;
}

/**
 * What the user may do with a field: read mode and a disabled form make everything read-only; a
 * workflow node's operate hides (read false), locks (write false) or requires a field; system
 * controls, bill numbers and calculates are never written by hand. Hidden system fields (noShow).
 */
export function fieldAccess(
  key: string | undefined,
  field: FormField,
  ctx: { mode: 'edit' | 'read'; operates: ReadonlyMap<string, FieldOperate>; formDisabled?: boolean },
): FieldAccess {
  const op = key ? ctx.operates.get(key) : undefined;
  const jnpfKey = field.__config__.jnpfKey;
  const info = controlInfo(jnpfKey);
  const auto = info?.group === 'system' || jnpfKey === 'billRule' || jnpfKey === 'calculate';
  const hidden = (op !== undefined && !op.read) || field.__config__.noShow === true;
  const disabled =
    ctx.mode === 'read' ||
    ctx.formDisabled === true ||
    field.disabled === true ||
    (op !== undefined && !op.write) ||
    auto;
  const required = !disabled && (op?.required ?? field.__config__.required === true);
  return { hidden, disabled, required };
}

const STYLE_KEYS: Readonly<Record<string, string>> = {
  color: 'color',
  'text-align': 'textAlign',
  textAlign: 'textAlign',
  'font-weight': 'fontWeight',
  fontWeight: 'fontWeight',
  'font-style': 'fontStyle',
  fontStyle: 'fontStyle',
  'text-decoration': 'textDecoration',
  textDecoration: 'textDecoration',
  'line-height': 'lineHeight',
  lineHeight: 'lineHeight',
  'font-size': 'fontSize',
  fontSize: 'fontSize',
};
const SAFE_VALUE = /^[#\w\s.,%()-]{0,40}$/;

/**
 * A text control's style, keeping only text properties with plain values (no url(), no
 * expressions): saved JSON is not trusted to style the page. Numbers are pixels.
 */
export function textStyleOf(raw: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [k, v] of Object.entries(raw as Values)) {
    const key = STYLE_KEYS[k];
    if (!key) continue;
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = key === 'lineHeight' ? `${v}px` : v;
    else if (typeof v === 'string' && SAFE_VALUE.test(v) && !/url|expression/i.test(v)) out[key] = v;
  }
  return out;
}

export interface TreeNodeLike {
  id: string;
  fullName?: string;
  type?: unknown;
  children?: TreeNodeLike[] | null;
}

/** The ids from a root down to `id` (inclusive), or [] when it is not in the tree. */
export function treePath(tree: readonly TreeNodeLike[], id: string): string[] {
  for (const n of tree) {
    if (n.id === id) return [n.id];
    const inner = treePath(n.children ?? [], id);
    if (inner.length) return [n.id, ...inner];
  }
  return [];
}

/** The name a selector tree gives `id` (a user's 'realName/account'), or null when it is not in it. */
export function nameInTree(tree: readonly TreeNodeLike[], id: string): string | null {
  for (const n of tree) {
    if (n.id === id) return n.fullName ?? null;
    const inner = nameInTree(n.children ?? [], id);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * The selector tree the id a system control stores is named in: the creator and modifier among
 * the users, the creator's company and department among the organisations, their position among
 * the positions (issue 25: an approver read `u-operator` where the form meant 李明).
 */
export const SYSTEM_VALUE_TREES = {
  createUser: 'userSelect',
  modifyUser: 'userSelect',
  currOrganize: 'organizeSelect',
  currDept: 'organizeSelect',
  currPosition: 'posSelect',
} as const;

/** A system control's stored value as text: each id by its name in `tree` (an unknown id as itself). */
export function systemValueText(tree: readonly TreeNodeLike[], value: unknown): string {
  const ids = (v: unknown): string[] =>
    Array.isArray(v) ? v.flatMap(ids) : typeof v === 'string' || typeof v === 'number' ? [String(v)] : [];
  return ids(value)
    .filter((id) => id !== '')
    .map((id) => nameInTree(tree, id) ?? id)
    .join(',');
}

export interface ChoosableNode {
  id: string;
  fullName: string;
  selectable: boolean;
  disableCheckbox: boolean;
  children?: ChoosableNode[];
}

/**
 * Selector trees (spec §5: a single-select tree restricted to a type accepts only nodes of that
 * type): nodes of other types stay for navigation but cannot be chosen.
 */
export function restrictToType(tree: readonly TreeNodeLike[], type: string | null): ChoosableNode[] {
  return tree.map((n) => {
    const ok = type === null || n.type === type;
    const kids = n.children ?? [];
    return {
      id: n.id,
      fullName: n.fullName ?? n.id,
      selectable: ok,
      disableCheckbox: !ok,
      ...(kids.length ? { children: restrictToType(kids, type) } : {}),
    };
  });
}

/** Keys for a sub-table's rows: kept for the rows that stayed, fresh for the rest. */
export function reconcileKeys(keys: readonly string[], length: number, fresh: () => string): string[] {
  if (keys.length === length) return [...keys];
  if (keys.length > length) return keys.slice(0, length);
  const out = [...keys];
  while (out.length < length) out.push(fresh());
  return out;
}

/**
 * Run the affected calculates over the values and say what changed: the main calculates' new
 * values and the sub-tables whose rows got new calculated cells. Values that did not change are
 * left out, so setting them re-renders only the fields that show them.
 */
export function calculationChanges(
  plan: CalcPlan,
  values: Readonly<Values>,
  affected: readonly CalcField[] = plan.order,
): Values {
  const next = applyCalculations(plan, values, affected);
  const changed: Values = {};
  for (const calc of affected) {
    const key = calc.table ?? calc.name;
    if (next[key] !== values[key]) changed[key] = next[key];
  }
  return changed;
}

/**
 * The columns of a relationForm's record picker (JNPF's table popup): the columns its designer
 * chose (`columnOptions`, `{value, label}`), else its shown field under the control's own label.
 */
export function relationPickerColumns(field: FormField): Array<{ key: string; title: string }> {
  const chosen = Array.isArray(field.columnOptions) ? (field.columnOptions as unknown[]) : [];
  const out: Array<{ key: string; title: string }> = [];
  for (const c of chosen) {
    if (typeof c !== 'object' || c === null) continue;
    const { value, label } = c as { value?: unknown; label?: unknown };
    if (typeof value !== 'string' || !value || out.some((o) => o.key === value)) continue;
    out.push({ key: value, title: typeof label === 'string' && label ? label : value });
  }
  const shown = typeof field.relationField === 'string' ? field.relationField : '';
  if (out.length === 0 && shown) out.push({ key: shown, title: field.__config__.label || shown });
  return out;
}
