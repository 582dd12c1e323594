/**
 * Data permissions (pure): a menu's data-permission schemes (JNPF 3.x ModuleDataAuthorizeScheme)
 * checked against the fields its rows offer and compiled, for one viewer, into a predicate over
 * those fields. The SQL side (data-scope-sql.ts) turns a predicate into a WHERE clause; values are
 * always bound parameters and fields are always looked up in the domain's own list, so nothing a
 * scheme holds reaches the SQL text.
 *
 * A scheme's `conditionJson` is what the JNPF 3.x scheme form saves: a list of groups
 * `{logic: 'and' | 'or', groups: [{id, field, type, op, value, …}]}`. A group's items combine by its
 * `logic`; the groups combine by the scheme's `matchLogic` ('and' when absent, as 3.x clients before
 * 3.4 had no such field). Both of 3.x's operator vocabularies are read (`Equal`… of the earlier
 * clients, `==`… of the later ones). A value that is one of the viewer tokens (`@userId`,
 * `@organizeId`…) is the viewer's own attribute; a token the viewer has no value for matches no row
 * (never every row).
 */

/** The viewer attributes a condition's value may name. */
export const VIEWER_TOKENS = [
  '@userId',
  '@userAraSubordinates',
  '@organizeId',
  '@organizationAndSuborganization',
  // the earlier 3.x clients' names: the current department, my subordinates
  '@dempmentId',
  '@subordinateId',
  // ours: the districts the viewer's organisation (and those below it) look after
  '@district',
  // ours: the repair crews the viewer leads (the map domain's, kernel/domain.ts viewerAttributes)
  '@crewId',
] as const;
export type ViewerToken = (typeof VIEWER_TOKENS)[number];
/** A viewer's attributes: each token's values (the user and subordinates, the districts…). */
export type Viewer = Readonly<Record<ViewerToken, readonly string[]>>;

export const SCOPE_OPS = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'in',
  'notIn',
  'like',
  'notLike',
  'null',
  'notNull',
  'between',
] as const;
export type ScopeOp = (typeof SCOPE_OPS)[number];

/** Both JNPF 3.x vocabularies, and ours. */
const OP_NAMES: Readonly<Record<string, ScopeOp>> = {
  Equal: 'eq',
  NotEqual: 'ne',
  GreaterThan: 'gt',
  GreaterThanOrEqual: 'ge',
  LessThan: 'lt',
  LessThanOrEqual: 'le',
  Included: 'in',
  NotIncluded: 'notIn',
  Like: 'like',
  NotLike: 'notLike',
  '==': 'eq',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  in: 'in',
  notIn: 'notIn',
  like: 'like',
  notLike: 'notLike',
  null: 'null',
  notNull: 'notNull',
  between: 'between',
  ...Object.fromEntries(SCOPE_OPS.map((o) => [o, o])),
};

export function scopeOp(name: string): ScopeOp | undefined {
  return Object.prototype.hasOwnProperty.call(OP_NAMES, name) ? OP_NAMES[name] : undefined;
}

export type ScopeValueType = 'text' | 'number';

/** A field a menu's rows can be scoped by. */
export interface ScopeField {
  enCode: string;
  type: ScopeValueType;
}

export type Predicate =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'and' | 'or'; items: Predicate[] }
  | { kind: 'cmp'; field: string; op: ScopeOp; values: Array<string | number> };

export const ALL: Predicate = { kind: 'all' };
export const NONE: Predicate = { kind: 'none' };

export interface SchemeItem {
  field: string;
  op: ScopeOp;
  /** a literal, a token, a list (in / notIn) or a pair (between) */
  value: unknown;
}
export interface SchemeGroup {
  logic: 'and' | 'or';
  items: SchemeItem[];
}

export type Checked = { ok: true; groups: SchemeGroup[] } | { ok: false; path: string; message: string };

const MAX_GROUPS = 20;
const MAX_ITEMS = 50;
const MAX_VALUES = 200;
const MAX_TEXT = 200;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isToken = (v: unknown): v is ViewerToken =>
  typeof v === 'string' && (VIEWER_TOKENS as readonly string[]).includes(v);

/** A literal's values: a list, a JNPF comma list ("a,b"), or one value. */
function literalValues(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string' && v.includes(',')) return v.split(',').map((s) => s.trim());
  return [v];
}

/**
 * A scheme's conditionJson checked against the fields its menu offers: every item names one of
 * them with an operator 3.x knows and a value of the field's type. A refusal names the item
 * (`conditionJson[0].groups[1].value`) and why.
 */
export function checkConditionJson(text: string, fields: readonly ScopeField[]): Checked {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    return { ok: false, path: 'conditionJson', message: '不是有效的 JSON' };
  }
  if (!Array.isArray(parsed)) return { ok: false, path: 'conditionJson', message: '应为条件分组的列表' };
  if (parsed.length > MAX_GROUPS)
    return { ok: false, path: 'conditionJson', message: `最多 ${MAX_GROUPS} 个分组` };
  const byCode = new Map(fields.map((f) => [f.enCode, f]));
  const groups: SchemeGroup[] = [];
  for (const [gi, g] of parsed.entries()) {
    const gp = `conditionJson[${gi}]`;
    if (!isObj(g) || !Array.isArray(g.groups))
      return { ok: false, path: gp, message: '应含 logic 与 groups' };
    const logic = g.logic === undefined ? 'and' : g.logic;
    if (logic !== 'and' && logic !== 'or')
      return { ok: false, path: `${gp}.logic`, message: '应为 and 或 or' };
    if (g.groups.length > MAX_ITEMS)
      return { ok: false, path: `${gp}.groups`, message: `最多 ${MAX_ITEMS} 个条件` };
    const items: SchemeItem[] = [];
    for (const [ii, it] of g.groups.entries()) {
      const ip = `${gp}.groups[${ii}]`;
      if (!isObj(it)) return { ok: false, path: ip, message: '应为条件对象' };
      // 3.4 clients name the column with a `jnpf_` prefix for its sub-tables; the field is its code
      const field = typeof it.field === 'string' ? it.field : '';
      const f = byCode.get(field);
      if (!f)
        return { ok: false, path: `${ip}.field`, message: `不是本菜单数据的字段: ${field.slice(0, 50)}` };
      const op = typeof it.op === 'string' ? scopeOp(it.op) : undefined;
      if (!op)
        return { ok: false, path: `${ip}.op`, message: `不支持的条件符号: ${String(it.op).slice(0, 20)}` };
      const problem = valueProblem(op, it.value, f.type);
      if (problem) return { ok: false, path: `${ip}.value`, message: problem };
      items.push({ field, op, value: it.value });
    }
    groups.push({ logic, items });
  }
  return { ok: true, groups };
}

/** The fields a scheme's conditionJson names (none when it does not read as groups). */
export function fieldsOfConditionJson(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((g: unknown) =>
    isObj(g) && Array.isArray(g.groups)
      ? g.groups.flatMap((it: unknown) => (isObj(it) && typeof it.field === 'string' ? [it.field] : []))
      : [],
  );
}

function valueProblem(op: ScopeOp, value: unknown, type: ScopeValueType): string | null {
  if (op === 'null' || op === 'notNull') return null;
  if (isToken(value)) return op === 'between' ? '介于不能取当前用户的属性' : null;
  if (typeof value === 'string' && value.startsWith('@')) return `未知的系统变量: ${value.slice(0, 50)}`;
  const values = literalValues(value);
  if (op === 'between' && values.length !== 2) return '介于需要两个值';
  if (values.length === 0) return '缺少值';
  if (values.length > MAX_VALUES) return `最多 ${MAX_VALUES} 个值`;
  for (const v of values) {
    if (type === 'number') {
      if (
        typeof v === 'number'
          ? !Number.isFinite(v)
          : typeof v !== 'string' || !Number.isFinite(Number(v)) || v.trim() === ''
      )
        return '应为数字';
    } else if (typeof v !== 'string' && typeof v !== 'number') return '应为文本';
    else if (String(v).length > MAX_TEXT) return `最长 ${MAX_TEXT} 个字符`;
  }
  return null;
}

const NEGATIVE: ReadonlySet<ScopeOp> = new Set(['ne', 'notIn', 'notLike']);

/** One item for one viewer. */
function itemPredicate(item: SchemeItem, type: ScopeValueType, viewer: Viewer): Predicate {
  const { field, op } = item;
  if (op === 'null' || op === 'notNull') return { kind: 'cmp', field, op, values: [] };
  const cast = (v: unknown): string | number => (type === 'number' ? Number(v) : String(v));
  if (isToken(item.value)) {
    const values = [...new Set(viewer[item.value])];
    // nobody to compare with: a positive condition matches no row, a negative one excludes none
    if (values.length === 0) return NEGATIVE.has(op) ? ALL : NONE;
    const many = values.length > 1;
    const eqOp: ScopeOp = op === 'eq' ? (many ? 'in' : 'eq') : op === 'ne' ? (many ? 'notIn' : 'ne') : op;
    if (many && !['in', 'notIn'].includes(eqOp)) {
      // "greater than my subordinates" means nothing in particular: any of them (or none of them)
      const each = values.map((v): Predicate => ({ kind: 'cmp', field, op, values: [cast(v)] }));
      return { kind: NEGATIVE.has(op) ? 'and' : 'or', items: each };
    }
    return { kind: 'cmp', field, op: eqOp, values: values.map(cast) };
  }
  const values = literalValues(item.value).map(cast);
  if (op === 'eq' && values.length > 1) return { kind: 'cmp', field, op: 'in', values };
  if (op === 'ne' && values.length > 1) return { kind: 'cmp', field, op: 'notIn', values };
  return {
    kind: 'cmp',
    field,
    op,
    values: op === 'in' || op === 'notIn' || op === 'between' ? values : values.slice(0, 1),
  };
}

/** `and` / `or` with the constants folded: `all` and `none` never reach the SQL inside a list. */
export function combine(kind: 'and' | 'or', items: readonly Predicate[]): Predicate {
  const out: Predicate[] = [];
  for (const p of items) {
    if (p.kind === (kind === 'and' ? 'all' : 'none')) continue;
    if (p.kind === (kind === 'and' ? 'none' : 'all')) return p;
    if (p.kind === kind) out.push(...p.items);
    else out.push(p);
  }
  if (out.length === 0) return kind === 'and' ? ALL : NONE;
  return out.length === 1 && out[0] ? out[0] : { kind, items: out };
}

export interface SchemeRule {
  /** the built-in "all data" (3.x: allData / jnpf_alldata) */
  allData: boolean;
  conditionJson: string;
  matchLogic: 'and' | 'or';
}

/**
 * A scheme for one viewer. A scheme that no longer checks (a field the menu dropped) matches no
 * row: a broken rule never widens what someone sees.
 */
export function schemePredicate(
  scheme: SchemeRule,
  fields: readonly ScopeField[],
  viewer: Viewer,
): Predicate {
  if (scheme.allData) return ALL;
  const checked = checkConditionJson(scheme.conditionJson, fields);
  if (!checked.ok) return NONE;
  const types = new Map(fields.map((f) => [f.enCode, f.type]));
  return combine(
    scheme.matchLogic,
    checked.groups.map((g) =>
      combine(
        g.logic,
        g.items.map((i) => itemPredicate(i, types.get(i.field) ?? 'text', viewer)),
      ),
    ),
  );
}

/**
 * What a viewer may see of a menu's rows: the union of the schemes granted to them (several roles,
 * a position, the user's own grants). `null`: nothing granted, so nothing restricts the menu.
 */
export function grantedScope(
  granted: readonly SchemeRule[],
  fields: readonly ScopeField[],
  viewer: Viewer,
): Predicate | null {
  if (granted.length === 0) return null;
  return combine(
    'or',
    granted.map((s) => schemePredicate(s, fields, viewer)),
  );
}

/** Whether one row (its fields' values) is inside a predicate: the same rule the SQL applies. */
export function rowInScope(p: Predicate, row: Readonly<Record<string, unknown>>): boolean {
  switch (p.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'and':
      return p.items.every((i) => rowInScope(i, row));
    case 'or':
      return p.items.some((i) => rowInScope(i, row));
    case 'cmp': {
      const v = row[p.field];
      if (p.op === 'null') return v === null || v === undefined || v === '';
      if (p.op === 'notNull') return !(v === null || v === undefined || v === '');
      if (v === null || v === undefined) return false;
      const num = typeof p.values[0] === 'number';
      const x = num ? Number(v) : String(v);
      const [a, b] = p.values;
      switch (p.op) {
        case 'eq':
          return x === a;
        case 'ne':
          return x !== a;
        case 'in':
          return p.values.includes(x);
        case 'notIn':
          return !p.values.includes(x);
        case 'gt':
          return a !== undefined && x > a;
        case 'ge':
          return a !== undefined && x >= a;
        case 'lt':
          return a !== undefined && x < a;
        case 'le':
          return a !== undefined && x <= a;
        case 'between':
          return a !== undefined && b !== undefined && x >= a && x <= b;
        case 'like':
          return String(x).toLowerCase().includes(String(a).toLowerCase());
        case 'notLike':
          return !String(x).toLowerCase().includes(String(a).toLowerCase());
        default:
          return false;
      }
    }
  }
}
