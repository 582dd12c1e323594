/**
 * Loading saved form JSON (design/lowcode.md): our shape and JNPF 3.x (Vue 2) forms. Old control
 * keys become ours (LEGACY_KEYS), `__slot__.options` becomes `options`, Element UI's kebab-case
 * props become camelCase, `{ label, value }` options become `{ id, fullName }`, and missing
 * defaults are filled from the control catalogue. What cannot be a form throws a FormShapeError
 * naming the path (`fields[3].__config__.jnpfKey: unknown control 'foo'`).
 *
 * The result is a fresh object: the input is never changed. Unknown keys are kept.
 */
import { controlInfo, isJnpfKey, isPaneKey } from './controls';
import {
  LEGACY_KEYS,
  type FieldConfig,
  type FormData,
  type FormField,
  type JnpfKey,
  type OptionItem,
  type OptionSource,
  type PaneKey,
  type PopupType,
  type RegRule,
} from './types';

export class FormShapeError extends Error {
  readonly path: string;
  constructor(path: string, problem: string) {
    super(path ? `${path}: ${problem}` : problem);
    this.name = 'FormShapeError';
    this.path = path;
  }
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const kebabToCamel = (k: string): string => k.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Element UI / dayjs format tokens: 'yyyy-MM-dd' → 'YYYY-MM-DD'. */
function dayjsFormat(f: unknown): unknown {
  return typeof f === 'string' ? f.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD') : f;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function resolveKey(raw: unknown, path: string, parentKey: string | null): JnpfKey | PaneKey {
  if (raw === undefined && (parentKey === 'tab' || parentKey === 'collapse'))
    return parentKey === 'tab' ? 'tabItem' : 'collapseItem';
  if (typeof raw !== 'string') throw new FormShapeError(`${path}.__config__.jnpfKey`, 'missing');
  const key = Object.prototype.hasOwnProperty.call(LEGACY_KEYS, raw) ? LEGACY_KEYS[raw] : raw;
  if (isPaneKey(key)) {
    const want = parentKey === 'tab' ? 'tabItem' : parentKey === 'collapse' ? 'collapseItem' : null;
    if (key !== want)
      throw new FormShapeError(`${path}.__config__.jnpfKey`, `'${key}' outside its container`);
    return key;
  }
  if (!isJnpfKey(key)) throw new FormShapeError(`${path}.__config__.jnpfKey`, `unknown control '${raw}'`);
  return key;
}

/** An option as saved: `{ id, fullName }`, `{ value, label }` or the keys named by `props`. */
function normalizeOptions(list: unknown, path: string, props: Obj | undefined): OptionItem[] {
  if (!Array.isArray(list)) throw new FormShapeError(path, 'must be an array');
  const labelKey = typeof props?.label === 'string' ? props.label : 'fullName';
  const valueKey = typeof props?.value === 'string' ? props.value : 'id';
  const childrenKey = typeof props?.children === 'string' ? props.children : 'children';
  return list.map((raw, i) => {
    const p = `${path}[${i}]`;
    if (!isObj(raw)) throw new FormShapeError(p, 'must be an object');
    const id = raw[valueKey] ?? raw.id ?? raw.value;
    const fullName = raw[labelKey] ?? raw.fullName ?? raw.label;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw new FormShapeError(`${p}.id`, 'must be a string or number');
    const item: OptionItem = {
      id,
      fullName: typeof fullName === 'string' ? fullName : String(fullName ?? id),
    };
    const children = raw[childrenKey] ?? raw.children;
    if (Array.isArray(children) && children.length > 0)
      item.children = normalizeOptions(children, `${p}.children`, props);
    return item;
  });
}

function normalizeRegList(raw: unknown, path: string): RegRule[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new FormShapeError(path, 'must be an array');
  return raw.map((r, i) => {
    if (!isObj(r)) throw new FormShapeError(`${path}[${i}]`, 'must be an object');
    if (typeof r.pattern !== 'string') throw new FormShapeError(`${path}[${i}].pattern`, 'must be a string');
    return { pattern: r.pattern, message: typeof r.message === 'string' ? r.message : '' };
  });
}

const DATA_TYPES: ReadonlySet<string> = new Set(['static', 'dictionary', 'dynamic']);
const CHOICE_KEYS: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'cascader',
  'treeSelect',
  'dicSelect',
]);

function normalizeField(raw: unknown, path: string, parentKey: string | null, index: number): FormField {
  if (!isObj(raw)) throw new FormShapeError(path, 'must be an object');
  const rawConfig = raw.__config__;
  if (!isObj(rawConfig)) throw new FormShapeError(`${path}.__config__`, 'missing');
  const key = resolveKey(rawConfig.jnpfKey, path, parentKey);
  const info = controlInfo(key);

  // The control's own props: kebab-case → camelCase; `__slot__` is unpacked below.
  const field: Obj = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === '__config__' || k === '__slot__') continue;
    field[k.startsWith('__') ? k : kebabToCamel(k)] = v;
  }
  const config: Obj = { ...rawConfig, jnpfKey: key };

  if (isPaneKey(key)) return normalizePane(field, config, path, index);

  // label, span, widths, flags
  config.label =
    typeof rawConfig.label === 'string' ? rawConfig.label : (info?.names.zh ?? String(field.title ?? ''));
  const span = num(rawConfig.span);
  config.span = span !== undefined && span >= 1 && span <= 24 ? Math.round(span) : 24;
  const labelWidth = num(rawConfig.labelWidth);
  if (labelWidth === undefined) delete config.labelWidth;
  else config.labelWidth = labelWidth;
  if (typeof config.required !== 'boolean') config.required = false;
  if (typeof config.showLabel !== 'boolean')
    config.showLabel = info ? info.hasValue && info.group !== 'layout' : false;
  if (config.layout !== 'colFormItem' && config.layout !== 'rowFormItem')
    config.layout = info?.container ? 'rowFormItem' : 'colFormItem';
  config.regList = normalizeRegList(rawConfig.regList, `${path}.__config__.regList`);
  if (rawConfig.labelWidth === null) delete config.labelWidth;
  delete config.tagIcon; // an icon font class of the old client

  // options: `__slot__.options` → `options`; legacy props name the option keys
  const slot = isObj(raw.__slot__) ? raw.__slot__ : undefined;
  // cascader/treeSelect keep Element's `props.props` ({ multiple, value, label, children })
  const elementProps = isObj(field.props) && isObj(field.props.props) ? field.props.props : undefined;
  const optionProps = isObj(rawConfig.props) ? rawConfig.props : elementProps;
  if (elementProps) {
    if (elementProps.multiple === true) field.multiple = true;
    delete field.props;
  }
  if (optionProps) {
    config.props = {
      label: typeof optionProps.label === 'string' ? optionProps.label : 'fullName',
      value: typeof optionProps.value === 'string' ? optionProps.value : 'id',
      children: typeof optionProps.children === 'string' ? optionProps.children : 'children',
    };
  }
  const rawOptions = field.options ?? slot?.options;
  if (rawOptions !== undefined && rawOptions !== null)
    field.options = normalizeOptions(
      rawOptions,
      field.options !== undefined ? `${path}.options` : `${path}.__slot__.options`,
      optionProps,
    );
  else if (CHOICE_KEYS.has(key)) field.options = [];
  if (CHOICE_KEYS.has(key)) {
    const dt = rawConfig.dataType;
    if (dt === undefined || dt === null || dt === '')
      config.dataType = key === 'dicSelect' ? 'dictionary' : 'static';
    else if (typeof dt !== 'string' || !DATA_TYPES.has(dt))
      throw new FormShapeError(`${path}.__config__.dataType`, `unknown option source '${String(dt)}'`);
    else config.dataType = dt as OptionSource;
  }
  if (slot) {
    if (typeof slot.default === 'string' && field.content === undefined) field.content = slot.default;
    if (typeof slot.prepend === 'string' && slot.prepend !== '') field.prepend = slot.prepend;
    if (typeof slot.append === 'string' && slot.append !== '') field.append = slot.append;
  }

  // per-control differences between the generations
  switch (key) {
    case 'text':
      if (field.content === undefined && typeof rawConfig.defaultValue === 'string') {
        field.content = rawConfig.defaultValue;
        delete config.defaultValue;
      }
      break;
    case 'textarea':
      if (field.autosize !== undefined && field.autoSize === undefined) field.autoSize = field.autosize;
      delete field.autosize;
      break;
    case 'rate':
      // el-rate's `max` is the number of stars
      if (field.count === undefined && num(field.max) !== undefined) field.count = num(field.max);
      delete field.max;
      break;
    case 'switch': {
      const on = field.activeValue ?? 1;
      const off = field.inactiveValue ?? 0;
      field.activeValue = on;
      field.inactiveValue = off;
      if (config.defaultValue === true) config.defaultValue = on;
      else if (
        config.defaultValue === false ||
        config.defaultValue === undefined ||
        config.defaultValue === null
      )
        config.defaultValue = off;
      break;
    }
    case 'table':
      if (field.showSummary === undefined) field.showSummary = false;
      if (!Array.isArray(field.summaryField)) field.summaryField = [];
      if (typeof config.tableName !== 'string') config.tableName = '';
      delete field.defaultValue;
      break;
    case 'billRule':
      if (typeof config.rule !== 'string') config.rule = '';
      field.readonly = true;
      break;
    case 'calculate':
      if (!Array.isArray(field.expression)) field.expression = [];
      // a JNPF 3.x calculate has no isStorage and 3.x stored its value; a later JNPF added the
      // switch (0 display only, the default of a new control: controls.ts)
      field.isStorage = field.isStorage === undefined || field.isStorage === 1 ? 1 : 0;
      break;
    default:
      break;
  }
  if (info?.group === 'system') field.readonly = true;
  for (const f of ['format', 'valueFormat']) if (f in field) field[f] = dayjsFormat(field[f]);

  // containers hold fields
  if (info?.container === true) config.children = normalizeChildren(rawConfig.children, path, key);
  else if (rawConfig.children !== undefined) delete config.children;

  // the data key
  if (field.__vModel__ !== undefined && field.__vModel__ !== null && typeof field.__vModel__ !== 'string')
    throw new FormShapeError(`${path}.__vModel__`, 'must be a string');
  if (field.__vModel__ === null || field.__vModel__ === '' || (info && !info.hasValue))
    delete field.__vModel__;

  return { ...field, __config__: config as unknown as FieldConfig } as FormField;
}

/** Containers inside containers: far deeper than any form, and a bound on the recursion. */
export const MAX_NESTING = 12;

function normalizeChildren(raw: unknown, path: string, parentKey: string): FormField[] {
  const children = raw ?? [];
  if (!Array.isArray(children)) throw new FormShapeError(`${path}.__config__.children`, 'must be an array');
  if (path.split('.__config__.children').length > MAX_NESTING)
    throw new FormShapeError(`${path}.__config__.children`, `nested deeper than ${MAX_NESTING}`);
  return children.map((c, i) => normalizeField(c, `${path}.__config__.children[${i}]`, parentKey, i));
}

/** A tab or collapse pane: `{ __config__: { jnpfKey, label, children }, name, title }`. */
function normalizePane(field: Obj, config: Obj, path: string, index: number): FormField {
  const key = config.jnpfKey as PaneKey;
  const title =
    typeof field.title === 'string' ? field.title : typeof config.label === 'string' ? config.label : '';
  config.label = typeof config.label === 'string' ? config.label : title;
  config.children = normalizeChildren(config.children, path, key);
  field.title = title;
  field.name =
    field.name === undefined || field.name === null || field.name === ''
      ? String(index + 1)
      : String(field.name);
  delete field.__vModel__;
  return { ...field, __config__: config as unknown as FieldConfig } as FormField;
}

const SIZES: Readonly<Record<string, FormData['size']>> = {
  small: 'small',
  mini: 'small',
  middle: 'middle',
  medium: 'middle',
  default: 'middle',
  large: 'large',
};
const POPUPS: ReadonlySet<string> = new Set(['general', 'fullScreen', 'drawer']);

/**
 * A saved form (object or JSON text) → FormData in the current shape. Throws FormShapeError with
 * the path of the first thing that cannot be part of a form.
 */
export function normalizeForm(json: unknown): FormData {
  let input = json;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      throw new FormShapeError('', 'not JSON');
    }
  }
  if (!isObj(input)) throw new FormShapeError('', 'a form must be an object');
  if (!Array.isArray(input.fields)) throw new FormShapeError('fields', 'must be an array');
  const out: Obj = { ...input };
  out.size = SIZES[String(input.size)] ?? 'small';
  out.labelPosition =
    input.labelPosition === 'left' || input.labelPosition === 'top' ? input.labelPosition : 'right';
  out.labelWidth = num(input.labelWidth) ?? 100;
  out.gutter = num(input.gutter) ?? 15;
  out.span = num(input.span) ?? 24;
  out.disabled = input.disabled === true;
  out.formBtns = input.formBtns === true;
  out.popupType = (
    typeof input.popupType === 'string' && POPUPS.has(input.popupType) ? input.popupType : 'general'
  ) as PopupType;
  out.generalWidth =
    typeof input.generalWidth === 'string' && input.generalWidth ? input.generalWidth : '600px';
  out.fullScreenWidth =
    typeof input.fullScreenWidth === 'string' && input.fullScreenWidth ? input.fullScreenWidth : '100%';
  out.drawerWidth = typeof input.drawerWidth === 'string' && input.drawerWidth ? input.drawerWidth : '600px';
  out.cancelButtonText =
    typeof input.cancelButtonText === 'string' && input.cancelButtonText ? input.cancelButtonText : '取 消';
  out.confirmButtonText =
    typeof input.confirmButtonText === 'string' && input.confirmButtonText
      ? input.confirmButtonText
      : '确 定';
  out.fields = input.fields.map((f, i) => normalizeField(f, `fields[${i}]`, null, i));
  return out as unknown as FormData;
}
