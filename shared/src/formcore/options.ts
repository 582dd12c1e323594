/**
 * Where a choice control's options come from (design/lowcode.md): the form's own static list, a
 * dictionary (DictionaryData/All, one cache for the page) or a data interface
 * (DataInterface/{id}/Actions/Response). Pure: these say what to fetch and turn the answers into
 * `{ id, fullName, children }`; the renderer and the server do the fetching.
 */
import type { FieldConfig, FormField, OptionItem } from './types';

/** Controls whose value is one or more of their options. */
export const CHOICE_KEYS: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'cascader',
  'treeSelect',
  'dicSelect',
]);

export type OptionProps = { label: string; value: string; children: string };
export const DEFAULT_OPTION_PROPS: Readonly<OptionProps> = {
  label: 'fullName',
  value: 'id',
  children: 'children',
};

export type OptionSourceRequest =
  | { kind: 'static'; options: OptionItem[] }
  /** the items of dictionary type `type` (its enCode or id) from the page's dictionary cache */
  | { kind: 'dictionary'; type: string; props: OptionProps }
  /** `GET /api/system/Base/DataInterface/{id}/Actions/Response`; rows mapped by `props` */
  | { kind: 'dynamic'; interfaceId: string; url: string; props: OptionProps }
  /** a dictionary or interface source with nothing chosen yet: no options */
  | { kind: 'unset'; source: 'dictionary' | 'dynamic' };

function propsOf(config: FieldConfig): OptionProps {
  const p = config.props;
  return {
    label: typeof p?.label === 'string' && p.label ? p.label : DEFAULT_OPTION_PROPS.label,
    value: typeof p?.value === 'string' && p.value ? p.value : DEFAULT_OPTION_PROPS.value,
    children: typeof p?.children === 'string' && p.children ? p.children : DEFAULT_OPTION_PROPS.children,
  };
}

/** The URL (under the API base '/api') of a data interface's answer. */
export function dataInterfaceUrl(interfaceId: string): string {
  return `/system/Base/DataInterface/${encodeURIComponent(interfaceId)}/Actions/Response`;
}

/** What to fetch for a choice control's options; null for controls without options. */
export function optionSource(field: FormField): OptionSourceRequest | null {
  const config = field.__config__;
  if (!CHOICE_KEYS.has(config.jnpfKey)) return null;
  const dataType = config.jnpfKey === 'dicSelect' ? 'dictionary' : (config.dataType ?? 'static');
  if (dataType === 'dictionary') {
    const type = typeof config.dictionaryType === 'string' ? config.dictionaryType.trim() : '';
    return type
      ? { kind: 'dictionary', type, props: propsOf(config) }
      : { kind: 'unset', source: 'dictionary' };
  }
  if (dataType === 'dynamic') {
    const id = typeof config.propsUrl === 'string' ? config.propsUrl.trim() : '';
    return id
      ? { kind: 'dynamic', interfaceId: id, url: dataInterfaceUrl(id), props: propsOf(config) }
      : { kind: 'unset', source: 'dynamic' };
  }
  return { kind: 'static', options: Array.isArray(field.options) ? field.options : [] };
}

/** A stable string for caching: two fields with the same key share one request. */
export function optionSourceKey(req: OptionSourceRequest): string {
  switch (req.kind) {
    case 'static':
      return 'static';
    case 'dictionary':
      return `dictionary:${req.type}:${req.props.value}:${req.props.label}`;
    case 'dynamic':
      return `dynamic:${req.interfaceId}:${req.props.value}:${req.props.label}:${req.props.children}`;
    case 'unset':
      return `unset:${req.source}`;
  }
}

export interface DictionaryItemLike {
  id: string;
  enCode?: string;
  fullName: string;
  parentId?: string | null;
}

/**
 * A dictionary's items → options; tree dictionaries nest by parentId (roots: no parent in the
 * list). The option id is the item's `props.value` key (default 'id'; 'enCode' is common too).
 */
export function dictionaryOptions(
  items: readonly DictionaryItemLike[],
  props: OptionProps = DEFAULT_OPTION_PROPS,
): OptionItem[] {
  const valueOf = (it: DictionaryItemLike): string => {
    const v = (it as unknown as Record<string, unknown>)[props.value];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : it.id;
  };
  const labelOf = (it: DictionaryItemLike): string => {
    const v = (it as unknown as Record<string, unknown>)[props.label];
    return typeof v === 'string' ? v : it.fullName;
  };
  const ids = new Set(items.map((i) => i.id));
  const children = new Map<string, DictionaryItemLike[]>();
  const roots: DictionaryItemLike[] = [];
  for (const it of items) {
    if (it.parentId && ids.has(it.parentId) && it.parentId !== it.id) {
      const list = children.get(it.parentId) ?? [];
      list.push(it);
      children.set(it.parentId, list);
    } else roots.push(it);
  }
  const seen = new Set<string>();
  const build = (it: DictionaryItemLike): OptionItem => {
    seen.add(it.id);
    const kids = (children.get(it.id) ?? []).filter((c) => !seen.has(c.id)).map(build);
    return kids.length
      ? { id: valueOf(it), fullName: labelOf(it), children: kids }
      : { id: valueOf(it), fullName: labelOf(it) };
  };
  return roots.map(build);
}

/** The rows of a data interface's answer: `{ list }` (SQL), `{ data: [...] }` / `{ data: { list } }` (HTTP) or an array. */
export function interfaceRows(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (typeof answer !== 'object' || answer === null) return [];
  const a = answer as Record<string, unknown>;
  if (Array.isArray(a.list)) return a.list;
  if ('data' in a) return interfaceRows(a.data);
  return [];
}

/** A data interface's answer → options, by `props` (rows without a usable value are skipped). */
export function interfaceOptions(answer: unknown, props: OptionProps = DEFAULT_OPTION_PROPS): OptionItem[] {
  const map = (rows: unknown[], depth: number): OptionItem[] => {
    const out: OptionItem[] = [];
    for (const raw of rows) {
      if (typeof raw !== 'object' || raw === null) continue;
      const row = raw as Record<string, unknown>;
      const id = row[props.value];
      if (typeof id !== 'string' && typeof id !== 'number') continue;
      const label = row[props.label];
      const item: OptionItem = {
        id,
        fullName: label === undefined || label === null ? String(id) : String(label),
      };
      const kids = row[props.children];
      if (Array.isArray(kids) && kids.length > 0 && depth < 20) item.children = map(kids, depth + 1);
      out.push(item);
    }
    return out;
  };
  return map(interfaceRows(answer), 0);
}

/** Every option id in a (tree of) options, as strings (so 1 and '1' are one option). */
export function optionIdSet(options: readonly OptionItem[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly OptionItem[]): void => {
    for (const o of list) {
      out.add(String(o.id));
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return out;
}

/** The option's label, or '' when the id is not among the options. */
export function optionLabel(options: readonly OptionItem[], id: unknown): string {
  for (const o of options) {
    if (String(o.id) === String(id)) return o.fullName;
    if (o.children) {
      const inner = optionLabel(o.children, id);
      if (inner) return inner;
    }
  }
  return '';
}

/** True when `path` (ids from the root) walks down the option tree. */
export function isOptionPath(options: readonly OptionItem[], path: readonly unknown[]): boolean {
  let level: readonly OptionItem[] | undefined = options;
  for (const id of path) {
    const hit: OptionItem | undefined = level?.find((o) => String(o.id) === String(id));
    if (!hit) return false;
    level = hit.children;
  }
  return path.length > 0;
}
