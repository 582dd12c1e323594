/**
 * Display values of records (effects; DataChange, FieldDataSelect): what a reader sees instead of
 * ids — option and dictionary labels, the names of users, units, positions and areas, a related
 * record's shown field, switch texts and times in China time. Each record is shown with the form
 * of its own version. Names are fetched in one query per kind for a page of records.
 */
import {
  isOptionPath,
  optionLabel,
  optionSource,
  valueFields,
  type FormData,
  type FormField,
  type OptionItem,
  type ValueField,
} from '@lighting/shared/formcore';
import type { AppContext } from '../context';
import { namesOf, type NameKind } from '../kernel';
import { recordData } from './json-column';
import { optionLoader } from './options';
import { formatChinaTime } from './rules';
import { versionForm } from './store';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config'>;
type Data = Record<string, unknown>;

export interface StoredRecord {
  id: string;
  modelId: string;
  version: number;
  data: string | Data;
}

export interface ShownRecord {
  id: string;
  modelId: string;
  data: Data;
  display: Data;
}

/** Which name table a control's ids are looked up in. */
const NAME_KIND: Readonly<Record<string, NameKind>> = {
  userSelect: 'user',
  createUser: 'user',
  modifyUser: 'user',
  organizeSelect: 'organize',
  depSelect: 'organize',
  currOrganize: 'organize',
  currDept: 'organize',
  posSelect: 'position',
  currPosition: 'position',
  areaSelect: 'area',
};
const PATH_KEYS: ReadonlySet<string> = new Set(['organizeSelect', 'areaSelect']);

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(ids) : typeof v === 'string' || typeof v === 'number' ? [String(v)] : [];

/** Every value field with its value in a record (main fields, and each row's columns). */
function* valuesOf(fields: readonly ValueField[], data: Data): Generator<[FormField, unknown]> {
  for (const v of fields) {
    const value = data[v.key];
    if (v.field.__config__.jnpfKey === 'table') {
      if (Array.isArray(value))
        for (const row of value)
          if (row && typeof row === 'object')
            for (const c of v.columns ?? []) yield [c.field, (row as Data)[String(c.field.__vModel__)]];
      continue;
    }
    yield [v.field, value];
  }
}

export async function displayRecords(
  ctx: Ctx,
  rows: readonly StoredRecord[],
  depth = 0,
): Promise<ShownRecord[]> {
  const forms = new Map<string, FormData>();
  for (const r of rows) {
    const k = `${r.modelId}@${r.version}`;
    if (!forms.has(k)) forms.set(k, (await versionForm(ctx.db, r.modelId, Number(r.version))).form);
  }
  const records = rows.map((r) => {
    const form = forms.get(`${r.modelId}@${r.version}`) as FormData;
    return { row: r, fields: valueFields(form), data: recordData(r.data) };
  });

  // what to look up: names by kind, options by source, related records by model
  const want: Record<NameKind, Set<string>> = {
    user: new Set(),
    organize: new Set(),
    position: new Set(),
    area: new Set(),
  };
  const related = new Map<string, Set<string>>();
  const choiceFields: FormField[] = [];
  for (const rec of records)
    for (const [field, value] of valuesOf(rec.fields, rec.data)) {
      const key = field.__config__.jnpfKey;
      const kind = NAME_KIND[key];
      if (kind) for (const id of ids(value)) want[kind].add(id);
      if (optionSource(field)) choiceFields.push(field);
      if (key === 'relationForm' && typeof field.modelId === 'string' && typeof value === 'string' && value) {
        const set = related.get(field.modelId) ?? new Set<string>();
        set.add(value);
        related.set(field.modelId, set);
      }
    }
  const options = optionLoader(ctx);
  await options.load(choiceFields);
  const names = await lookUpNames(ctx, want);
  const relatedShown = new Map<string, ShownRecord>();
  if (depth < 1)
    for (const [modelId, set] of related) {
      const found = await ctx.db
        .selectFrom('lowcode_record')
        .select(['id', 'modelId', 'version', 'data'])
        .where('modelId', '=', modelId)
        .where('id', 'in', [...set])
        .execute();
      for (const s of await displayRecords(ctx, found, depth + 1)) relatedShown.set(s.id, s);
    }

  const show = (field: FormField, value: unknown): unknown => {
    const key = field.__config__.jnpfKey;
    if (value === null || value === undefined || value === '') return value ?? '';
    const kind = NAME_KIND[key];
    if (kind) {
      const name = (id: unknown): string => names[kind].get(String(id)) ?? String(id);
      if (PATH_KEYS.has(key)) {
        const paths = Array.isArray(value) && Array.isArray(value[0]) ? (value as unknown[][]) : [value];
        return paths.map((p) => (Array.isArray(p) ? p.map(name).join('/') : name(p))).join(',');
      }
      return Array.isArray(value) ? value.map(name).join(',') : name(value);
    }
    const opts = optionSource(field) ? options.get(field) : undefined;
    if (opts) return optionText(opts, value);
    switch (key) {
      case 'switch':
        if (value === (field.activeValue ?? 1) && typeof field.activeText === 'string' && field.activeText)
          return field.activeText;
        if (
          value === (field.inactiveValue ?? 0) &&
          typeof field.inactiveText === 'string' &&
          field.inactiveText
        )
          return field.inactiveText;
        return value;
      case 'datePicker':
        return formatChinaTime(value, typeof field.format === 'string' ? field.format : 'YYYY-MM-DD');
      case 'dateRange':
        return Array.isArray(value)
          ? value
              .map((v) => formatChinaTime(v, typeof field.format === 'string' ? field.format : 'YYYY-MM-DD'))
              .join(' 至 ')
          : value;
      case 'relationForm': {
        const rec = relatedShown.get(String(value));
        const shownField = typeof field.relationField === 'string' ? field.relationField : '';
        return rec ? (rec.display[shownField] ?? '') : '';
      }
      default:
        return value;
    }
  };

  return records.map((rec) => {
    const display: Data = {};
    for (const v of rec.fields) {
      const value = rec.data[v.key];
      if (v.field.__config__.jnpfKey === 'table') {
        display[v.key] = Array.isArray(value)
          ? value.map((row) => {
              const out: Data = {};
              if (!row || typeof row !== 'object') return out;
              for (const c of v.columns ?? []) {
                const name = String(c.field.__vModel__);
                out[name] = show(c.field, (row as Data)[name]);
              }
              return out;
            })
          : [];
        continue;
      }
      display[v.key] = show(v.field, value);
    }
    return { id: rec.row.id, modelId: rec.row.modelId, data: rec.data, display };
  });
}

/** Labels of one option id, several, a path or several paths. */
function optionText(options: readonly OptionItem[], value: unknown): string {
  if (!Array.isArray(value)) return optionLabel(options, value) || String(value);
  if (value.length && Array.isArray(value[0])) return value.map((p) => optionText(options, p)).join(',');
  if (value.length > 1 && isOptionPath(options, value)) {
    const labels: string[] = [];
    let level: readonly OptionItem[] | undefined = options;
    for (const id of value) {
      const hit: OptionItem | undefined = level?.find((o) => String(o.id) === String(id));
      labels.push(hit?.fullName ?? String(id));
      level = hit?.children;
    }
    return labels.join('/');
  }
  return value.map((v) => optionLabel(options, v) || String(v)).join(',');
}

async function lookUpNames(
  ctx: Ctx,
  want: Record<NameKind, Set<string>>,
): Promise<Record<NameKind, Map<string, string>>> {
  const out = {} as Record<NameKind, Map<string, string>>;
  for (const kind of Object.keys(want) as NameKind[]) out[kind] = await namesOf(ctx.db, kind, want[kind]);
  return out;
}
