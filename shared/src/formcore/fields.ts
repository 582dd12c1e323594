/**
 * Walking a form's fields: layout controls (row, card, tab and collapse panes) are looked
 * through; a sub-table is one value field whose columns are its `__config__.children`.
 */
import { controlInfo, isPaneKey } from './controls';
import type { FormData, FormField } from './types';

/**
 * A calculate shown only while its form is open (`isStorage` 0, a new control's default; normalised
 * forms always say, a 3.x form without the switch is stored): records never hold
 * its value, so a list column of it is blank and nothing can search or sort by it.
 */
export const isDisplayOnly = (field: FormField): boolean =>
  field.__config__.jnpfKey === 'calculate' && field.isStorage !== 1;

/** A field as met in the tree: its JSON path in the form and the sub-table it is a column of. */
export interface FieldVisit {
  field: FormField;
  /** 'fields[2].__config__.children[0]' */
  path: string;
  /** the enclosing sub-table field, when the field is one of its columns */
  table: FormField | null;
}

/** Every field of the form, depth first in document order (layout, panes, sub-tables and columns). */
export function walkFields(form: Pick<FormData, 'fields'>, visit: (v: FieldVisit) => void): void {
  const walk = (list: readonly FormField[], base: string, table: FormField | null): void => {
    list.forEach((field, i) => {
      const path = base ? `${base}.__config__.children[${i}]` : `fields[${i}]`;
      visit({ field, path, table });
      const children = field.__config__.children;
      if (!Array.isArray(children)) return;
      const key = field.__config__.jnpfKey;
      if (key === 'table') walk(children, path, field);
      else if (controlInfo(key)?.container || isPaneKey(key)) walk(children, path, table);
    });
  };
  walk(form.fields, '', null);
}

export interface ValueField {
  /** the data key: 'qty' for a main field, 'items.qty' for a sub-table column */
  key: string;
  field: FormField;
  path: string;
  /** the sub-table's `__vModel__` for a column, else null */
  table: string | null;
  /** a sub-table's columns (value fields only) */
  columns?: ValueField[];
}

/**
 * The fields that hold values, flattened out of the layout: main fields in document order, each
 * sub-table with its columns under it. Fields without a `__vModel__` are left out.
 */
export function valueFields(form: Pick<FormData, 'fields'>): ValueField[] {
  const out: ValueField[] = [];
  const byTable = new Map<FormField, ValueField>();
  walkFields(form, ({ field, path, table }) => {
    const name = field.__vModel__;
    if (!name || !controlInfo(field.__config__.jnpfKey)?.hasValue) return;
    if (table) {
      const parent = byTable.get(table);
      parent?.columns?.push({ key: `${parent.key}.${name}`, field, path, table: parent.key });
      return;
    }
    const entry: ValueField = { key: name, field, path, table: null };
    if (field.__config__.jnpfKey === 'table') {
      entry.columns = [];
      byTable.set(field, entry);
    }
    out.push(entry);
  });
  return out;
}

/** Value fields by key, columns included ('items.qty'). */
export function valueFieldMap(form: Pick<FormData, 'fields'>): Map<string, ValueField> {
  const map = new Map<string, ValueField>();
  for (const v of valueFields(form)) {
    map.set(v.key, v);
    for (const c of v.columns ?? []) map.set(c.key, c);
  }
  return map;
}
