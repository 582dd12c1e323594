/**
 * The list JSON (columnData) of a form + list model, and what a published list does with it (issue
 * 13): the shape with its defaults (`normalizeColumnData`), what makes a list broken against its
 * form (`listDesignProblems`), how each column and search field is searched and sorted
 * (`searchModeOf`, `keyKindOf`), the index keys a record stores for that (`keyValue`, `assignSlots`:
 * the server's `lowcode_record_key` slots), the buttons the list has and their permission codes,
 * and the filters a list call carries (`parseListQuery`).
 *
 * Pure: the list designer, the runtime page, the code generator and the server all import it, so a
 * list the designer accepts is the list the server serves.
 */
import { controlInfo, fieldValueType } from './controls';
import { isDisplayOnly, valueFields } from './fields';
import type { ColumnData, ColumnItem, FormData, FormField } from './types';

/* ---------- buttons ---------- */

export type TopButton = ColumnData['btnsList'][number]['value'];
export type RowButton = ColumnData['columnBtnsList'][number]['value'];

/** The permission code (spec §6) of each list button. */
export const BUTTON_CODES: Readonly<Record<TopButton | RowButton, string>> = {
  add: 'btn_add',
  download: 'btn_download',
  upload: 'btn_upload',
  batchRemove: 'btn_remove',
  edit: 'btn_edit',
  remove: 'btn_remove',
  detail: 'btn_detail',
};

/** The buttons' names in the permission catalogue (Chinese, as the catalogue stores names). */
export const BUTTON_NAMES: Readonly<Record<string, string>> = {
  btn_add: '新增',
  btn_edit: '编辑',
  btn_remove: '删除',
  btn_detail: '详情',
  btn_download: '导出',
  btn_upload: '导入',
};

export const TOP_BUTTONS: readonly TopButton[] = ['add', 'download', 'upload', 'batchRemove'];
export const ROW_BUTTONS: readonly RowButton[] = ['edit', 'remove', 'detail'];

/** The permission codes a list's buttons need, in catalogue order (a form-only model: add). */
export function listButtonCodes(cd: ColumnData | null): string[] {
  if (!cd) return ['btn_add'];
  const used = new Set<string>([
    ...cd.btnsList.map((b) => BUTTON_CODES[b.value]),
    ...cd.columnBtnsList.map((b) => BUTTON_CODES[b.value]),
  ]);
  return Object.keys(BUTTON_NAMES).filter((c) => used.has(c));
}

/* ---------- shape and defaults ---------- */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 20;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function item(v: unknown): ColumnItem | null {
  if (!isObj(v) || !str(v.prop)) return null;
  const out: ColumnItem = { label: str(v.label) || str(v.prop), prop: str(v.prop) };
  if (v.align === 'left' || v.align === 'center' || v.align === 'right') out.align = v.align;
  const width = typeof v.width === 'string' ? Number(v.width) : v.width;
  if (typeof width === 'number' && Number.isFinite(width) && width > 0) out.width = Math.round(width);
  if (v.sortable === true) out.sortable = true;
  if (typeof v.jnpfKey === 'string') out.jnpfKey = v.jnpfKey as ColumnItem['jnpfKey'];
  return out;
}

function buttons<T extends string>(v: unknown, allowed: readonly T[]): Array<{ value: T; label: string }> {
  if (!Array.isArray(v)) return [];
  const out: Array<{ value: T; label: string }> = [];
  for (const b of v) {
    const value = isObj(b) ? str(b.value) : '';
    if ((allowed as readonly string[]).includes(value) && !out.some((x) => x.value === value))
      out.push({ value: value as T, label: isObj(b) ? str(b.label) : '' });
  }
  return out;
}

/** The list JSON a new form + list model starts with. */
export function emptyColumnData(): ColumnData {
  return {
    searchList: [],
    columnList: [],
    type: 1,
    defaultSidx: '',
    sort: 'desc',
    hasPage: true,
    pageSize: DEFAULT_LIST_PAGE_SIZE,
    btnsList: [
      { value: 'add', label: '' },
      { value: 'download', label: '' },
      { value: 'upload', label: '' },
      { value: 'batchRemove', label: '' },
    ],
    columnBtnsList: [
      { value: 'edit', label: '' },
      { value: 'remove', label: '' },
      { value: 'detail', label: '' },
    ],
  };
}

/**
 * A saved list JSON (text or parsed, ours or JNPF's) → our shape with every default; '' or
 * anything unreadable → null (the model has no list yet). Unknown keys are dropped.
 */
export function normalizeColumnData(raw: unknown): ColumnData | null {
  let v: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return null;
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!isObj(v)) return null;
  const base = emptyColumnData();
  const list = (x: unknown) => (Array.isArray(x) ? x.map(item).filter((c): c is ColumnItem => !!c) : []);
  const pageSize = Number(v.pageSize);
  const out: ColumnData = {
    ...base,
    searchList: list(v.searchList),
    columnList: list(v.columnList),
    type: v.type === 2 || v.type === 3 ? v.type : 1,
    defaultSidx: str(v.defaultSidx),
    sort: v.sort === 'asc' ? 'asc' : 'desc',
    hasPage: v.hasPage !== false,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_PAGE_SIZE,
    btnsList: 'btnsList' in v ? buttons(v.btnsList, TOP_BUTTONS) : base.btnsList,
    columnBtnsList: 'columnBtnsList' in v ? buttons(v.columnBtnsList, ROW_BUTTONS) : base.columnBtnsList,
  };
  if (str(v.treeTitle)) out.treeTitle = str(v.treeTitle);
  if (str(v.treeRelation)) out.treeRelation = str(v.treeRelation);
  if (str(v.groupField)) out.groupField = str(v.groupField);
  return out;
}

/* ---------- searching and sorting a field ---------- */

/** How a record's index key holds a field: as lower-case text, or as a number. */
export type KeyKind = 'text' | 'number';

/**
 * How a search field filters: `contains` (text typed), `equals` (one option, switch), `has` (one
 * of a list's values: checkboxes, paths, multiple selects), `range` ([from, to], numbers and dates).
 */
export type SearchMode = 'contains' | 'equals' | 'has' | 'range';

/** Controls holding the id of a person, unit, position or related record: found by that id. */
const ID_KEYS: ReadonlySet<string> = new Set([
  'depSelect',
  'posSelect',
  'userSelect',
  'relationForm',
  'createUser',
  'modifyUser',
  'currOrganize',
  'currDept',
  'currPosition',
  'colorPicker',
]);
/** System controls that hold a time as 'YYYY-MM-DD HH:mm:ss' text (ranges compare as text). */
const TIME_TEXT_KEYS: ReadonlySet<string> = new Set(['createTime', 'modifyTime']);

/** How a field's index key holds it, or null when it cannot be searched or sorted. */
export function keyKindOf(field: FormField): KeyKind | null {
  const key = field.__config__.jnpfKey;
  if (key === 'PsdInput' || key === 'editor') return null;
  switch (fieldValueType(field)) {
    case 'number':
      return 'number';
    case 'string':
    case 'switch':
    case 'option':
    case 'option[]':
    case 'path':
    case 'path[]':
    case 'string[]':
      return 'text';
    default:
      return null;
  }
}

/** How a search field filters, or null when the field cannot be a search field. */
export function searchModeOf(field: FormField): SearchMode | null {
  const kind = keyKindOf(field);
  if (!kind) return null;
  const key = field.__config__.jnpfKey;
  if (kind === 'number' || TIME_TEXT_KEYS.has(key)) return 'range';
  const type = fieldValueType(field);
  if (type === 'option' || type === 'switch' || ID_KEYS.has(key)) return 'equals';
  if (type === 'string') return 'contains';
  return 'has';
}

/** Whether a column of this field may be sortable (lists and paths do not sort meaningfully). */
export function sortableField(field: FormField): boolean {
  const t = fieldValueType(field);
  return keyKindOf(field) !== null && (t === 'number' || t === 'string' || t === 'switch' || t === 'option');
}

/** At most this many characters of a text key are kept (sorting and searching read them). */
export const KEY_TEXT_MAX = 500;

const flat = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(flat)
    : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? [String(v)]
      : [];

/**
 * A field's value as its index key: text lower-cased (lists and paths as ',a,b,', so `has` looks
 * for ',x,'), numbers as numbers; null when empty. One function for the record's write, the key
 * rebuild and the filters, so a key and a filter always compare alike.
 */
export function keyValue(field: FormField, value: unknown): string | number | null {
  const kind = keyKindOf(field);
  return kind ? keyOf(kind, value) : null;
}

/** `keyValue` for a key of `kind` (the slot's kind: 't…' text, 'n…' number). */
export function keyOf(kind: KeyKind, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (kind === 'number') {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value !== 'string' || value.trim() === '') return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  const parts = flat(value);
  if (!parts.length) return null;
  const text = Array.isArray(value) ? `,${parts.join(',')},` : (parts[0] ?? '');
  return text === '' ? null : text.toLowerCase().slice(0, KEY_TEXT_MAX);
}

/** The kind of a slot ('t3' text, 'n1' number). */
export const slotKind = (slot: string): KeyKind => (slot.startsWith('n') ? 'number' : 'text');

/* ---------- index slots ---------- */

/** The record index's columns (server `lowcode_record_key`): t0–t9 text, n0–n4 numbers. */
export const TEXT_SLOTS = 10;
export const NUMBER_SLOTS = 5;
export type SlotMap = Record<string, string>;

/** The main fields a list searches, sorts, groups or filters by tree, with their key kind. */
export function keyedFields(cd: ColumnData | null, form: Pick<FormData, 'fields'>): Map<string, KeyKind> {
  const out = new Map<string, KeyKind>();
  if (!cd) return out;
  const fields = mainFields(form);
  const want = [
    ...cd.searchList.map((s) => s.prop),
    ...cd.columnList.filter((c) => c.sortable).map((c) => c.prop),
    cd.defaultSidx ?? '',
    cd.groupField ?? '',
    cd.treeRelation ?? '',
  ];
  for (const prop of want) {
    const f = fields.get(prop);
    const kind = f ? keyKindOf(f) : null;
    if (kind) out.set(prop, kind);
  }
  return out;
}

/**
 * Gives each wanted field a slot of its kind, keeping every slot already given (a field keeps its
 * slot for the life of the model, so a re-release rebuilds only new keys). A field whose kind
 * changed gets a new slot; fields beyond the free slots get none (their filters read the JSON
 * document instead: correct, slower). Answers the new map and the fields whose keys must be built.
 */
export function assignSlots(
  current: Readonly<SlotMap>,
  wanted: ReadonlyMap<string, KeyKind>,
): { map: SlotMap; added: string[] } {
  const map: SlotMap = {};
  const used = new Set<string>();
  for (const [field, slot] of Object.entries(current)) {
    if (wanted.get(field) === slotKind(slot)) {
      map[field] = slot;
      used.add(slot);
    }
  }
  const added: string[] = [];
  for (const [field, kind] of wanted) {
    if (map[field]) continue;
    const [prefix, count] = kind === 'number' ? ['n', NUMBER_SLOTS] : ['t', TEXT_SLOTS];
    for (let i = 0; i < count; i++) {
      const slot = `${prefix}${i}`;
      if (used.has(slot)) continue;
      map[field] = slot;
      used.add(slot);
      added.push(field);
      break;
    }
  }
  return { map, added };
}

/** Reads a stored slot map ('{}' when unreadable). */
export function parseSlotMap(text: string | null | undefined): SlotMap {
  try {
    const v: unknown = JSON.parse(text || '{}');
    if (!isObj(v)) return {};
    const out: SlotMap = {};
    for (const [k, s] of Object.entries(v))
      if (typeof s === 'string' && /^(t[0-9]|n[0-4])$/.test(s)) out[k] = s;
    return out;
  } catch {
    return {};
  }
}

/* ---------- the list against its form ---------- */

/** The form's main value fields (sub-tables left out) by data key. */
export function mainFields(form: Pick<FormData, 'fields'>): Map<string, FormField> {
  return new Map(
    valueFields(form)
      .filter((v) => v.field.__config__.jnpfKey !== 'table')
      .map((v) => [v.key, v.field] as const),
  );
}

export interface ListProblem {
  /** 'columnList[2].prop' */
  path: string;
  /** English, starting with the path (the server's 400 message) */
  message: string;
  text: { zh: string; zhtw: string; en: string };
}

const problem = (path: string, zh: string, zhtw: string, en: string): ListProblem => ({
  path,
  message: `${path}: ${en}`,
  text: { zh, zhtw, en },
});

/**
 * What makes a list unusable with its form: a column or search field naming no main value field of
 * the form, twice the same column, a search field or sort that cannot be searched or sorted, a
 * grouped list without its group field, a tree list without a choice or relation field to build
 * the tree from. The designer shows these; release refuses them (400 naming the path).
 */
export function listDesignProblems(cd: ColumnData, form: Pick<FormData, 'fields'>): ListProblem[] {
  const out: ListProblem[] = [];
  const fields = mainFields(form);
  const unknown = (path: string, prop: string) =>
    problem(path, `表单中没有字段 "${prop}"`, `表單中沒有字段 "${prop}"`, `the form has no field "${prop}"`);
  if (!cd.columnList.length)
    out.push(
      problem('columnList', '列表至少要有一列', '列表至少要有一列', 'the list needs at least one column'),
    );
  const seen = new Set<string>();
  cd.columnList.forEach((c, i) => {
    const f = fields.get(c.prop);
    if (!f) return void out.push(unknown(`columnList[${i}].prop`, c.prop));
    if (seen.has(c.prop))
      out.push(
        problem(
          `columnList[${i}].prop`,
          `列 "${c.prop}" 重复`,
          `列 "${c.prop}" 重複`,
          `column "${c.prop}" appears twice`,
        ),
      );
    seen.add(c.prop);
    if (c.sortable && !sortableField(f))
      out.push(
        problem(
          `columnList[${i}].sortable`,
          `"${c.label}" 不能排序`,
          `"${c.label}" 不能排序`,
          `"${c.prop}" cannot be sorted`,
        ),
      );
  });
  const searched = new Set<string>();
  cd.searchList.forEach((s, i) => {
    const f = fields.get(s.prop);
    if (!f) return void out.push(unknown(`searchList[${i}].prop`, s.prop));
    if (!searchModeOf(f))
      out.push(
        problem(
          `searchList[${i}].prop`,
          `"${s.label}" 不能作为查询条件`,
          `"${s.label}" 不能作為查詢條件`,
          `"${s.prop}" cannot be searched`,
        ),
      );
    if (searched.has(s.prop))
      out.push(
        problem(
          `searchList[${i}].prop`,
          `查询字段 "${s.prop}" 重复`,
          `查詢字段 "${s.prop}" 重複`,
          `search field "${s.prop}" appears twice`,
        ),
      );
    searched.add(s.prop);
  });
  if (cd.defaultSidx) {
    const f = fields.get(cd.defaultSidx);
    if (!f || !sortableField(f))
      out.push(
        problem(
          'defaultSidx',
          `默认排序字段 "${cd.defaultSidx}" 不能排序`,
          `默認排序字段 "${cd.defaultSidx}" 不能排序`,
          `"${cd.defaultSidx}" cannot be sorted`,
        ),
      );
  }
  if (cd.type === 3) {
    const f = cd.groupField ? fields.get(cd.groupField) : undefined;
    if (!f || !sortableField(f))
      out.push(
        problem(
          'groupField',
          '分组列表需要一个可分组的字段',
          '分組列表需要一個可分組的字段',
          'a grouped list needs a field to group by',
        ),
      );
    else if (!cd.columnList.some((c) => c.prop === cd.groupField))
      out.push(
        problem(
          'groupField',
          '分组字段必须是列表的一列',
          '分組字段必須是列表的一列',
          'the group field must be one of the columns',
        ),
      );
  }
  if (cd.type === 2) {
    const f = cd.treeRelation ? fields.get(cd.treeRelation) : undefined;
    if (!f || !treeSourceOf(f))
      out.push(
        problem(
          'treeRelation',
          '左侧树需要一个选择或关联表单字段',
          '左側樹需要一個選擇或關聯表單字段',
          'the tree needs a choice or related-form field',
        ),
      );
  }
  return out;
}

/** Where a tree list's left tree comes from: the field's options, or the related model's records. */
export function treeSourceOf(field: FormField): 'options' | 'model' | null {
  const key = field.__config__.jnpfKey;
  if (key === 'relationForm') return 'model';
  if (['select', 'radio', 'treeSelect', 'cascader', 'dicSelect', 'checkbox'].includes(key)) return 'options';
  return null;
}

/* ---------- a list call's filters ---------- */

export interface ListCondition {
  field: string;
  mode: SearchMode;
  /** contains / equals / has: the key text to look for; range: [from, to] (either may be null) */
  value: string | [string | number | null, string | number | null];
}

/** At most this many characters of one filter. */
export const FILTER_TEXT_MAX = 200;

/**
 * A list call's filters (`queryJson`: `{ field: value }` for the list's search fields and its tree
 * field; a range is `[from, to]`) → conditions on index keys, or the problem naming the field.
 * Empty values are no filter. Fields that the list does not search are refused.
 */
export function parseListQuery(
  query: unknown,
  cd: ColumnData,
  form: Pick<FormData, 'fields'>,
): { ok: true; conditions: ListCondition[] } | { ok: false; message: string } {
  if (query === undefined || query === null || query === '') return { ok: true, conditions: [] };
  if (!isObj(query)) return { ok: false, message: 'queryJson: must be a JSON object' };
  const fields = mainFields(form);
  const allowed = new Set([...cd.searchList.map((s) => s.prop), cd.treeRelation ?? '', cd.groupField ?? '']);
  const conditions: ListCondition[] = [];
  for (const [prop, raw] of Object.entries(query)) {
    const f = allowed.has(prop) ? fields.get(prop) : undefined;
    if (!f) return { ok: false, message: `queryJson.${prop}: not a search field of this list` };
    // the tree and the group filter by the value itself, whatever the field's search mode
    const mode: SearchMode | null =
      prop === cd.treeRelation || prop === cd.groupField
        ? fieldValueType(f).endsWith('[]') || fieldValueType(f) === 'path'
          ? 'has'
          : keyKindOf(f) === 'number'
            ? 'range'
            : 'equals'
        : searchModeOf(f);
    if (!mode) return { ok: false, message: `queryJson.${prop}: cannot be searched` };
    if (raw === null || raw === '' || (Array.isArray(raw) && raw.every((x) => x === null || x === '')))
      continue;
    if (mode === 'range') {
      const pair = Array.isArray(raw) ? raw : [raw, raw];
      if (pair.length !== 2) return { ok: false, message: `queryJson.${prop}: must be [from, to]` };
      const bound = (x: unknown): string | number | null | false => {
        if (x === null || x === '') return null;
        if (keyKindOf(f) === 'number') return typeof x === 'number' && Number.isFinite(x) ? x : false;
        return typeof x === 'string' && x.length <= FILTER_TEXT_MAX ? x : false;
      };
      const from = bound(pair[0]);
      const to = bound(pair[1]);
      if (from === false || to === false)
        return {
          ok: false,
          message: `queryJson.${prop}: must be ${keyKindOf(f) === 'number' ? 'numbers' : 'texts'}`,
        };
      conditions.push({ field: prop, mode, value: [from, to] });
      continue;
    }
    const text = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (typeof text !== 'string') return { ok: false, message: `queryJson.${prop}: must be a string` };
    if (text.length > FILTER_TEXT_MAX)
      return { ok: false, message: `queryJson.${prop}: must be at most ${FILTER_TEXT_MAX} characters` };
    const value = text.trim().toLowerCase();
    if (value) conditions.push({ field: prop, mode, value });
  }
  return { ok: true, conditions };
}

/** The text search fields the keyword box looks through (contains), in list order. */
export function keywordFields(cd: ColumnData, form: Pick<FormData, 'fields'>): string[] {
  const fields = mainFields(form);
  return cd.searchList
    .map((s) => s.prop)
    .filter((p) => {
      const f = fields.get(p);
      return !!f && searchModeOf(f) === 'contains';
    });
}

/** Whether a field's control is one the list can show (every main value field can). */
export const listable = (field: FormField): boolean =>
  controlInfo(field.__config__.jnpfKey)?.hasValue === true;

/**
 * The list's columns whose field records do not hold (display-only calculates, `isDisplayOnly`):
 * they show blank. The list designer says so and offers to store the value.
 */
export function unstoredColumns(cd: ColumnData, form: Pick<FormData, 'fields'>): string[] {
  const fields = mainFields(form);
  return cd.columnList
    .map((c) => c.prop)
    .filter((p) => {
      const f = fields.get(p);
      return !!f && isDisplayOnly(f);
    });
}
