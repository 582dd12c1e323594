/**
 * A flow's form: a system form (built in here, as formcore JSON so the one renderer shows it and
 * the one validator checks it, with its own business checks and what happens when it is approved)
 * or a designer form (a low-code model; its form is frozen into the flow's version at release).
 *
 * A submitted form's data goes through `prepareFlowData`: the node's field operates (what it may
 * write and must fill), then the low-code submission path (`prepareRecord`: stripped, validated
 * with formcore's `validateSubmission` against real options, references checked, calculates), then
 * the system form's own checks. Bill numbers are drawn in the action's transaction.
 */
import {
  createField,
  valueFields,
  type FieldConfig,
  type FormData,
  type FormField,
  type JnpfKey,
  type OptionItem,
} from '@lighting/shared/formcore';
import {
  fieldAccess,
  flowFieldsOfForm,
  mergeWritable,
  missingRequired,
  type FlowFormField,
  type FormOperate,
} from '@lighting/shared/flowcore';
import type { AppContext } from '../context';
import type { Db } from '../database';
import type { User } from '../system';
import { badRequest } from '../http/envelope';
import { prepareRecord } from '../lowcode';
import { allocateBillNumber } from '../system';

export type Data = Record<string, unknown>;
type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config'>;

/** The work ticket's number rule (工作票). */
export const WORK_TICKET_RULE = 'WorkTicket';
/** A repair order above this estimate needs the manager (the seeded flow's condition). */
export const REPAIR_APPROVAL_THRESHOLD = 5000;

export interface SystemForm {
  key: string;
  fullName: string;
  description: string;
  form: FormData;
  /** options that come from the product's data, filled in when the form is served or checked */
  options?: Record<string, (db: Db) => Promise<OptionItem[]>>;
  /** business checks beyond the form's rules (400 naming the field) */
  check?: (db: Db, data: Data, taskId: string | null) => Promise<void>;
  /** what the task is about in another domain (the dispatch gate reads it) */
  ref?: (data: Data) => { refType: string; refId: string } | null;
  /** the default title of a task */
  title?: (data: Data) => string | null;
}

let nextFieldId = 1;
function f(
  key: JnpfKey,
  vModel: string | null,
  label: string,
  config: Partial<FieldConfig> = {},
  props: Record<string, unknown> = {},
): FormField {
  const base = createField(key, nextFieldId++);
  const field: FormField = { ...base, ...props, __config__: { ...base.__config__, label, ...config } };
  if (vModel) field.__vModel__ = vModel;
  return field;
}
const req = { required: true } as const;
const half = { span: 12 } as const;
const statics = (...labels: Array<[string, string]>) => labels.map(([id, fullName]) => ({ id, fullName }));
function form(fields: FormField[]): FormData {
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 110,
    gutter: 15,
    span: 24,
    disabled: false,
    popupType: 'general',
    generalWidth: '800px',
    formBtns: false,
    fields,
  };
}

const isObj = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

async function pendingOrders(db: Db): Promise<OptionItem[]> {
  const rows = await db
    .selectFrom('work_order')
    .select(['id', 'billNo', 'title'])
    .where('state', '=', 'pending')
    .where('assetId', 'is not', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: `${r.billNo} ${r.title}` }));
}

async function crews(db: Db): Promise<OptionItem[]> {
  const rows = await db.selectFrom('map_crew').select(['id', 'name', 'leader']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, fullName: `${r.name}（${r.leader}）` }));
}

export const SYSTEM_FORMS: readonly SystemForm[] = [
  {
    key: 'repairDispatch',
    fullName: '维修派工审批',
    description: '维修工单派工前的费用审批；审批通过后自动派工到所选班组',
    form: form([
      f('select', 'orderId', '维修工单', req, {
        options: [],
        filterable: true,
        placeholder: '选择待派工的维修工单',
      }),
      f('select', 'crewId', '派工班组', { ...req, ...half }, { options: [] }),
      f('JNPFAmount', 'estimatedCost', '预估费用(元)', { ...req, ...half }, { min: 0, precision: 2 }),
      f('textarea', 'reason', '派工说明', {}, { maxlength: 500 }),
    ]),
    options: { orderId: pendingOrders, crewId: crews },
    async check(db, data, taskId) {
      const orderId = String(data.orderId ?? '');
      const order = await db
        .selectFrom('work_order')
        .select(['state', 'estimatedCostCents'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!order) throw badRequest('orderId: 维修工单不存在');
      if (order.state !== 'pending') throw badRequest('orderId: 只有待派工的维修工单可以申请派工');
      let q = db
        .selectFrom('flow_task')
        .select('id')
        .where('refType', '=', 'repairOrder')
        .where('refId', '=', orderId)
        .where('status', '=', 1);
      if (taskId) q = q.where('id', '!=', taskId);
      if (await q.executeTakeFirst()) throw badRequest('orderId: 该工单已在派工审批中');
      const cost = num(data.estimatedCost);
      if (cost === null || cost < 0) throw badRequest('estimatedCost: 请输入预估费用');
      // the order's own estimate (the map's) is the least the approval may be asked for: a lower one
      // would skip the manager's branch and dispatch an expensive order unapproved
      const least = order.estimatedCostCents === null ? null : Number(order.estimatedCostCents);
      if (least !== null && Math.round(cost * 100) < least)
        throw badRequest(`estimatedCost: 不能低于维修工单的预估费用 ${(least / 100).toFixed(2)} 元`);
    },
    ref: (data) =>
      typeof data.orderId === 'string' && data.orderId
        ? { refType: 'repairOrder', refId: data.orderId }
        : null,
    title: () => null,
  },
  {
    key: 'workTicket',
    fullName: '工作票',
    description: '带电或停电作业前的工作票：班组长审核，安全员会签',
    form: form([
      f(
        'billRule',
        'billNo',
        '工作票编号',
        { ...half, rule: WORK_TICKET_RULE },
        { placeholder: '提交后自动生成' },
      ),
      f('select', 'crewId', '作业班组', { ...req, ...half }, { options: [] }),
      f('input', 'location', '工作地点', req, { maxlength: 200 }),
      f('textarea', 'workContent', '工作内容', req, { maxlength: 1000 }),
      f(
        'datePicker',
        'planStart',
        '计划开始',
        { ...req, ...half },
        { type: 'datetime', format: 'yyyy-MM-dd HH:mm' },
      ),
      f(
        'datePicker',
        'planEnd',
        '计划结束',
        { ...req, ...half },
        { type: 'datetime', format: 'yyyy-MM-dd HH:mm' },
      ),
      f('switch', 'liveWork', '带电作业', { ...half, defaultValue: false }),
      f('textarea', 'safetyMeasures', '安全措施', req, { maxlength: 1000 }),
    ]),
    options: { crewId: crews },
    async check(_db, data) {
      const a = num(data.planStart);
      const b = num(data.planEnd);
      if (a !== null && b !== null && b <= a) throw badRequest('planEnd: 计划结束须晚于计划开始');
    },
  },
  {
    key: 'leaveApply',
    fullName: '请假申请',
    description: '员工请假：直属主管审批，超过 3 天再由部门负责人审批',
    form: form([
      f(
        'select',
        'leaveType',
        '请假类型',
        { ...req, ...half },
        { options: statics(['personal', '事假'], ['sick', '病假'], ['annual', '年假'], ['lieu', '调休']) },
      ),
      f(
        'inputNumber',
        'leaveDays',
        '请假天数',
        { ...req, ...half },
        { min: 0.5, max: 365, step: 0.5, precision: 1 },
      ),
      f(
        'datePicker',
        'startTime',
        '开始时间',
        { ...req, ...half },
        { type: 'datetime', format: 'yyyy-MM-dd HH:mm' },
      ),
      f(
        'datePicker',
        'endTime',
        '结束时间',
        { ...req, ...half },
        { type: 'datetime', format: 'yyyy-MM-dd HH:mm' },
      ),
      f('textarea', 'reason', '请假事由', req, { maxlength: 500 }),
    ]),
    async check(_db, data) {
      const a = num(data.startTime);
      const b = num(data.endTime);
      if (a !== null && b !== null && b <= a) throw badRequest('endTime: 结束时间须晚于开始时间');
    },
  },
];

export const systemForm = (key: string | null | undefined): SystemForm | undefined =>
  SYSTEM_FORMS.find((s) => s.key === key || s.key.toLowerCase() === String(key ?? '').toLowerCase());

/** A form with its product-data options filled in (system forms; a designer form as it is). */
export async function withOptions(db: Db, formJson: FormData, key: string | null): Promise<FormData> {
  const sf = systemForm(key);
  if (!sf?.options) return formJson;
  const out = structuredClone(formJson);
  for (const v of valueFields(out)) {
    const load = sf.options[v.key];
    if (load) v.field.options = await load(db);
  }
  return out;
}

/** A flow version's form as stored (JSON text). */
export function parseForm(text: string): FormData {
  try {
    const v = JSON.parse(text) as unknown;
    if (isObj(v) && Array.isArray(v.fields)) return v as unknown as FormData;
  } catch {
    /* fall through */
  }
  return { fields: [] };
}

export function fieldsOf(formJson: FormData): FlowFormField[] {
  return flowFieldsOfForm(formJson);
}

/** The data a draft keeps: only the form's value fields (no checks beyond shape and size). */
export function draftData(formJson: FormData, submitted: Data): Data {
  const keys = new Set(valueFields(formJson).map((v) => v.key));
  const out: Data = {};
  for (const [k, v] of Object.entries(submitted)) if (keys.has(k)) out[k] = v;
  return out;
}

export interface PrepareInput {
  form: FormData;
  systemKey: string | null;
  submitted: Data;
  previous: Data | null;
  operates: readonly FormOperate[];
  isStart: boolean;
  user: Readonly<User>;
  now: number;
  taskId: string | null;
}

/**
 * The data to store when the initiator submits or an approver saves: the node may change only
 * what it may write; the whole result is validated as the form says; the system form's checks run.
 */
export async function prepareFlowData(ctx: Ctx, i: PrepareInput): Promise<Data> {
  const keys = valueFields(i.form).map((v) => v.key);
  const merged = mergeWritable(i.previous ?? {}, i.submitted, keys, i.operates, i.isStart);
  const missing = missingRequired(merged, keys, i.operates, i.isStart)[0];
  if (missing) throw badRequest(`${missing}: 不能为空`);
  // fields the node may not write are kept as they were: only what it may write is validated anew
  const form = await withOptions(ctx.db, i.form, i.systemKey);
  let data: Data;
  if (i.isStart || i.operates.some((o) => fieldAccess(i.operates, o.id, false).write)) {
    const bill = billFields(form);
    const forCheck = { ...merged };
    for (const b of bill) if (forCheck[b] === undefined || forCheck[b] === '') forCheck[b] = undefined;
    data = await prepareRecord(ctx, form, forCheck, i.previous, i.user, i.now);
    // a bill number is the server's: kept once drawn, drawn at submit (fillBillNumbers), never the client's
    for (const b of bill) {
      if (i.previous?.[b]) data[b] = i.previous[b];
      else delete data[b];
    }
  } else {
    data = merged;
  }
  await systemForm(i.systemKey)?.check?.(ctx.db, data, i.taskId);
  return data;
}

/** Main-form bill-number fields. */
function billFields(formJson: FormData): string[] {
  return valueFields(formJson)
    .filter((v) => v.field.__config__.jnpfKey === 'billRule')
    .map((v) => v.key);
}

/** Draws the bill numbers a task does not have yet (in the action's transaction). */
export async function fillBillNumbers(trx: Db, formJson: FormData, data: Data, now: number): Promise<Data> {
  const out = { ...data };
  for (const v of valueFields(formJson)) {
    if (v.field.__config__.jnpfKey !== 'billRule') continue;
    if (typeof out[v.key] === 'string' && out[v.key]) continue;
    const rule = String(v.field.__config__.rule ?? '');
    if (!rule) continue;
    out[v.key] = await allocateBillNumber(trx, rule, now);
  }
  return out;
}

/** Whether a form field key exists (for FieldDataSelect and Options). */
export function formHasField(formJson: FormData, key: string): boolean {
  return valueFields(formJson).some((v) => v.key === key);
}
