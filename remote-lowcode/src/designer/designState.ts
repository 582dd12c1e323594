/**
 * The designer's state as a pure reducer: the form being designed, the selected control and the
 * undo / redo history. Every tree operation (insert, move, copy, delete, update) lives here, so the
 * drag-and-drop layer and the property panel only dispatch actions.
 *
 * Addressing: a list of fields is named by its owner: 'root' for `form.fields`, otherwise the
 * String(formId) of the control whose `__config__.children` it is (row, card, sub-table, a tab's
 * or a collapse's pane). Fields are named by String(formId).
 *
 * Pure: no React, no I/O.
 */
import {
  createPane,
  NOT_IN_TABLE,
  type FieldConfig,
  type FormData,
  type FormField,
  type JnpfKey,
  type PaneKey,
} from '@lighting/shared/formcore';

export const ROOT = 'root';
export type ListId = string;
/** How many steps undo remembers. */
export const HISTORY_LIMIT = 100;

export interface DesignState {
  form: FormData;
  selected: string | null;
  past: FormData[];
  future: FormData[];
  /** The next formId handed out (above every formId in the form). */
  nextId: number;
  /** Consecutive updates with the same key (typing in one property) make one undo step. */
  lastEdit: string | null;
}

/** Builds a new control from its key and formId (the formcore catalogue's createField). */
export type FieldFactory = (formId: number) => FormField;

export type DesignAction =
  | { type: 'load'; form: FormData }
  /** Replaces the whole form as one undoable step (import). */
  | { type: 'replace'; form: FormData }
  | { type: 'select'; id: string | null }
  | { type: 'insert'; make: FieldFactory; list: ListId; index: number }
  | { type: 'move'; id: string; list: ListId; index: number }
  | { type: 'copy'; id: string }
  | { type: 'remove'; id: string }
  | {
      type: 'update';
      id: string;
      props?: Partial<FormField>;
      config?: Partial<FieldConfig>;
      /** Updates with the same non-empty key in a row make one undo step. */
      coalesce?: string;
    }
  | { type: 'settings'; patch: Partial<Omit<FormData, 'fields'>>; coalesce?: string }
  | { type: 'addPane'; id: string; label: string }
  | { type: 'removePane'; id: string; paneId: string }
  | { type: 'undo' }
  | { type: 'redo' };

// ——— reading the tree ———

export const fieldId = (f: FormField): string => String(f.__config__.formId ?? '');
export const keyOf = (f: FormField): JnpfKey | PaneKey => f.__config__.jnpfKey;

/** The list named `list`, or null when no such owner exists. */
export function listOf(form: FormData, list: ListId): FormField[] | null {
  if (list === ROOT) return form.fields;
  const owner = findField(form.fields, list);
  return owner?.__config__.children ?? null;
}

export function findField(fields: readonly FormField[], id: string): FormField | null {
  for (const f of fields) {
    if (fieldId(f) === id) return f;
    const inner = f.__config__.children;
    if (inner) {
      const hit = findField(inner, id);
      if (hit) return hit;
    }
  }
  return null;
}

/** Where a field sits: its list's id and its index there; null when absent. */
export function locate(form: FormData, id: string): { list: ListId; index: number } | null {
  const walk = (fields: readonly FormField[], list: ListId): { list: ListId; index: number } | null => {
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      if (fieldId(f) === id) return { list, index: i };
      const inner = f.__config__.children;
      if (inner) {
        const hit = walk(inner, fieldId(f));
        if (hit) return hit;
      }
    }
    return null;
  };
  return walk(form.fields, ROOT);
}

/** Every field in document order (containers before their children). */
export function allFields(fields: readonly FormField[]): FormField[] {
  const out: FormField[] = [];
  const walk = (fs: readonly FormField[]) => {
    for (const f of fs) {
      out.push(f);
      if (f.__config__.children) walk(f.__config__.children);
    }
  };
  walk(fields);
  return out;
}

/** Is `id` the field `ancestor` or inside it? */
export function isInside(form: FormData, id: string, ancestor: string): boolean {
  const a = findField(form.fields, ancestor);
  return a !== null && (fieldId(a) === id || findField(a.__config__.children ?? [], id) !== null);
}

// ——— what may go where ———

/** The kind of a list: where a control of `key` may be dropped. */
export type ListKind = 'root' | 'layout' | 'table' | 'panes';

export function listKind(form: FormData, list: ListId): ListKind | null {
  if (list === ROOT) return 'root';
  const owner = findField(form.fields, list);
  if (!owner || !owner.__config__.children) return null;
  const k = keyOf(owner);
  if (k === 'table') return 'table';
  if (k === 'tab' || k === 'collapse') return 'panes';
  return 'layout';
}

/** Can a control of `key` be placed in `list`? Panes belong to their tab / collapse only. */
export function accepts(form: FormData, list: ListId, key: JnpfKey | PaneKey): boolean {
  const kind = listKind(form, list);
  if (kind === null) return false;
  if (key === 'tabItem' || key === 'collapseItem') return false;
  if (kind === 'panes') return false;
  if (kind === 'table') return !NOT_IN_TABLE.has(key);
  return true;
}

// ——— ids and field names ———

/** The highest numeric formId in the tree (0 when none). */
export function maxFormId(fields: readonly FormField[]): number {
  let max = 0;
  for (const f of allFields(fields)) {
    const n = Number(f.__config__.formId);
    if (Number.isFinite(n) && n > max) max = n;
  }
  return max;
}

/** The field name a copied control gets: `${jnpfKey}Field${formId}`, as formcore's createField names new ones. */
export const vModelFor = (key: string, formId: number): string => `${key}Field${formId}`;

/**
 * A deep copy of `field` with fresh formIds (from `start` up) and, for every control that has a
 * field name, a fresh one. relationFormAttr controls copied with their relationForm follow it.
 * Answers the copy and the next free id.
 */
export function withFreshIds(field: FormField, start: number): { field: FormField; next: number } {
  let next = start;
  const renamed = new Map<string, string>();
  const clone = (f: FormField): FormField => {
    const id = next++;
    const copy: FormField = structuredClone({ ...f, __config__: { ...f.__config__, children: undefined } });
    copy.__config__.formId = id;
    copy.__config__.renderKey = id;
    if (typeof f.__vModel__ === 'string' && f.__vModel__ !== '') {
      const name = vModelFor(keyOf(f), id);
      renamed.set(f.__vModel__, name);
      copy.__vModel__ = name;
    }
    if (f.__config__.children) copy.__config__.children = f.__config__.children.map(clone);
    else delete copy.__config__.children;
    return copy;
  };
  const out = clone(field);
  for (const f of allFields([out])) {
    if (keyOf(f) === 'relationFormAttr' && typeof f.relationField === 'string') {
      const to = renamed.get(f.relationField);
      if (to) f.relationField = to;
    }
  }
  return { field: out, next };
}

// ——— immutable edits ———

/** A copy of `fields` where the list `list` is replaced by `fn(list)`. */
function editList(fields: FormField[], list: ListId, fn: (l: FormField[]) => FormField[]): FormField[] {
  if (list === ROOT) return fn(fields);
  let changed = false;
  const out = fields.map((f) => {
    const inner = f.__config__.children;
    if (!inner) return f;
    if (fieldId(f) === list) {
      changed = true;
      return { ...f, __config__: { ...f.__config__, children: fn(inner) } };
    }
    const next = editList(inner, list, fn);
    if (next === inner) return f;
    changed = true;
    return { ...f, __config__: { ...f.__config__, children: next } };
  });
  return changed ? out : fields;
}

function editField(fields: FormField[], id: string, fn: (f: FormField) => FormField): FormField[] {
  let changed = false;
  const out = fields.map((f) => {
    if (fieldId(f) === id) {
      changed = true;
      return fn(f);
    }
    const inner = f.__config__.children;
    if (!inner) return f;
    const next = editField(inner, id, fn);
    if (next === inner) return f;
    changed = true;
    return { ...f, __config__: { ...f.__config__, children: next } };
  });
  return changed ? out : fields;
}

function removeField(fields: FormField[], id: string): FormField[] {
  const at = fields.findIndex((f) => fieldId(f) === id);
  if (at >= 0) return [...fields.slice(0, at), ...fields.slice(at + 1)];
  let changed = false;
  const out = fields.map((f) => {
    const inner = f.__config__.children;
    if (!inner) return f;
    const next = removeField(inner, id);
    if (next === inner) return f;
    changed = true;
    return { ...f, __config__: { ...f.__config__, children: next } };
  });
  return changed ? out : fields;
}

const clampIndex = (i: number, len: number) => Math.max(0, Math.min(len, Math.trunc(i)));

// ——— the reducer ———

/**
 * Gives every field without a formId (panes of forms saved elsewhere) one above the highest, so
 * each can be selected and moved. Answers the same array when nothing was missing.
 */
function withAllIds(fields: FormField[], start: number): { fields: FormField[]; next: number } {
  let next = start;
  const walk = (fs: FormField[]): FormField[] => {
    let changed = false;
    const out = fs.map((f) => {
      const inner = f.__config__.children ? walk(f.__config__.children) : undefined;
      const missing = f.__config__.formId === undefined || f.__config__.formId === '';
      if (!missing && inner === f.__config__.children) return f;
      changed = true;
      const config = { ...f.__config__, children: inner };
      if (!inner) delete config.children;
      if (missing) config.formId = next++;
      return { ...f, __config__: config };
    });
    return changed ? out : fs;
  };
  return { fields: walk(fields), next };
}

export function initialDesign(form: FormData): DesignState {
  const start = Math.max(maxFormId(form.fields) + 1, Number(form.idGlobal) || 0);
  const { fields, next } = withAllIds(form.fields, start);
  return {
    form: fields === form.fields ? form : { ...form, fields },
    selected: null,
    past: [],
    future: [],
    nextId: next,
    lastEdit: null,
  };
}

/** The form as saved: the running id is kept so later ids never repeat one in use. */
export const formToSave = (s: DesignState): FormData => ({ ...s.form, idGlobal: s.nextId });

/** Records `form` as the new present (one undo step unless it continues the same edit). */
function commit(
  s: DesignState,
  form: FormData,
  extra: Partial<DesignState> = {},
  edit: string | null = null,
) {
  if (form === s.form) return { ...s, ...extra };
  const continues = edit !== null && edit === s.lastEdit;
  const past = continues ? s.past : [...s.past, s.form].slice(-HISTORY_LIMIT);
  return { ...s, ...extra, form, past, future: [], lastEdit: edit };
}

/** Keeps the selection only while the selected control still exists. */
function keepSelection(form: FormData, selected: string | null): string | null {
  return selected !== null && findField(form.fields, selected) ? selected : null;
}

export function designReducer(s: DesignState, a: DesignAction): DesignState {
  switch (a.type) {
    case 'load':
      return initialDesign(a.form);
    case 'replace': {
      const fresh = initialDesign(a.form);
      return commit(s, fresh.form, { nextId: Math.max(fresh.nextId, s.nextId), selected: null });
    }
    case 'select':
      return a.id === s.selected ? s : { ...s, selected: a.id, lastEdit: null };
    case 'insert': {
      const target = listOf(s.form, a.list);
      const made = a.make(s.nextId);
      if (!target || !accepts(s.form, a.list, keyOf(made))) return s;
      const { field, next } = withFreshIds(made, s.nextId);
      const index = clampIndex(a.index, target.length);
      const fields = editList(s.form.fields, a.list, (l) => [...l.slice(0, index), field, ...l.slice(index)]);
      return commit(s, { ...s.form, fields }, { nextId: next, selected: fieldId(field) });
    }
    case 'move': {
      const field = findField(s.form.fields, a.id);
      if (!field || !listOf(s.form, a.list) || !accepts(s.form, a.list, keyOf(field))) return s;
      // a control cannot go inside itself
      if (a.list !== ROOT && isInside(s.form, a.list, a.id)) return s;
      const from = locate(s.form, a.id);
      const without = removeField(s.form.fields, a.id);
      const target = listOf({ ...s.form, fields: without }, a.list) ?? [];
      const index = clampIndex(a.index, target.length);
      if (from && from.list === a.list && from.index === index) return s;
      const fields = editList(without, a.list, (l) => [...l.slice(0, index), field, ...l.slice(index)]);
      return commit(s, { ...s.form, fields }, { selected: a.id });
    }
    case 'copy': {
      const field = findField(s.form.fields, a.id);
      const at = locate(s.form, a.id);
      if (!field || !at || keyOf(field) === 'tabItem' || keyOf(field) === 'collapseItem') return s;
      const { field: copy, next } = withFreshIds(field, s.nextId);
      const fields = editList(s.form.fields, at.list, (l) => [
        ...l.slice(0, at.index + 1),
        copy,
        ...l.slice(at.index + 1),
      ]);
      return commit(s, { ...s.form, fields }, { nextId: next, selected: fieldId(copy) });
    }
    case 'remove': {
      const field = findField(s.form.fields, a.id);
      if (!field || keyOf(field) === 'tabItem' || keyOf(field) === 'collapseItem') return s;
      const fields = removeField(s.form.fields, a.id);
      const form = { ...s.form, fields };
      return commit(s, form, { selected: keepSelection(form, s.selected) });
    }
    case 'update': {
      if (!findField(s.form.fields, a.id)) return s;
      const fields = editField(s.form.fields, a.id, (f) => ({
        ...f,
        ...a.props,
        __config__: { ...f.__config__, ...a.config, formId: f.__config__.formId },
      }));
      return commit(s, { ...s.form, fields }, {}, a.coalesce ? `${a.id}:${a.coalesce}` : null);
    }
    case 'settings':
      return commit(
        s,
        { ...s.form, ...a.patch, fields: s.form.fields },
        {},
        a.coalesce ? `settings:${a.coalesce}` : null,
      );
    case 'addPane': {
      const owner = findField(s.form.fields, a.id);
      const k = owner ? keyOf(owner) : null;
      if (!owner || (k !== 'tab' && k !== 'collapse')) return s;
      const id = s.nextId;
      const names = new Set((owner.__config__.children ?? []).map((p) => String(p.name ?? '')));
      let n = (owner.__config__.children ?? []).length + 1;
      while (names.has(`${fieldId(owner)}_${n}`)) n++;
      const pane = createPane(k === 'tab' ? 'tabItem' : 'collapseItem', `${fieldId(owner)}_${n}`, a.label);
      pane.__config__.formId = id;
      pane.__config__.renderKey = id;
      const fields = editList(s.form.fields, a.id, (l) => [...l, pane]);
      return commit(s, { ...s.form, fields }, { nextId: id + 1 });
    }
    case 'removePane': {
      const panes = listOf(s.form, a.id);
      // a tab or a collapse keeps at least one pane
      if (!panes || panes.length <= 1 || !panes.some((p) => fieldId(p) === a.paneId)) return s;
      const fields = editList(s.form.fields, a.id, (l) => l.filter((p) => fieldId(p) !== a.paneId));
      const form = { ...s.form, fields };
      return commit(s, form, { selected: keepSelection(form, s.selected) });
    }
    case 'undo': {
      const prev = s.past[s.past.length - 1];
      if (!prev) return s;
      return {
        ...s,
        form: prev,
        past: s.past.slice(0, -1),
        future: [s.form, ...s.future],
        selected: keepSelection(prev, s.selected),
        lastEdit: null,
      };
    }
    case 'redo': {
      const next = s.future[0];
      if (!next) return s;
      return {
        ...s,
        form: next,
        past: [...s.past, s.form],
        future: s.future.slice(1),
        selected: keepSelection(next, s.selected),
        lastEdit: null,
      };
    }
  }
}

export const canUndo = (s: DesignState) => s.past.length > 0;
export const canRedo = (s: DesignState) => s.future.length > 0;
