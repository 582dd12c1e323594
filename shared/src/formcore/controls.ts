/**
 * The control catalogue (design/lowcode.md "Controls"): for every key in CONTROL_GROUPS its group,
 * its names in the three languages, an icon (an @ant-design/icons export name), what its value is,
 * and `createField(key, formId, lang)`, the default field the designer drops on the canvas. The designer's
 * palette, the renderer and the server's validation all read this one table.
 */
import {
  CONTROL_GROUPS,
  type ControlGroup,
  type FieldConfig,
  type FormField,
  type JnpfKey,
  type OptionItem,
  type PaneKey,
} from './types';
import type { FormLang } from './texts';

/**
 * What a control's value is (before `multiple` is applied, see `fieldValueType`):
 * - 'string' / 'number': a scalar; dates are epoch milliseconds (JNPF's 'timestamp'), times 'HH:mm:ss'
 * - 'switch': the control's `activeValue` or `inactiveValue` (1 / 0 unless set)
 * - 'option': one option id (string or number) of the control's options
 * - 'option[]': option ids (checkbox, multiple select)
 * - 'path': ids from the root to the chosen node (cascader, areaSelect, organizeSelect)
 * - 'string[]' / 'number[]': a fixed pair (timeRange 'HH:mm:ss', dateRange epoch ms)
 * - 'file[]': uploaded files `{ name, fileId, url }`
 * - 'rows': a sub-table's rows (objects keyed by the columns' `__vModel__`)
 * - 'none': no value (layout and display controls)
 */
export type ValueType =
  | 'string'
  | 'number'
  | 'switch'
  | 'option'
  | 'option[]'
  | 'path'
  | 'path[]'
  | 'string[]'
  | 'number[]'
  | 'file[]'
  | 'rows'
  | 'none';

export interface ControlNames {
  zh: string;
  zhtw: string;
  en: string;
}

export interface ControlInfo {
  key: JnpfKey;
  group: ControlGroup;
  names: ControlNames;
  /** An @ant-design/icons export name (e.g. 'FormOutlined'). */
  icon: string;
  /** True when the control stores a value under its `__vModel__`. */
  hasValue: boolean;
  valueType: ValueType;
  /** Layout controls and the sub-table hold other fields in `__config__.children`. */
  container: boolean;
  /** True when `multiple: true` turns the value into a list ('option' → 'option[]', 'path' → 'path[]', 'string' → 'string[]'). */
  multipleCapable: boolean;
}

type Info = Omit<ControlInfo, 'key' | 'group' | 'container' | 'multipleCapable'> & {
  container?: boolean;
  multipleCapable?: boolean;
};

const n = (zh: string, zhtw: string, en: string): ControlNames => ({ zh, zhtw, en });

const INFO: Readonly<Record<JnpfKey, Info>> = {
  input: {
    names: n('单行输入', '單行輸入', 'Text'),
    icon: 'FormOutlined',
    hasValue: true,
    valueType: 'string',
  },
  textarea: {
    names: n('多行输入', '多行輸入', 'Text area'),
    icon: 'FileTextOutlined',
    hasValue: true,
    valueType: 'string',
  },
  inputNumber: {
    names: n('数字输入', '數字輸入', 'Number'),
    icon: 'NumberOutlined',
    hasValue: true,
    valueType: 'number',
  },
  JNPFAmount: {
    names: n('金额', '金額', 'Amount'),
    icon: 'MoneyCollectOutlined',
    hasValue: true,
    valueType: 'number',
  },
  PsdInput: {
    names: n('密码', '密碼', 'Password'),
    icon: 'LockOutlined',
    hasValue: true,
    valueType: 'string',
  },
  switch: { names: n('开关', '開關', 'Switch'), icon: 'SwapOutlined', hasValue: true, valueType: 'switch' },
  radio: {
    names: n('单选框组', '單選框組', 'Radio group'),
    icon: 'CheckCircleOutlined',
    hasValue: true,
    valueType: 'option',
  },
  checkbox: {
    names: n('多选框组', '多選框組', 'Checkbox group'),
    icon: 'CheckSquareOutlined',
    hasValue: true,
    valueType: 'option[]',
  },
  select: {
    names: n('下拉选择', '下拉選擇', 'Select'),
    icon: 'DownSquareOutlined',
    hasValue: true,
    valueType: 'option',
    multipleCapable: true,
  },
  cascader: {
    names: n('级联选择', '級聯選擇', 'Cascader'),
    icon: 'ApartmentOutlined',
    hasValue: true,
    valueType: 'path',
    multipleCapable: true,
  },
  timePicker: {
    names: n('时间选择', '時間選擇', 'Time'),
    icon: 'ClockCircleOutlined',
    hasValue: true,
    valueType: 'string',
  },
  datePicker: {
    names: n('日期选择', '日期選擇', 'Date'),
    icon: 'CalendarOutlined',
    hasValue: true,
    valueType: 'number',
  },
  timeRange: {
    names: n('时间范围', '時間範圍', 'Time range'),
    icon: 'FieldTimeOutlined',
    hasValue: true,
    valueType: 'string[]',
  },
  dateRange: {
    names: n('日期范围', '日期範圍', 'Date range'),
    icon: 'ScheduleOutlined',
    hasValue: true,
    valueType: 'number[]',
  },
  uploadFile: {
    names: n('文件上传', '文件上傳', 'File upload'),
    icon: 'PaperClipOutlined',
    hasValue: true,
    valueType: 'file[]',
  },
  uploadImg: {
    names: n('图片上传', '圖片上傳', 'Image upload'),
    icon: 'PictureOutlined',
    hasValue: true,
    valueType: 'file[]',
  },
  colorPicker: {
    names: n('颜色选择', '顏色選擇', 'Colour'),
    icon: 'BgColorsOutlined',
    hasValue: true,
    valueType: 'string',
  },
  rate: { names: n('评分', '評分', 'Rating'), icon: 'StarOutlined', hasValue: true, valueType: 'number' },
  slider: {
    names: n('滑块', '滑塊', 'Slider'),
    icon: 'SlidersOutlined',
    hasValue: true,
    valueType: 'number',
  },
  divider: {
    names: n('分割线', '分割線', 'Divider'),
    icon: 'LineOutlined',
    hasValue: false,
    valueType: 'none',
  },
  text: {
    names: n('文本', '文本', 'Text block'),
    icon: 'FontSizeOutlined',
    hasValue: false,
    valueType: 'none',
  },
  editor: {
    names: n('富文本', '富文本', 'Rich text'),
    icon: 'FileWordOutlined',
    hasValue: true,
    valueType: 'string',
  },
  organizeSelect: {
    names: n('组织选择', '組織選擇', 'Organisation'),
    icon: 'BankOutlined',
    hasValue: true,
    valueType: 'path',
    multipleCapable: true,
  },
  depSelect: {
    names: n('部门选择', '部門選擇', 'Department'),
    icon: 'TeamOutlined',
    hasValue: true,
    valueType: 'string',
    multipleCapable: true,
  },
  posSelect: {
    names: n('岗位选择', '崗位選擇', 'Position'),
    icon: 'IdcardOutlined',
    hasValue: true,
    valueType: 'string',
    multipleCapable: true,
  },
  userSelect: {
    names: n('用户选择', '用戶選擇', 'User'),
    icon: 'UserOutlined',
    hasValue: true,
    valueType: 'string',
    multipleCapable: true,
  },
  dicSelect: {
    names: n('数据字典', '數據字典', 'Dictionary'),
    icon: 'BookOutlined',
    hasValue: true,
    valueType: 'option',
    multipleCapable: true,
  },
  treeSelect: {
    names: n('树形选择', '樹形選擇', 'Tree select'),
    icon: 'PartitionOutlined',
    hasValue: true,
    valueType: 'option',
    multipleCapable: true,
  },
  billRule: {
    names: n('单据组件', '單據組件', 'Bill number'),
    icon: 'BarcodeOutlined',
    hasValue: true,
    valueType: 'string',
  },
  table: {
    names: n('设计子表', '設計子表', 'Sub-table'),
    icon: 'TableOutlined',
    hasValue: true,
    valueType: 'rows',
    container: true,
  },
  areaSelect: {
    names: n('省市区', '省市區', 'Address'),
    icon: 'EnvironmentOutlined',
    hasValue: true,
    valueType: 'path',
    multipleCapable: true,
  },
  relationForm: {
    names: n('关联表单', '關聯表單', 'Related form'),
    icon: 'LinkOutlined',
    hasValue: true,
    valueType: 'string',
  },
  relationFormAttr: {
    names: n('关联表单属性', '關聯表單屬性', 'Related form field'),
    icon: 'ProfileOutlined',
    hasValue: false,
    valueType: 'none',
  },
  calculate: {
    names: n('计算公式', '計算公式', 'Calculation'),
    icon: 'CalculatorOutlined',
    hasValue: true,
    valueType: 'number',
  },
  createUser: {
    names: n('创建人员', '創建人員', 'Created by'),
    icon: 'UserAddOutlined',
    hasValue: true,
    valueType: 'string',
  },
  createTime: {
    names: n('创建时间', '創建時間', 'Created at'),
    icon: 'HistoryOutlined',
    hasValue: true,
    valueType: 'string',
  },
  modifyUser: {
    names: n('修改人员', '修改人員', 'Modified by'),
    icon: 'UserSwitchOutlined',
    hasValue: true,
    valueType: 'string',
  },
  modifyTime: {
    names: n('修改时间', '修改時間', 'Modified at'),
    icon: 'FieldTimeOutlined',
    hasValue: true,
    valueType: 'string',
  },
  currOrganize: {
    names: n('所属组织', '所屬組織', 'Organisation (own)'),
    icon: 'ClusterOutlined',
    hasValue: true,
    valueType: 'string',
  },
  currDept: {
    names: n('所属部门', '所屬部門', 'Department (own)'),
    icon: 'SolutionOutlined',
    hasValue: true,
    valueType: 'string',
  },
  currPosition: {
    names: n('所属岗位', '所屬崗位', 'Position (own)'),
    icon: 'TagOutlined',
    hasValue: true,
    valueType: 'string',
  },
  groupTitle: {
    names: n('分组标题', '分組標題', 'Group title'),
    icon: 'FontColorsOutlined',
    hasValue: false,
    valueType: 'none',
  },
  card: {
    names: n('卡片', '卡片', 'Card'),
    icon: 'CreditCardOutlined',
    hasValue: false,
    valueType: 'none',
    container: true,
  },
  row: {
    names: n('栅格布局', '柵格佈局', 'Row'),
    icon: 'LayoutOutlined',
    hasValue: false,
    valueType: 'none',
    container: true,
  },
  tab: {
    names: n('标签页', '標籤頁', 'Tabs'),
    icon: 'FolderOutlined',
    hasValue: false,
    valueType: 'none',
    container: true,
  },
  collapse: {
    names: n('折叠面板', '折疊面板', 'Collapse'),
    icon: 'MenuUnfoldOutlined',
    hasValue: false,
    valueType: 'none',
    container: true,
  },
};

function build(): ReadonlyMap<JnpfKey, ControlInfo> {
  const map = new Map<JnpfKey, ControlInfo>();
  for (const group of Object.keys(CONTROL_GROUPS) as ControlGroup[]) {
    for (const key of CONTROL_GROUPS[group]) {
      const info = INFO[key];
      map.set(key, {
        ...info,
        key,
        group,
        container: info.container ?? false,
        multipleCapable: info.multipleCapable ?? false,
      });
    }
  }
  return map;
}

/** Every control, in palette order (CONTROL_GROUPS). */
export const CONTROLS: ReadonlyMap<JnpfKey, ControlInfo> = build();

const ALL_KEYS: ReadonlySet<string> = new Set(CONTROLS.keys());

export function isJnpfKey(key: unknown): key is JnpfKey {
  return typeof key === 'string' && ALL_KEYS.has(key);
}

export function isPaneKey(key: unknown): key is PaneKey {
  return key === 'tabItem' || key === 'collapseItem';
}

/** The catalogue entry of a control key (undefined for panes and unknown keys). */
export function controlInfo(key: string): ControlInfo | undefined {
  return isJnpfKey(key) ? CONTROLS.get(key) : undefined;
}

/** The palette: the controls of each group in order. */
export function controlsOf(group: ControlGroup): ControlInfo[] {
  return CONTROL_GROUPS[group].map((k) => CONTROLS.get(k)).filter((c): c is ControlInfo => c !== undefined);
}

/** The value type of a field, with `multiple` applied. */
export function fieldValueType(field: FormField): ValueType {
  const info = controlInfo(field.__config__.jnpfKey);
  if (!info) return 'none';
  if (!info.multipleCapable || field.multiple !== true) return info.valueType;
  if (info.valueType === 'option') return 'option[]';
  if (info.valueType === 'path') return 'path[]';
  return 'string[]';
}

/** True when the field stores a value (a known value control with a `__vModel__`). */
export function holdsValue(field: FormField): boolean {
  return controlInfo(field.__config__.jnpfKey)?.hasValue === true;
}

const OPTION_WORD = { zh: '选项', zhtw: '選項', en: 'Option ' } as const;
const defaultOptions = (lang: FormLang): OptionItem[] => [
  { id: '1', fullName: lang === 'en' ? 'Option 1' : `${OPTION_WORD[lang]}一` },
  { id: '2', fullName: lang === 'en' ? 'Option 2' : `${OPTION_WORD[lang]}二` },
];
const defaultTree = (lang: FormLang): OptionItem[] => [
  {
    id: '1',
    fullName: `${OPTION_WORD[lang]}1`,
    children: [{ id: '2', fullName: `${OPTION_WORD[lang]}1-1` }],
  },
];

/** The option field names the renderer reads (JNPF's `props`). */
export const OPTION_PROPS = { label: 'fullName', value: 'id', children: 'children' } as const;

function defaultValueOf(key: JnpfKey): unknown {
  switch (key) {
    case 'checkbox':
    case 'cascader':
    case 'timeRange':
    case 'dateRange':
    case 'uploadFile':
    case 'uploadImg':
    case 'areaSelect':
    case 'organizeSelect':
    case 'table':
      return [];
    case 'switch':
      return 0;
    case 'rate':
    case 'slider':
      return 0;
    default:
      return undefined;
  }
}

function triggerOf(key: JnpfKey): FieldConfig['trigger'] | undefined {
  const info = CONTROLS.get(key);
  if (!info || !info.hasValue || info.group === 'system') return undefined;
  if (key === 'input' || key === 'textarea' || key === 'PsdInput' || key === 'editor') return 'blur';
  if (key === 'inputNumber' || key === 'JNPFAmount') return ['blur', 'change'];
  return 'change';
}

/** Texts a new display control shows until its designer writes their own, per language. */
const STARTER_TEXTS = {
  text: { zh: '这是一段文字', zhtw: '這是一段文字', en: 'Some text' },
  groupTitle: { zh: '分组标题', zhtw: '分組標題', en: 'Group title' },
  card: { zh: '卡片', zhtw: '卡片', en: 'Card' },
  tab: { zh: '标签1', zhtw: '標籤1', en: 'Tab 1' },
  collapse: { zh: '面板1', zhtw: '面板1', en: 'Panel 1' },
} as const;

/**
 * The control's own props of a new field (everything but `__config__` and `__vModel__`). Generic
 * placeholders and button texts ('请输入', '点击上传', the sub-table's '添加') are not stored: the
 * renderer says them in the reader's language.
 */
function propsOf(key: JnpfKey, formId: number | string, lang: FormLang): Record<string, unknown> {
  switch (key) {
    case 'input':
      return { clearable: true, maxlength: null, readonly: false, disabled: false };
    case 'textarea':
      return {
        autoSize: { minRows: 4, maxRows: 4 },
        maxlength: null,
        disabled: false,
      };
    case 'inputNumber':
      return {
        min: undefined,
        max: undefined,
        step: 1,
        precision: undefined,
        disabled: false,
      };
    case 'JNPFAmount':
      return {
        min: 0,
        max: undefined,
        precision: 2,
        showChinese: true,
        disabled: false,
      };
    case 'PsdInput':
      return { maxlength: null, disabled: false };
    case 'switch':
      return { activeValue: 1, inactiveValue: 0, activeText: '', inactiveText: '', disabled: false };
    case 'radio':
    case 'checkbox':
      return { options: defaultOptions(lang), optionType: 'default', disabled: false };
    case 'select':
      return {
        options: defaultOptions(lang),
        multiple: false,
        filterable: false,
        clearable: true,
        disabled: false,
      };
    case 'cascader':
    case 'treeSelect':
      return {
        options: defaultTree(lang),
        multiple: false,
        filterable: false,
        clearable: true,
        showAllLevels: true,
        disabled: false,
      };
    case 'dicSelect':
      return {
        options: [],
        multiple: false,
        filterable: false,
        clearable: true,
        disabled: false,
      };
    case 'timePicker':
      return { format: 'HH:mm:ss', clearable: true, disabled: false };
    case 'datePicker':
      return { type: 'date', format: 'YYYY-MM-DD', clearable: true, disabled: false };
    case 'timeRange':
      return { format: 'HH:mm:ss', disabled: false };
    case 'dateRange':
      return { format: 'YYYY-MM-DD', disabled: false };
    case 'uploadFile':
      return { accept: '', fileSize: 2, sizeUnit: 'MB', limit: 9, disabled: false };
    case 'uploadImg':
      return { accept: 'image/*', fileSize: 2, sizeUnit: 'MB', limit: 9, disabled: false };
    case 'colorPicker':
      return { showAlpha: false, disabled: false };
    case 'rate':
      return { count: 5, allowHalf: false, disabled: false };
    case 'slider':
      return { min: 0, max: 100, step: 1, disabled: false };
    case 'divider':
      return { content: '', contentPosition: 'center' };
    case 'text':
      return {
        content: STARTER_TEXTS.text[lang],
        textStyle: { color: '#000000', textAlign: 'left', fontSize: 12 },
      };
    case 'editor':
      return { height: 300, disabled: false };
    case 'organizeSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'areaSelect':
      return {
        multiple: false,
        clearable: true,
        disabled: false,
        ...(key === 'areaSelect' ? { level: 2 } : {}),
      };
    case 'billRule':
      return { readonly: true };
    case 'table':
      return { showSummary: false, summaryField: [], disabled: false };
    case 'relationForm':
      return {
        modelId: '',
        relationField: '',
        columnOptions: [],
        hasPage: true,
        pageSize: 20,
        clearable: true,
        filterable: true,
        disabled: false,
      };
    case 'relationFormAttr':
      return { relationField: '', showField: '' };
    case 'calculate':
      return { expression: [], precision: 2, isStorage: 0, thousands: false };
    case 'createUser':
    case 'createTime':
    case 'modifyUser':
    case 'modifyTime':
    case 'currOrganize':
    case 'currDept':
    case 'currPosition':
      return { readonly: true };
    case 'groupTitle':
      return { content: STARTER_TEXTS.groupTitle[lang], contentPosition: 'left' };
    case 'card':
      return { header: STARTER_TEXTS.card[lang], shadow: 'always' };
    case 'row':
      return { justify: 'start', align: 'top', gutter: 15 };
    case 'tab':
      return { tabPosition: 'top', active: `${String(formId)}_1` };
    case 'collapse':
      return { accordion: false, active: [`${String(formId)}_1`] };
  }
}

/**
 * A tab or collapse pane: `{ __config__: { jnpfKey: 'tabItem' | 'collapseItem', label, children } ,
 * name }`; `name` is the pane's key (the container's `active` names panes).
 */
export function createPane(kind: PaneKey, name: string, label: string): FormField {
  return { __config__: { jnpfKey: kind, label, children: [] }, name, title: label };
}

/**
 * A new field as the designer drops it: `__config__` with the defaults and the control's props.
 * `formId` is the designer's running id; value controls get `__vModel__` `${key}Field${formId}`
 * (JNPF's naming, valid per `isValidVModel`). `lang` is the designer's language: the label and
 * the starter texts of display controls are written in it (they are the designer's to change).
 */
export function createField(key: JnpfKey, formId: number | string, lang: FormLang = 'zh'): FormField {
  const info = CONTROLS.get(key);
  if (!info) throw new Error(`unknown control '${String(key)}'`);
  const layoutRow = info.container || key === 'divider' || key === 'groupTitle';
  const config: FieldConfig = {
    jnpfKey: key,
    label: info.names[lang],
    showLabel: !(info.container || key === 'divider' || key === 'text' || key === 'groupTitle'),
    tag: key,
    required: false,
    layout: info.container ? 'rowFormItem' : 'colFormItem',
    span: 24,
    dragDisabled: false,
    regList: [],
    formId,
    renderKey: `${String(formId)}`,
  };
  const defaultValue = defaultValueOf(key);
  if (defaultValue !== undefined) config.defaultValue = defaultValue;
  const trigger = triggerOf(key);
  if (trigger) config.trigger = trigger;
  if (layoutRow) config.span = 24;
  if (info.group === 'system') config.noShow = false;
  if (
    key === 'radio' ||
    key === 'checkbox' ||
    key === 'select' ||
    key === 'cascader' ||
    key === 'treeSelect'
  ) {
    config.dataType = 'static';
    config.dictionaryType = '';
    config.propsUrl = '';
  }
  if (key === 'dicSelect') {
    config.dataType = 'dictionary';
    config.dictionaryType = '';
  }
  if (key === 'billRule') config.rule = '';
  if (key === 'table') {
    config.tableName = '';
    config.children = [];
    config.showTitle = true;
  }
  if (key === 'row' || key === 'card') config.children = [];
  if (key === 'tab')
    config.children = [createPane('tabItem', `${String(formId)}_1`, STARTER_TEXTS.tab[lang])];
  if (key === 'collapse')
    config.children = [createPane('collapseItem', `${String(formId)}_1`, STARTER_TEXTS.collapse[lang])];

  const field: FormField = { __config__: config, ...propsOf(key, formId, lang) };
  if (info.hasValue) field.__vModel__ = `${key}Field${String(formId)}`;
  return field;
}
