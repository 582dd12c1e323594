/**
 * The list designer's edits (pure): the list JSON (formcore ColumnData) changed one step at a time
 * — columns and search fields added from the form's fields, moved, edited and removed, the list
 * type and its tree or group field, the default sort, paging and the buttons — and which of the
 * form's fields each place offers. What makes a list unusable is formcore's listDesignProblems,
 * the same check the server runs on save and release.
 */
import {
  emptyColumnData,
  isDisplayOnly,
  mainFields,
  searchModeOf,
  sortableField,
  treeSourceOf,
  ROW_BUTTONS,
  TOP_BUTTONS,
  type ColumnData,
  type ColumnItem,
  type FormData,
  type FormField,
  type TopButton,
  type RowButton,
} from '@lighting/shared/formcore';

export type ListPlace = 'columnList' | 'searchList';

export type ListEdit =
  | { type: 'add'; place: ListPlace; prop: string; label: string }
  | { type: 'remove'; place: ListPlace; index: number }
  | { type: 'move'; place: ListPlace; index: number; by: -1 | 1 }
  | { type: 'update'; place: ListPlace; index: number; patch: Partial<ColumnItem> }
  | {
      type: 'set';
      patch: Partial<Omit<ColumnData, 'columnList' | 'searchList' | 'btnsList' | 'columnBtnsList'>>;
    }
  | { type: 'button'; group: 'top'; value: TopButton; on: boolean }
  | { type: 'button'; group: 'row'; value: RowButton; on: boolean }
  | { type: 'buttonLabel'; value: TopButton | RowButton; label: string };

const moveIn = <T>(list: readonly T[], index: number, by: number): T[] => {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
};

/** One edit of the list; the same list when the edit changes nothing. */
export function editList(cd: ColumnData, e: ListEdit): ColumnData {
  switch (e.type) {
    case 'add': {
      if (cd[e.place].some((c) => c.prop === e.prop)) return cd;
      const item: ColumnItem =
        e.place === 'columnList'
          ? { prop: e.prop, label: e.label, align: 'left' }
          : { prop: e.prop, label: e.label };
      return { ...cd, [e.place]: [...cd[e.place], item] };
    }
    case 'remove': {
      const removed = cd[e.place][e.index];
      if (!removed) return cd;
      const next: ColumnData = { ...cd, [e.place]: cd[e.place].filter((_c, i) => i !== e.index) };
      // a column that goes takes the sort and the grouping by it with it
      if (e.place === 'columnList' && next.groupField === removed.prop) delete next.groupField;
      return next;
    }
    case 'move':
      return { ...cd, [e.place]: moveIn(cd[e.place], e.index, e.by) };
    case 'update':
      return {
        ...cd,
        [e.place]: cd[e.place].map((c, i) => (i === e.index ? { ...c, ...e.patch } : c)),
      };
    case 'set':
      return { ...cd, ...e.patch };
    case 'button': {
      const key = e.group === 'top' ? 'btnsList' : 'columnBtnsList';
      const order: readonly string[] = e.group === 'top' ? TOP_BUTTONS : ROW_BUTTONS;
      const list = cd[key] as Array<{ value: string; label: string }>;
      const has = list.some((b) => b.value === e.value);
      if (has === e.on) return cd;
      const next = e.on ? [...list, { value: e.value, label: '' }] : list.filter((b) => b.value !== e.value);
      next.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
      return { ...cd, [key]: next } as ColumnData;
    }
    case 'buttonLabel':
      return {
        ...cd,
        btnsList: cd.btnsList.map((b) => (b.value === e.value ? { ...b, label: e.label } : b)),
        columnBtnsList: cd.columnBtnsList.map((b) => (b.value === e.value ? { ...b, label: e.label } : b)),
      };
  }
}

export interface FieldChoice {
  prop: string;
  label: string;
  field: FormField;
}

/**
 * The form's main fields each place may take (columns: every one; search, sort and the tree: the
 * ones records hold a value of — not a display-only calculate).
 */
export function fieldChoices(form: Pick<FormData, 'fields'>) {
  const all: FieldChoice[] = [...mainFields(form)].map(([prop, field]) => ({
    prop,
    label: field.__config__.label || prop,
    field,
  }));
  const stored = all.filter((c) => !isDisplayOnly(c.field));
  return {
    columns: all,
    search: stored.filter((c) => searchModeOf(c.field) !== null),
    sortable: stored.filter((c) => sortableField(c.field)),
    tree: stored.filter((c) => treeSourceOf(c.field) !== null),
  };
}

/**
 * A new list for a form: its first six fields a list can show as columns (a display-only
 * calculate would show blank) and its first three
 * searchable text or choice fields as search fields, every button, newest first.
 */
export function starterList(form: Pick<FormData, 'fields'>): ColumnData {
  const { columns, search } = fieldChoices(form);
  const cd = emptyColumnData();
  cd.columnList = columns
    .filter((c) => !['uploadImg', 'uploadFile', 'editor'].includes(c.field.__config__.jnpfKey))
    .filter((c) => !isDisplayOnly(c.field))
    .slice(0, 6)
    .map((c) => ({ prop: c.prop, label: c.label, align: 'left' }));
  cd.searchList = search.slice(0, 3).map((c) => ({ prop: c.prop, label: c.label }));
  return cd;
}

/**
 * The list after the form's fields were renamed (`before` → `after`): a column or search field
 * whose label is still its field's old label follows the new one (the list's label starts as a copy
 * of the field's); a label the designer changed in the list stays. The same list when nothing moved.
 */
export function followRenames(
  cd: ColumnData,
  before: Pick<FormData, 'fields'>,
  after: Pick<FormData, 'fields'>,
): ColumnData {
  const was = mainFields(before);
  const now = mainFields(after);
  let changed = false;
  const follow = (items: ColumnItem[]): ColumnItem[] => {
    let mine = false;
    const next = items.map((c) => {
      const old = was.get(c.prop)?.__config__.label;
      const label = now.get(c.prop)?.__config__.label;
      if (old === undefined || label === undefined || old === label || c.label !== old) return c;
      mine = true;
      return { ...c, label };
    });
    changed ||= mine;
    return mine ? next : items;
  };
  const columnList = follow(cd.columnList);
  const searchList = follow(cd.searchList);
  return changed ? { ...cd, columnList, searchList } : cd;
}
