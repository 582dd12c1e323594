/**
 * The low-code form and list JSON (design/lowcode.md): what the designer saves, the renderer reads
 * and the server validates. The shape is JNPF's, so forms move between systems; JNPF 3.x (Vue 2)
 * forms use older control keys and keep options in `__slot__.options`: `normalizeForm` turns them
 * into this shape on load, and everything after loading sees only the current keys below.
 *
 * Pure types and constants: no React, no I/O (the server imports this file).
 */

/** The control keys we save (the JNPF Vue 3 generation). */
export const CONTROL_GROUPS = {
  basic: [
    'input',
    'textarea',
    'inputNumber',
    'JNPFAmount',
    'PsdInput',
    'switch',
    'radio',
    'checkbox',
    'select',
    'cascader',
    'timePicker',
    'datePicker',
    'timeRange',
    'dateRange',
    'uploadFile',
    'uploadImg',
    'colorPicker',
    'rate',
    'slider',
    'divider',
    'text',
    'editor',
  ],
  advanced: [
    'organizeSelect',
    'depSelect',
    'posSelect',
    'userSelect',
    'dicSelect',
    'treeSelect',
    'billRule',
    'table',
    'areaSelect',
  ],
  function: ['relationForm', 'relationFormAttr', 'calculate'],
  system: [
    'createUser',
    'createTime',
    'modifyUser',
    'modifyTime',
    'currOrganize',
    'currDept',
    'currPosition',
  ],
  layout: ['groupTitle', 'card', 'row', 'tab', 'collapse'],
} as const;

export type ControlGroup = keyof typeof CONTROL_GROUPS;
export type JnpfKey = (typeof CONTROL_GROUPS)[ControlGroup][number];
/** Containers' inner panes: a tab's panes and a collapse's items hold their own `children`. */
export type PaneKey = 'tabItem' | 'collapseItem';

/** JNPF 3.x (Vue 2) keys → ours. Keys not listed are the same in both generations. */
export const LEGACY_KEYS: Readonly<Record<string, JnpfKey>> = {
  comInput: 'input',
  numInput: 'inputNumber',
  time: 'timePicker',
  date: 'datePicker',
  uploadFz: 'uploadFile',
  JNPFText: 'text',
  comSelect: 'organizeSelect',
  address: 'areaSelect',
};

/** Controls whose value the server fills on save; shown read-only in the form. */
export const SYSTEM_KEYS: ReadonlySet<JnpfKey> = new Set(CONTROL_GROUPS.system);
/** Controls that hold other fields and have no value of their own. */
export const LAYOUT_KEYS: ReadonlySet<JnpfKey> = new Set(CONTROL_GROUPS.layout);
/** Controls that show something but hold no value (no `__vModel__`). */
export const DISPLAY_KEYS: ReadonlySet<JnpfKey> = new Set([
  'divider',
  'text',
  'groupTitle',
  'relationFormAttr',
]);
/** Sub-table columns that a summary row (合计) sums. */
export const SUMMABLE_KEYS: ReadonlySet<JnpfKey> = new Set([
  'JNPFAmount',
  'inputNumber',
  'slider',
  'calculate',
]);

/** A regList entry: `pattern` is a '/body/flags' string, parsed into a RegExp (never eval). */
export interface RegRule {
  pattern: string;
  message: string;
}

export interface OptionItem {
  id: string | number;
  fullName: string;
  children?: OptionItem[];
}

/** Where a choice control's options come from. */
export type OptionSource = 'static' | 'dictionary' | 'dynamic';

export interface FieldConfig {
  jnpfKey: JnpfKey | PaneKey;
  label: string;
  labelWidth?: number;
  showLabel?: boolean;
  tag?: string;
  defaultValue?: unknown;
  required?: boolean;
  layout?: 'colFormItem' | 'rowFormItem';
  /** 1–24 grid columns */
  span?: number;
  dragDisabled?: boolean;
  regList?: RegRule[];
  trigger?: 'blur' | 'change' | Array<'blur' | 'change'>;
  /** choice controls: static `options`, a dictionary type id, or a data interface id (propsUrl) */
  dataType?: OptionSource;
  dictionaryType?: string;
  propsUrl?: string;
  /** layout controls, panes and the sub-table hold fields */
  children?: FormField[];
  /** sub-table: its table name; tab/collapse panes: the pane title is `label` */
  tableName?: string;
  /** billRule: the bill rule's enCode */
  rule?: string;
  /** a stable id the designer gives each field (drag and drop, selection); not the data key */
  formId?: number | string;
  renderKey?: number | string;
  /** system controls: hidden from the form (the server still fills them) */
  noShow?: boolean;
  /** sub-table: show its title above the rows */
  showTitle?: boolean;
  /**
   * dynamic options (a data interface): which keys of the answer's rows are the option's label,
   * value and children. Static and dictionary options are always `{ id, fullName, children }`.
   */
  props?: { label?: string; value?: string; children?: string };
  /** other keys of saved JSON are kept as they are */
  [key: string]: unknown;
}

/**
 * One control. `__vModel__` is the data key (absent for layout and display controls); the other
 * keys are the control's own props (placeholder, min, max, precision, multiple, options, accept,
 * fileSize, sizeUnit, limit, props, modelId, relationField, showField, expression, isStorage…).
 */
export interface FormField {
  __config__: FieldConfig;
  __vModel__?: string;
  /** JNPF 3.x: options live here; normalised into `options` on load */
  __slot__?: { options?: OptionItem[]; [key: string]: unknown };
  options?: OptionItem[];
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  [prop: string]: unknown;
}

export type PopupType = 'general' | 'fullScreen' | 'drawer';

export interface FormData {
  formRef?: string;
  formModel?: string;
  size?: 'small' | 'middle' | 'large';
  labelPosition?: 'left' | 'right' | 'top';
  labelWidth?: number;
  gutter?: number;
  disabled?: boolean;
  span?: number;
  popupType?: PopupType;
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  formBtns?: boolean;
  cancelButtonText?: string;
  confirmButtonText?: string;
  /** the designer's running id for new fields */
  idGlobal?: number;
  fields: FormField[];
}

/** A column or search field of the list JSON (columnData). */
export interface ColumnItem {
  label: string;
  /** the form's main field (its `__vModel__`) */
  prop: string;
  align?: 'left' | 'center' | 'right';
  width?: number;
  sortable?: boolean;
  jnpfKey?: JnpfKey;
}

/**
 * The list JSON (columnData) of a form + list model (design/lowcode.md; formcore/list.ts reads it):
 * search fields, columns, the list type (1 normal, 2 a tree on the left built from `treeRelation`'s
 * options or related records, 3 grouped by `groupField`), the default sort, paging, and the top and
 * row buttons.
 */
export interface ColumnData {
  searchList: ColumnItem[];
  columnList: ColumnItem[];
  type: 1 | 2 | 3;
  defaultSidx?: string;
  sort?: 'asc' | 'desc';
  hasPage?: boolean;
  pageSize?: number;
  treeTitle?: string;
  /** type 2: the field whose options (or related model's records) make the left tree */
  treeRelation?: string;
  /** type 3: the field the rows are grouped by */
  groupField?: string;
  btnsList: Array<{ value: 'add' | 'download' | 'upload' | 'batchRemove'; label: string }>;
  columnBtnsList: Array<{ value: 'edit' | 'remove' | 'detail'; label: string }>;
}

/** Per-field switches a workflow node passes to the renderer (formOperates). */
export interface FieldOperate {
  id: string;
  read: boolean;
  write: boolean;
  required?: boolean;
}
