/**
 * The demo models (pure data): forms a street-lighting organisation uses every day, built from the
 * control catalogue (`createField`) so they carry every default the designer gives. seed.ts saves
 * them through normalizeForm and validateFormDesign, and seed-forms.test.ts checks them, so a demo
 * form cannot be invalid.
 */
import {
  createField,
  emptyColumnData,
  type ColumnData,
  type FieldConfig,
  type FormData,
  type FormField,
  type JnpfKey,
} from '@lighting/shared/formcore';

export const CATEGORY_DICTIONARY_SEED = {
  id: 'dt-visualDevCategory',
  enCode: 'visualDevCategory',
  fullName: '功能分类',
  items: [
    ['ops', '运维'],
    ['asset', '资产'],
    ['material', '物资'],
    ['quality', '验收'],
    ['office', '办公'],
  ],
} as const;

/** A category's dictionary item id (the models store it). */
export const category = (code: (typeof CATEGORY_DICTIONARY_SEED.items)[number][0]): string =>
  `${CATEGORY_DICTIONARY_SEED.id}:${code}`;

/** The material requisition's numbers: SL + date + 4 digits. */
export const MATERIAL_RULE = {
  id: 'br-material',
  fullName: '材料申领单',
  enCode: 'MaterialApply',
  prefix: 'SL',
  dateFormat: 'yyyyMMdd',
  digit: 4,
  startNumber: 1,
  suffix: '',
  description: '材料申领单编号（低代码表单）',
} as const;

let nextId = 100;

interface Over {
  config?: Partial<FieldConfig>;
  props?: Record<string, unknown>;
}

/** A catalogue field with its data key, label and overrides. */
function f(key: JnpfKey, vModel: string | null, label: string, over: Over = {}): FormField {
  const base = createField(key, nextId++);
  const field: FormField = {
    ...base,
    ...over.props,
    __config__: { ...base.__config__, label, ...over.config },
  };
  if (vModel) field.__vModel__ = vModel;
  return field;
}

const required = { required: true } as const;
const half = { span: 12 } as const;
const mobileRule = { pattern: '/^1[3-9]\\d{9}$/', message: '请输入正确的手机号码' };
const dictionary = (type: string): Partial<FieldConfig> => ({ dataType: 'dictionary', dictionaryType: type });
const statics = (...labels: string[]) => labels.map((fullName, i) => ({ id: String(i + 1), fullName }));
const ref = (vModel: string, label: string) => ({ __vModel__: vModel, label });

function form(fields: FormField[]): FormData {
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    span: 24,
    disabled: false,
    popupType: 'general',
    generalWidth: '800px',
    formBtns: false,
    fields,
  };
}

function table(
  vModel: string,
  label: string,
  tableName: string,
  columns: FormField[],
  props: Record<string, unknown> = {},
): FormField {
  const t = f('table', vModel, label, { config: { tableName, children: columns }, props });
  return t;
}

/** 报修登记: a fault reported by a citizen or a patrol (its menu's columns name these fields). */
function repairForm(): FormData {
  return form([
    f('input', 'reporter', '报修人', { config: { ...required, ...half } }),
    f('input', 'mobile', '联系电话', { config: { ...half, regList: [mobileRule] } }),
    f('input', 'address', '报修地址', {
      config: required,
      props: { placeholder: '道路名称、门牌号或灯杆编号' },
    }),
    f('select', 'faultType', '故障类型', {
      config: { ...required, ...half, ...dictionary('faultType') },
      props: { options: [] },
    }),
    f('radio', 'urgency', '紧急程度', {
      config: { ...half, ...dictionary('urgency'), defaultValue: 'dt-urgency:1' },
      props: { options: [] },
    }),
    f('textarea', 'description', '故障描述', { props: { maxlength: 500 } }),
    f('uploadImg', 'photos', '现场照片', { props: { limit: 3, fileSize: 5 } }),
    f('createUser', 'creator', '登记人', { config: half }),
    f('createTime', 'createdTime', '登记时间', { config: half }),
  ]);
}

/** 路灯巡检记录: a night patrol with the lamps checked on the way (a sub-table). */
function inspectionForm(): FormData {
  return form([
    f('billRule', 'inspectNo', '巡检单号', { config: { ...half, rule: 'InspectionSheet' } }),
    f('datePicker', 'inspectDate', '巡检日期', { config: { ...required, ...half } }),
    f('userSelect', 'inspector', '巡检人', { config: { ...required, ...half } }),
    f('select', 'district', '巡检区域', {
      config: { ...required, ...half, ...dictionary('district') },
      props: { options: [] },
    }),
    f('radio', 'weather', '天气', { config: half, props: { options: statics('晴', '阴', '雨', '雪') } }),
    f('inputNumber', 'distance', '巡检里程(km)', { config: half, props: { min: 0, max: 500, precision: 1 } }),
    table(
      'lamps',
      '巡检灯杆',
      'lowcode_inspection_lamp',
      [
        f('input', 'poleCode', '灯杆编号', { config: required }),
        f('select', 'lampState', '亮灯情况', {
          config: required,
          props: { options: statics('正常', '不亮', '闪烁', '白天亮灯') },
        }),
        f('select', 'lampSource', '光源', { config: dictionary('lampSource'), props: { options: [] } }),
        f('switch', 'poleOk', '灯杆完好', { props: { activeText: '完好', inactiveText: '损坏' } }),
        f('input', 'remark', '备注'),
      ],
      { actionText: '添加灯杆' },
    ),
    f('uploadImg', 'photos', '巡检照片', { props: { limit: 9, fileSize: 5 } }),
    f('textarea', 'summary', '巡检小结'),
    f('createUser', 'creator', '填报人', { config: half }),
    f('currDept', 'dept', '所属部门', { config: half }),
  ]);
}

/** 材料申领单: materials for repairs, priced, with the amounts calculated and summed. */
function materialForm(): FormData {
  return form([
    f('billRule', 'applyNo', '申领单号', { config: { ...half, rule: MATERIAL_RULE.enCode } }),
    f('datePicker', 'applyDate', '申领日期', { config: { ...required, ...half } }),
    f('createUser', 'applicant', '申领人', { config: half }),
    f('currDept', 'dept', '申领部门', { config: half }),
    f('input', 'purpose', '用途', { config: required, props: { placeholder: '如：解放路灯杆更换' } }),
    table(
      'items',
      '材料明细',
      'lowcode_material_item',
      [
        f('input', 'material', '材料名称', { config: required }),
        f('input', 'spec', '规格型号'),
        f('select', 'unit', '单位', { props: { options: statics('个', '米', '套', '只', '根') } }),
        f('inputNumber', 'qty', '数量', { config: required, props: { min: 1, max: 100000, precision: 0 } }),
        f('JNPFAmount', 'price', '单价(元)', { config: required, props: { min: 0, precision: 2 } }),
        f('calculate', 'amount', '金额(元)', {
          props: {
            expression: [ref('items.qty', '数量'), '×', ref('items.price', '单价')],
            precision: 2,
            isStorage: 1,
          },
        }),
      ],
      { showSummary: true, summaryField: ['qty', 'amount'], actionText: '添加材料' },
    ),
    f('calculate', 'total', '合计金额(元)', {
      config: half,
      props: { expression: [ref('items.amount', '金额')], precision: 2, isStorage: 1 },
    }),
    f('textarea', 'remark', '备注'),
  ]);
}

/** 维修验收单: accepting a repair, related to the report it closes. */
function acceptanceForm(repairModelId: string): FormData {
  return form([
    f('relationForm', 'repair', '关联报修', {
      config: required,
      props: {
        modelId: repairModelId,
        relationField: 'address',
        columnOptions: [
          { value: 'address', label: '报修地址' },
          { value: 'reporter', label: '报修人' },
        ],
      },
    }),
    f('relationFormAttr', null, '故障类型', {
      config: half,
      props: { relationField: 'repair', showField: 'faultType' },
    }),
    f('relationFormAttr', null, '报修人', {
      config: half,
      props: { relationField: 'repair', showField: 'reporter' },
    }),
    f('radio', 'result', '验收结果', {
      config: { ...required, ...half },
      props: { options: statics('合格', '整改后合格', '不合格') },
    }),
    f('rate', 'score', '维修评分', { config: half }),
    f('userSelect', 'acceptor', '验收人', { config: { ...required, ...half } }),
    f('datePicker', 'acceptDate', '验收日期', { config: { ...required, ...half } }),
    f('uploadImg', 'photos', '验收照片', { props: { limit: 6, fileSize: 5 } }),
    f('textarea', 'opinion', '验收意见'),
  ]);
}

/** 资产台账: one asset of the network. */
function assetForm(): FormData {
  return form([
    f('input', 'assetCode', '资产编号', { config: { ...required, ...half } }),
    f('dicSelect', 'assetKind', '资产类型', {
      config: { ...required, ...half, dictionaryType: 'assetKind' },
    }),
    f('input', 'location', '安装位置', { config: required }),
    f('datePicker', 'installDate', '安装日期', { config: half }),
    f('select', 'status', '资产状态', {
      config: { ...half, ...dictionary('assetStatus') },
      props: { options: [] },
    }),
    f('input', 'manufacturer', '生产厂家', { config: half }),
    f('JNPFAmount', 'cost', '购置金额(元)', { config: half, props: { min: 0, precision: 2 } }),
  ]);
}

export interface DemoModel {
  id: string;
  fullName: string;
  enCode: string;
  type: number;
  category: string;
  description: string;
  formData: FormData;
  /** the list of a form + list model (issue 13) */
  columnData?: ColumnData;
}

type Col = [
  prop: string,
  label: string,
  over?: { sortable?: boolean; width?: number; align?: 'left' | 'center' | 'right' },
];

/** A demo list: its columns, search fields and default sort, with every top and row button. */
function list(columns: Col[], search: Array<[string, string]>, over: Partial<ColumnData> = {}): ColumnData {
  return {
    ...emptyColumnData(),
    columnList: columns.map(([prop, label, o]) => ({ prop, label, align: 'left', ...o })),
    searchList: search.map(([prop, label]) => ({ prop, label })),
    ...over,
  };
}

/**
 * The demo models. The first three rows exist in the first seed (db/seed-data.ts VISUALDEV_BASES):
 * they get their forms here; the others are added.
 */
export function demoModels(): DemoModel[] {
  nextId = 100;
  return [
    {
      id: 'vd-repair',
      fullName: '报修登记',
      enCode: 'repairReport',
      type: 2,
      category: category('ops'),
      description: '市民与巡查员报修登记',
      formData: repairForm(),
      columnData: list(
        [
          ['reporter', '报修人', { width: 120 }],
          ['mobile', '联系电话', { width: 130 }],
          ['address', '报修地址'],
          ['faultType', '故障类型', { width: 120 }],
          ['urgency', '紧急程度', { width: 100 }],
          ['createdTime', '登记时间', { sortable: true, width: 170 }],
        ],
        [
          ['reporter', '报修人'],
          ['address', '报修地址'],
          ['faultType', '故障类型'],
          ['createdTime', '登记时间'],
        ],
        { defaultSidx: 'createdTime', sort: 'desc' },
      ),
    },
    {
      id: 'vd-inspection',
      fullName: '路灯巡检记录',
      enCode: 'inspectionRecord',
      type: 2,
      category: category('ops'),
      description: '夜间巡检记录，逐杆登记亮灯情况',
      formData: inspectionForm(),
      columnData: list(
        [
          ['inspectNo', '巡检单号', { width: 170 }],
          ['inspectDate', '巡检日期', { sortable: true, width: 120 }],
          ['inspector', '巡检人', { width: 120 }],
          ['district', '巡检区域', { width: 120 }],
          ['distance', '巡检里程(km)', { sortable: true, width: 120, align: 'right' }],
          ['dept', '所属部门'],
        ],
        [
          ['inspectNo', '巡检单号'],
          ['district', '巡检区域'],
          ['inspectDate', '巡检日期'],
        ],
        { type: 3, groupField: 'district', defaultSidx: 'inspectDate', sort: 'desc' },
      ),
    },
    {
      id: 'vd-asset',
      fullName: '资产台账',
      enCode: 'assetLedger',
      type: 2,
      category: category('asset'),
      description: '路灯、灯杆、井等资产台账',
      formData: assetForm(),
      columnData: list(
        [
          ['assetCode', '资产编号', { sortable: true, width: 140 }],
          ['assetKind', '资产类型', { width: 120 }],
          ['location', '安装位置'],
          ['installDate', '安装日期', { sortable: true, width: 120 }],
          ['status', '资产状态', { width: 110 }],
          ['cost', '购置金额(元)', { sortable: true, width: 130, align: 'right' }],
        ],
        [
          ['assetCode', '资产编号'],
          ['location', '安装位置'],
          ['status', '资产状态'],
        ],
        { type: 2, treeTitle: '资产类型', treeRelation: 'assetKind', defaultSidx: 'assetCode', sort: 'asc' },
      ),
    },
    {
      id: 'vd-material',
      fullName: '材料申领单',
      enCode: 'materialApply',
      type: 2,
      category: category('material'),
      description: '维修材料申领，金额自动计算',
      formData: materialForm(),
      columnData: list(
        [
          ['applyNo', '申领单号', { width: 170 }],
          ['applyDate', '申领日期', { sortable: true, width: 120 }],
          ['applicant', '申领人', { width: 110 }],
          ['dept', '申领部门', { width: 130 }],
          ['purpose', '用途'],
          ['total', '合计金额(元)', { sortable: true, width: 130, align: 'right' }],
        ],
        [
          ['applyNo', '申领单号'],
          ['purpose', '用途'],
          ['applyDate', '申领日期'],
        ],
        { defaultSidx: 'applyDate', sort: 'desc' },
      ),
    },
    {
      id: 'vd-acceptance',
      fullName: '维修验收单',
      enCode: 'repairAcceptance',
      type: 1,
      category: category('quality'),
      description: '维修完成后的现场验收，关联报修登记',
      formData: acceptanceForm('vd-repair'),
    },
  ];
}

/** Old seeds stored the category's name: name → dictionary item id. */
export const CATEGORY_BY_NAME: Readonly<Record<string, string>> = Object.fromEntries(
  CATEGORY_DICTIONARY_SEED.items.map(([code, name]) => [name, category(code)]),
);

/** The data interface the seeded report reads: faults by type in a period (portable SQL). */
export const FAULT_REPORT_INTERFACE = {
  id: 'di-fault-report',
  fullName: '故障分类统计',
  enCode: 'faultReport',
  dataType: 1,
  query:
    'SELECT "faultType", CAST(COUNT(*) AS INTEGER) AS "count", ' +
    'CAST(SUM(CASE WHEN "closedAt" IS NULL THEN 0 ELSE 1 END) AS INTEGER) AS "repaired" ' +
    'FROM "fault" ' +
    "WHERE (NULLIF(@from, '') IS NULL OR \"reportedAt\" >= CAST(NULLIF(@from, '') AS BIGINT)) " +
    "AND (NULLIF(@to, '') IS NULL OR \"reportedAt\" <= CAST(NULLIF(@to, '') AS BIGINT)) " +
    'GROUP BY "faultType"',
  path: '',
  requestMethod: 'GET',
  requestParameters: JSON.stringify([
    { field: 'from', defaultValue: '' },
    { field: 'to', defaultValue: '' },
  ]),
  description: '按故障类型统计一段时间内的故障数与已修复数（报表“故障月报”使用）',
} as const;

/** The seeded data report (menu dynamicModel.faultReport names it as rp-fault). */
export const FAULT_REPORT = {
  id: 'rp-fault',
  fullName: '故障月报',
  enCode: 'faultMonthly',
  dataInterfaceId: FAULT_REPORT_INTERFACE.id,
  description: '各类故障的数量与已修复数，可按报修时间筛选',
  config: {
    columns: [
      { prop: 'faultType', label: '故障类型', align: 'left' as const, sortable: true },
      {
        prop: 'count',
        label: '故障数',
        align: 'right' as const,
        sortable: true,
        width: 120,
        type: 'number' as const,
      },
      {
        prop: 'repaired',
        label: '已修复',
        align: 'right' as const,
        sortable: true,
        width: 120,
        type: 'number' as const,
      },
    ],
    filters: [
      { param: 'from', label: '报修时间起', kind: 'dateFrom' as const },
      { param: 'to', label: '报修时间止', kind: 'dateTo' as const },
    ],
    chart: { type: 'bar' as const, x: 'faultType', y: ['count', 'repaired'] },
    defaultSidx: 'count',
    sort: 'desc' as const,
  },
};
