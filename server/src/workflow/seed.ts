/**
 * The workflow demo, on every start, each part only when missing (so a database made before
 * migration 0016 ends like a fresh one):
 *
 * - the workflow menus a database lacks (已办事宜, 流程委托, 流程监控), granted as the role seeds say;
 * - the flow forms: the three system forms and the material requisition (a low-code model);
 * - the flows a lighting organisation runs, released through `validateFlow` (an invalid seed flow
 *   stops the seed): 故障维修工单 (dispatch approval: the manager when the estimate reaches
 *   5,000 元; approval dispatches the order on the map), 工作票 (the crew's manager, then a
 *   countersign of the safety officers), 请假申请 (the manager; over 3 days also the department
 *   head), 材料申领审批 (a designer form: the materials clerk; from 10,000 元 also the director);
 * - running, finished, rejected and cancelled instances, made by the engine itself, so no list is
 *   empty on first start.
 */
import {
  AssigneeType,
  SignMode,
  TaskStatus,
  normalizeFlow,
  validateFlow,
  type FlowDefinition,
  type FlowNode,
} from '@lighting/shared/flowcore';
import { newId, insertChunked } from '../kernel';
import type { Db, Dialect } from '../database';
import type { SeedContext } from '../kernel';
import { rolesFor, syncSeededMenus } from '../system';
import { versionForm } from '../lowcode';
import { saverOf } from '../lowcode';
import { REPAIR_APPROVAL_THRESHOLD, SYSTEM_FORMS, fieldsOf, parseForm } from './forms';
import { withTask } from './store';
import type { FlowTaskTable } from './schema';

/* ---------------- definitions ---------------- */

type Props = Record<string, unknown>;
const approver = (nodeId: string, title: string, props: Props, childNode?: FlowNode): FlowNode =>
  ({
    type: 'approver',
    nodeId,
    prevId: null,
    properties: {
      title,
      counterSign: SignMode.OR,
      rejectStep: '0',
      formOperates: [],
      hasAuditBtn: true,
      hasRejectBtn: true,
      hasRevokeBtn: true,
      hasTransferBtn: true,
      hasFreeApprover: true,
      ...props,
    },
    ...(childNode ? { childNode } : {}),
  }) as unknown as FlowNode;
const copyNode = (nodeId: string, title: string, props: Props, childNode?: FlowNode): FlowNode =>
  ({
    type: 'copy',
    nodeId,
    prevId: null,
    properties: { title, ...props },
    ...(childNode ? { childNode } : {}),
  }) as FlowNode;
const conditionGroup = (
  nodeId: string,
  branch: { title: string; field: string; value: number; then: FlowNode },
  childNode?: FlowNode,
): FlowNode => ({
  type: 'empty',
  nodeId,
  prevId: null,
  properties: {},
  conditionType: 'condition',
  conditionNodes: [
    {
      type: 'condition',
      nodeId: `${nodeId}_yes`,
      prevId: null,
      properties: {
        title: branch.title,
        priority: 0,
        isDefault: false,
        conditions: [
          { field: branch.field, fieldType: 'number', symbol: '>=', filedValue: branch.value, logic: '&&' },
        ],
      },
      childNode: branch.then,
    },
    {
      type: 'condition',
      nodeId: `${nodeId}_else`,
      prevId: null,
      properties: { title: '其他情况', priority: 1, isDefault: true, conditions: [] },
    },
  ],
  ...(childNode ? { childNode } : {}),
});
function start(childNode: FlowNode, props: Props = {}): FlowDefinition {
  const root = {
    type: 'start',
    nodeId: 'start',
    prevId: null,
    properties: {
      title: '发起人',
      initiator: [],
      initiatePos: [],
      initiateRole: [],
      formOperates: [],
      noApproverHandler: 2,
      ...props,
    },
    childNode,
  } as FlowDefinition;
  const link = (n: FlowNode, prev: string | null): void => {
    n.prevId = prev;
    n.conditionNodes?.forEach((c) => link(c, n.nodeId));
    if (n.childNode) link(n.childNode, n.nodeId);
  };
  link(root, null);
  return root;
}
const readOnly = (ids: string[]) => ids.map((id) => ({ id, read: true, write: false, required: false }));

/** The safety officers who countersign work tickets. */
export const SAFETY_OFFICERS = ['u-manager', 'u-0006'];

interface FlowSeed {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  icon: string;
  iconBackground: string;
  description: string;
  formId: string;
  def: FlowDefinition;
}

export function flowSeeds(): FlowSeed[] {
  return [
    {
      id: 'fe-repair',
      fullName: '故障维修工单',
      enCode: 'repairOrder',
      category: '运维',
      icon: 'icon-ym icon-ym-flow-repair',
      iconBackground: '#f5811c',
      description: `维修工单派工审批：预估费用达 ${REPAIR_APPROVAL_THRESHOLD} 元须经理审批，通过后自动派工`,
      formId: 'ff-repairDispatch',
      def: start(
        conditionGroup(
          'cost',
          {
            title: `预估费用 ≥ ${REPAIR_APPROVAL_THRESHOLD} 元`,
            field: 'estimatedCost',
            value: REPAIR_APPROVAL_THRESHOLD,
            then: approver('manager', '经理审批', {
              assigneeType: AssigneeType.MANAGER,
              managerLevel: 1,
              formOperates: readOnly(['orderId', 'crewId', 'estimatedCost', 'reason']),
              timeoutConfig: { on: true, quantity: 2, type: 'day', handler: 1 },
              remindConfig: { on: true, quantity: 4, type: 'hour', times: 3 },
            }),
          },
          copyNode('dispatch', '抄送调度中心', { circulatePosition: ['pos-dispatcher'] }),
        ),
      ),
    },
    {
      id: 'fe-ticket',
      fullName: '工作票',
      enCode: 'workTicket',
      category: '运维',
      icon: 'icon-ym icon-ym-flow-inspect',
      iconBackground: '#13c2c2',
      description: '带电或停电作业前的工作票：班组长审核，安全员会签，签发后抄送运维班组',
      formId: 'ff-workTicket',
      def: start(
        approver(
          'leader',
          '班组长审核',
          { assigneeType: AssigneeType.MANAGER, managerLevel: 1 },
          approver(
            'safety',
            '安全员会签',
            {
              assigneeType: AssigneeType.NAMED,
              approvers: SAFETY_OFFICERS,
              counterSign: SignMode.COUNTER,
              countersignRatio: 100,
              rejectStep: '1',
              hasSign: false,
            },
            copyNode('crew', '抄送运维班组', { circulatePosition: ['pos-maintainer'] }),
          ),
        ),
      ),
    },
    {
      id: 'fe-leave',
      fullName: '请假申请',
      enCode: 'leaveApply',
      category: '办公',
      icon: 'icon-ym icon-ym-flow-leave',
      iconBackground: '#3eac12',
      description: '员工请假：直属主管审批，超过 3 天再由部门负责人审批，抄送办公室',
      formId: 'ff-leaveApply',
      def: start(
        approver(
          'manager',
          '直属主管审批',
          { assigneeType: AssigneeType.MANAGER, managerLevel: 1 },
          conditionGroup(
            'days',
            {
              title: '请假超过 3 天',
              field: 'leaveDays',
              value: 3.5,
              then: approver('head', '部门负责人审批', { assigneeType: AssigneeType.DEPARTMENT_HEAD }),
            },
            copyNode('office', '抄送办公室', {
              circulateUser: ['u-admin'],
              circulatePosition: ['pos-clerk'],
            }),
          ),
        ),
      ),
    },
    {
      id: 'fe-material',
      fullName: '材料申领审批',
      enCode: 'materialApply',
      category: '物资',
      icon: 'icon-ym icon-ym-flow-install',
      iconBackground: '#722ed1',
      description: '材料申领单（在线开发表单）：材料员审核，合计 10000 元起由处长审批',
      formId: 'ff-material',
      def: start(
        approver(
          'clerk',
          '材料员审核',
          { assigneeType: AssigneeType.NAMED, approvers: ['u-operator'] },
          conditionGroup(
            'total',
            {
              title: '合计 ≥ 10000 元',
              field: 'total',
              value: 10000,
              then: approver('director', '处长审批', {
                assigneeType: AssigneeType.NAMED,
                approvers: ['u-manager'],
              }),
            },
            copyNode('notify', '抄送管理人员', { circulateUser: ['u-manager'] }),
          ),
        ),
      ),
    },
  ];
}

/* ---------------- seeding ---------------- */

async function ensureForms(db: Db, now: number): Promise<void> {
  const have = new Set((await db.selectFrom('flow_form').select('id').execute()).map((r) => r.id));
  let i = 0;
  for (const sf of SYSTEM_FORMS) {
    const id = `ff-${sf.key}`;
    i++;
    if (have.has(id)) continue;
    await db
      .insertInto('flow_form')
      .values({
        id,
        fullName: sf.fullName,
        enCode: sf.key,
        formType: 1,
        systemKey: sf.key,
        modelId: null,
        description: sf.description,
        sortCode: i,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
      })
      .execute();
  }
  const model = await db
    .selectFrom('visualdev_base')
    .select('id')
    .where('id', '=', 'vd-material')
    .executeTakeFirst();
  if (model && !have.has('ff-material'))
    await db
      .insertInto('flow_form')
      .values({
        id: 'ff-material',
        fullName: '材料申领单',
        enCode: 'materialForm',
        formType: 2,
        systemKey: null,
        modelId: 'vd-material',
        description: '在线开发的材料申领单',
        sortCode: 10,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
      })
      .execute();
}

async function formJsonOf(
  db: Db,
  formId: string,
): Promise<{ formData: string; formType: number; formVersion: number } | null> {
  const f = await db.selectFrom('flow_form').selectAll().where('id', '=', formId).executeTakeFirst();
  if (!f) return null;
  if (f.formType === 1) {
    const sf = SYSTEM_FORMS.find((s) => s.key === f.systemKey);
    return sf ? { formData: JSON.stringify(sf.form), formType: 1, formVersion: 0 } : null;
  }
  const m = await db
    .selectFrom('visualdev_base')
    .select('version')
    .where('id', '=', f.modelId ?? '')
    .executeTakeFirst();
  if (!m || Number(m.version) < 1) return null;
  const v = await versionForm(db, f.modelId ?? '', Number(m.version));
  return { formData: v.formData, formType: 2, formVersion: Number(m.version) };
}

/** Creates or completes the seeded flows: each gets its form and is released once. */
async function ensureFlows(db: Db, now: number): Promise<string[]> {
  const released: string[] = [];
  for (const [i, s] of flowSeeds().entries()) {
    const form = await formJsonOf(db, s.formId);
    if (!form) continue;
    const problems = validateFlow(s.def, { fields: fieldsOf(parseForm(form.formData)) });
    if (problems.length)
      throw new Error(`workflow seed: ${s.enCode}: ${problems.map((p) => p.message).join('; ')}`);
    const tpl = JSON.stringify(normalizeFlow(s.def));
    const row = await db
      .selectFrom('flow_engine')
      .select(['id', 'version', 'formId'])
      .where('id', '=', s.id)
      .executeTakeFirst();
    if (row && (Number(row.version) > 0 || row.formId)) continue;
    await db.transaction().execute(async (trx) => {
      const values = {
        fullName: s.fullName,
        enCode: s.enCode,
        category: s.category,
        type: 0,
        icon: s.icon,
        iconBackground: s.iconBackground,
        description: s.description,
        formType: form.formType,
        formId: s.formId,
        flowTemplateJson: tpl,
        version: 1,
        enabledMark: 1,
        updatedAt: now,
      };
      if (row) await trx.updateTable('flow_engine').set(values).where('id', '=', s.id).execute();
      else {
        const taken = await trx
          .selectFrom('flow_engine')
          .select('id')
          .where('enCode', '=', s.enCode)
          .executeTakeFirst();
        if (taken) return;
        await trx
          .insertInto('flow_engine')
          .values({
            id: s.id,
            ...values,
            sortCode: i,
            createdAt: now,
            createdBy: null,
            updatedBy: null,
            visibleType: 0,
          })
          .execute();
      }
      await trx
        .insertInto('flow_version')
        .values({
          id: `${s.id}-v1`,
          flowId: s.id,
          version: 1,
          flowTemplateJson: tpl,
          formType: form.formType,
          formId: s.formId,
          formData: form.formData,
          formVersion: form.formVersion,
          createdAt: now,
          createdBy: null,
        })
        .execute();
      released.push(s.id);
    });
  }
  // a flow never released cannot be launched (enabledMark says launchable)
  await db
    .updateTable('flow_engine')
    .set({ enabledMark: 0 })
    .where('version', '=', 0)
    .where('enabledMark', '=', 1)
    .execute();
  return released;
}

/* ---------------- instances ---------------- */

type Step = { as: string; op: 'agree' | 'reject' | 'cancel'; node?: string };

async function seedTask(
  ctx: { db: Db; dialect: Dialect; clock: () => number },
  flowId: string,
  creator: string,
  title: string,
  data: Record<string, unknown>,
  steps: Step[],
  at: number,
): Promise<void> {
  const v = await ctx.db
    .selectFrom('flow_version')
    .select(['id', 'version'])
    .where('flowId', '=', flowId)
    .where('version', '=', 1)
    .executeTakeFirst();
  if (!v) return;
  const id = newId();
  const row: FlowTaskTable = {
    id,
    flowId,
    versionId: v.id,
    flowVersion: 1,
    fullName: title,
    status: TaskStatus.DRAFT,
    flowUrgent: 1,
    data: JSON.stringify(data),
    candidates: '{}',
    copyIds: '[]',
    creatorUserId: creator,
    createdAt: at,
    startTime: null,
    completionTime: null,
    updatedAt: at,
    version: 1,
    thisStep: '',
    refType: data.orderId ? 'repairOrder' : null,
    refId: typeof data.orderId === 'string' ? data.orderId : null,
    pressedAt: null,
    parentTaskId: null,
    parentNodeId: null,
    parentRound: null,
  };
  let t = at;
  const c = { ...ctx, clock: () => t };
  await withTask(c, id, { create: row }, async (tx) =>
    tx.run().submit({ userId: creator, delegatorId: null }),
  );
  for (const s of steps) {
    t += 3_600_000;
    await withTask(c, id, {}, async (tx) => {
      if (s.op === 'cancel') return tx.run().cancel({ userId: s.as, delegatorId: null }, '演示：终止');
      const op = tx.state.operators.find(
        (o) => o.userId === s.as && o.state === 0 && (!s.node || o.nodeId === s.node),
      );
      if (!op) throw new Error(`workflow seed: ${title}: no waiting row for ${s.as}`);
      if (s.op === 'agree')
        return tx.run().audit(op.id, { userId: s.as, delegatorId: null }, { opinion: '同意' });
      return tx
        .run()
        .reject(op.id, { userId: s.as, delegatorId: null }, { opinion: '请补充材料明细后重新提交' });
    });
  }
}

async function seedInstances(db: Db, dialect: Dialect, now: number): Promise<void> {
  const any = await db.selectFrom('flow_task').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const ctx = { db, dialect, clock: () => now };
  const day = 86_400_000;
  const users = new Set((await db.selectFrom('user').select('id').execute()).map((u) => u.id));
  if (!users.has('u-operator') || !users.has('u-manager')) return;
  const leave = (type: string, days: number, from: number) => ({
    leaveType: type,
    leaveDays: days,
    startTime: from,
    endTime: from + days * day,
    reason: type === 'sick' ? '感冒发烧，医院建议休息' : '家中有事需处理',
  });
  await seedTask(
    ctx,
    'fe-leave',
    'u-operator',
    '请假申请（李明 事假 1 天）',
    leave('personal', 1, now - 20 * day),
    [{ as: 'u-manager', op: 'agree' }],
    now - 21 * day,
  );
  await seedTask(
    ctx,
    'fe-leave',
    'u-operator',
    '请假申请（李明 病假 2 天）',
    leave('sick', 2, now + 2 * day),
    [],
    now - 2 * day,
  );
  await seedTask(
    ctx,
    'fe-leave',
    'u-operator',
    '请假申请（李明 年假 5 天）',
    leave('annual', 5, now - 40 * day),
    [{ as: 'u-admin', op: 'cancel' }],
    now - 45 * day,
  );
  const ticket = (content: string, from: number, live: boolean) => ({
    billNo: `GZP${new Date(from).toISOString().slice(0, 10).replace(/-/g, '')}${String(Math.floor(from / 1000) % 10000).padStart(4, '0')}`,
    crewId: '',
    location: '解放路与人民路交叉口配电箱',
    workContent: content,
    planStart: from,
    planEnd: from + 4 * 3_600_000,
    liveWork: live ? 1 : 0,
    safetyMeasures: '断开上级开关并挂牌，验电、装设接地线，设专人监护',
  });
  const crew = await db.selectFrom('map_crew').select('id').orderBy('id').executeTakeFirst();
  const t1 = { ...ticket('更换配电箱内损坏的空气开关', now - 10 * day, false), crewId: crew?.id ?? '' };
  const t2 = { ...ticket('带电更换路灯控制箱接触器', now + day, true), crewId: crew?.id ?? '' };
  await seedTask(
    ctx,
    'fe-ticket',
    'u-operator',
    '工作票：更换配电箱空气开关',
    t1,
    [
      { as: 'u-manager', op: 'agree', node: 'leader' },
      { as: 'u-manager', op: 'agree', node: 'safety' },
      { as: 'u-0006', op: 'agree', node: 'safety' },
    ],
    now - 11 * day,
  );
  await seedTask(
    ctx,
    'fe-ticket',
    'u-operator',
    '工作票：带电更换控制箱接触器',
    t2,
    [
      { as: 'u-manager', op: 'agree', node: 'leader' },
      { as: 'u-0006', op: 'agree', node: 'safety' },
    ],
    now - day,
  );
  // the requisitions are u-0006's: its system fields hold what a submission would write (their
  // id and department, shown by name on the task page)
  const clerk = await db.selectFrom('user').selectAll().where('id', '=', 'u-0006').executeTakeFirst();
  const clerkAt = clerk ? await saverOf(db, clerk) : null;
  const material = (purpose: string, items: Array<[string, string, number, number]>) => {
    const rows = items.map(([m, unit, qty, price]) => ({
      material: m,
      spec: '',
      unit,
      qty,
      price,
      amount: Math.round(qty * price * 100) / 100,
    }));
    return {
      applyDate: now,
      applicant: clerkAt?.userId ?? null,
      dept: clerkAt?.departmentId ?? null,
      purpose,
      items: rows,
      total: rows.reduce((s, r) => s + r.amount, 0),
      remark: '',
    };
  };
  if (users.has('u-0006')) {
    await seedTask(
      ctx,
      'fe-material',
      'u-0006',
      '材料申领：解放路灯杆更换',
      material('解放路灯杆更换', [
        ['LED 灯头 150W', '个', 12, 680],
        ['镀锌灯杆 8m', '根', 2, 2600],
      ]),
      [],
      now - 3 * 3_600_000,
    );
    await seedTask(
      ctx,
      'fe-material',
      'u-0006',
      '材料申领：控制箱检修',
      material('控制箱检修', [['交流接触器', '只', 4, 120]]),
      [{ as: 'u-operator', op: 'agree' }],
      now - 6 * day,
    );
    await seedTask(
      ctx,
      'fe-material',
      'u-0006',
      '材料申领：电缆抢修',
      material('电缆抢修', [['YJV 4×25 电缆', '米', 300, 58]]),
      [
        { as: 'u-operator', op: 'agree' },
        { as: 'u-manager', op: 'reject' },
      ],
      now - 4 * day,
    );
  }
  const order = await db
    .selectFrom('work_order')
    .select(['id', 'title'])
    .where('state', '=', 'pending')
    .where('assetId', 'is not', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (order && crew) {
    // the order carries the estimate its approval is about (the map shows it waiting)
    await db
      .updateTable('work_order')
      .set({ estimatedCostCents: 860_000 })
      .where('id', '=', order.id)
      .where('estimatedCostCents', 'is', null)
      .execute();
    await seedTask(
      ctx,
      'fe-repair',
      'u-operator',
      `派工审批：${order.title}`,
      { orderId: order.id, crewId: crew.id, estimatedCost: 8600, reason: '需更换整段电缆，费用较高' },
      [],
      now - 5 * 3_600_000,
    );
  }
}

export const FLOW_ENGINES = [
  {
    id: 'fe-repair',
    fullName: '故障维修工单',
    enCode: 'repairOrder',
    category: '运维',
    type: 0,
    icon: 'icon-ym icon-ym-flow-repair',
    iconBackground: '#f5811c',
    description: '故障研判后派发维修，维修完成后验收',
  },
  {
    id: 'fe-install',
    fullName: '路灯新装申请',
    enCode: 'lampInstall',
    category: '工程',
    type: 0,
    icon: 'icon-ym icon-ym-flow-install',
    iconBackground: '#1890ff',
    description: '新装路灯的申请、审批与验收',
  },
  {
    id: 'fe-inspect',
    fullName: '巡检整改单',
    enCode: 'inspectionFix',
    category: '运维',
    type: 0,
    icon: 'icon-ym icon-ym-flow-inspect',
    iconBackground: '#13c2c2',
    description: '巡检发现问题的整改流转',
  },
  {
    id: 'fe-leave',
    fullName: '请假申请',
    enCode: 'leaveApply',
    category: '办公',
    type: 0,
    icon: 'icon-ym icon-ym-flow-leave',
    iconBackground: '#3eac12',
    description: '员工请假审批',
  },
];

/** The flows a new database starts with (in the first start's transaction). */
export async function seedWorkflowFresh(trx: Db, s: SeedContext): Promise<void> {
  await insertChunked(
    trx,
    'flow_engine',
    FLOW_ENGINES.map((f, i) => ({ ...f, sortCode: i, enabledMark: 1, createdAt: s.now })),
  );
}

export async function seedWorkflowIfEmpty(db: Db, s: SeedContext): Promise<boolean> {
  const { dialect, now } = s;
  let changed = await syncSeededMenus(
    db,
    s.menus.filter((m) => m.seed.enCode === 'workFlow' || m.seed.enCode.startsWith('workFlow.')),
    rolesFor(s.menuTree),
  );
  await ensureForms(db, now);
  changed = (await ensureFlows(db, now)).length > 0 || changed;
  await seedInstances(db, dialect, now);
  return changed;
}
