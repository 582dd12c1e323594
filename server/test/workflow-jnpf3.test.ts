/**
 * A JNPF 3.x flow, end to end over HTTP on both databases: created with the body the 3.x client's
 * flowEngine/Form.vue sends, read back as saved, edited with what GET answered (as that client
 * does), released, launched and driven to the end through every feature 3.x had.
 *
 * Where the shapes come from (read, not copied): the 3.x Vue 2 client (lowcodeplatform_web):
 * views/workFlow/flowEngine/Form.vue (the body: its `dataForm`), components/Process/FlowCard/config.js
 * (each node type's default properties), PropPanel/index.vue (approver properties, condition rows
 * with fieldName/symbolName/logicName and no fieldType, assigneeType 1, 2, 3, 6, 7, 8), util.js (a
 * condition group's `conditionNodes` sit on the node before it, `conditionType`, interflow heads
 * are approvers with `isInterflow`); the 3.x .NET server (jnpf-netcore JNPF.WorkFlow):
 * FlowTaskOperatorEnum (5 环节 names its node in `nodeId`), ApproversProperties (counterSign,
 * countersignRatio, a boolean noApproverHandler).
 */
import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@lighting/shared/flowcore';
import { schedulerOf } from '../src/workflow/routes';
import { TARGETS, body, createEnv, demoTokens, getAs, sendAs, type TestEnv } from './helpers';

const E = '/api/workflow/Engine';

/** A condition row as 3.x's PropPanel leaves it (no fieldType). */
const cond = (field: string, fieldName: string, symbol: string, filedValue: string, logic = '&&') => ({
  fieldName,
  symbolName: { '>=': '大于等于', '<=': '小于等于', '==': '等于' }[symbol] ?? symbol,
  filedValue,
  logicName: logic === '&&' ? '并且' : '或者',
  field,
  symbol,
  logic,
});

/** 3.x approver properties: PropPanel's defaultApproverForm with the node's own choices. */
const approverProps = (title: string, more: Record<string, unknown>) => ({
  approvers: [],
  approverPos: [],
  assigneeType: 6,
  formOperates: [
    { id: 'leaveType', name: '请假类型', read: true, write: false },
    { id: 'leaveDays', name: '请假天数', read: true, write: false },
    { id: 'reason', name: '请假事由', read: true, write: false },
  ],
  circulatePosition: [],
  circulateUser: [],
  progress: '50',
  rejectStep: '0',
  description: '',
  hasApproverFunc: false,
  approverInterfaceUrl: '',
  approverInterfaceType: 'GET',
  hasRecallFunc: false,
  recallInterfaceUrl: '',
  title,
  ...more,
});

/**
 * 发起 → 主管审批 (1, copies to the administrator) holding a condition group without a default:
 * 三天以上 (leaveDays >= 3) → 会签 (8: manager and administrator); 病假或事由编号小 (leaveType == sick ||
 * reason <= '5', a text field ordered) → 岗位或角色 (6 by position and role) → then a timer, a copy
 * node (the initiator's choice), 复核 (5: whoever approved 主管审批) and a parallel pair: the
 * initiator (3) and the administrator (6).
 */
function jnpf3Flow(): Record<string, unknown> {
  return {
    type: 'start',
    content: '所有人',
    properties: {
      title: '发起节点',
      hasInitFunc: false,
      initInterfaceUrl: '',
      initInterfaceType: 'GET',
      hasEndFunc: false,
      endInterfaceUrl: '',
      endInterfaceType: 'GET',
      initiator: [],
      initiatePos: [],
      hasFlowRecallFunc: false,
      flowRecallInterfaceUrl: '',
      formOperates: [
        { id: 'leaveType', name: '请假类型', required: true, read: true, write: true },
        { id: 'leaveDays', name: '请假天数', required: true, read: true, write: true },
        { id: 'startTime', name: '开始时间', required: true, read: true, write: true },
        { id: 'endTime', name: '结束时间', required: true, read: true, write: true },
        { id: 'reason', name: '请假事由', required: true, read: true, write: true },
      ],
    },
    nodeId: '8RmGe1',
    childNode: {
      type: 'approver',
      content: '发起者主管',
      properties: approverProps('主管审批', { assigneeType: 1, circulateUser: ['u-admin'] }),
      nodeId: '8RmGe2',
      prevId: '8RmGe1',
      conditionType: 'condition',
      conditionNodes: [
        {
          type: 'condition',
          content: '[请假天数 >= 3] \n',
          properties: {
            title: '三天以上',
            conditions: [cond('leaveDays', '请假天数', '>=', '3')],
            initiator: null,
            priority: 0,
            isDefault: false,
          },
          nodeId: '8RmGe3',
          prevId: '8RmGe2',
          childNode: {
            type: 'approver',
            content: '李明,系统管理员',
            properties: approverProps('会签', { assigneeType: 8, approvers: ['u-manager', 'u-admin'] }),
            nodeId: '8RmGe4',
            prevId: '8RmGe3',
          },
        },
        {
          type: 'condition',
          content: '[请假类型 == sick] 或者\n[请假事由 <= 5] \n',
          properties: {
            title: '病假或事由编号小',
            conditions: [
              cond('leaveType', '请假类型', '==', 'sick', '||'),
              cond('reason', '请假事由', '<=', '5'),
            ],
            initiator: null,
            priority: 1,
            isDefault: false,
          },
          nodeId: '8RmGe5',
          prevId: '8RmGe2',
          childNode: {
            type: 'approver',
            content: '部门负责人',
            properties: approverProps('岗位或角色', {
              approverPos: ['pos-head'],
              approverRole: ['role-manager'],
            }),
            nodeId: '8RmGe6',
            prevId: '8RmGe5',
          },
        },
      ],
      childNode: {
        type: 'timer',
        content: '将于1分钟后流转',
        properties: { title: '定时器', day: 0, hour: 0, minute: 1, second: 0 },
        nodeId: '8RmGe7',
        prevId: '8RmGe2',
        childNode: {
          type: 'copy',
          content: '发起人自选',
          properties: { title: '抄送人', menbers: [], userOptional: true },
          nodeId: '8RmGe8',
          prevId: '8RmGe7',
          childNode: {
            type: 'approver',
            content: '环节',
            properties: approverProps('复核', { assigneeType: 5, nodeId: '8RmGe2', rejectStep: '1' }),
            nodeId: '8RmGe9',
            prevId: '8RmGe8',
            conditionType: 'interflow',
            conditionNodes: [
              {
                type: 'approver',
                content: '发起者本人',
                isInterflow: true,
                properties: approverProps('本人确认', { assigneeType: 3 }),
                nodeId: '8RmGeA',
                prevId: '8RmGe9',
              },
              {
                type: 'approver',
                content: '系统管理员',
                isInterflow: true,
                properties: approverProps('备案', { approvers: ['u-admin'] }),
                nodeId: '8RmGeB',
                prevId: '8RmGe9',
              },
            ],
          },
        },
      },
    },
  };
}

/**
 * A form as the 3.x Generator saves it (components/Generator/generator/config.js: formConf and each
 * control's defaults; a dropped control gets `__vModel__` jnpfKey + 'Field' + its formId).
 */
function jnpf3Form(): Record<string, unknown> {
  const base = (
    jnpfKey: string,
    label: string,
    formId: number,
    tag: string,
    more: Record<string, unknown>,
  ) => ({
    jnpfKey,
    label,
    labelWidth: null,
    showLabel: true,
    tag,
    defaultValue: undefined,
    required: true,
    layout: 'colFormItem',
    span: 24,
    dragDisabled: false,
    regList: [],
    trigger: 'blur',
    formId,
    renderKey: 1_637_000_000_000 + formId,
    ...more,
  });
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'medium',
    labelPosition: 'right',
    labelWidth: 100,
    formRules: 'rules',
    popupType: 'general',
    generalWidth: '600px',
    fullScreenWidth: '100%',
    gutter: 15,
    disabled: false,
    span: 24,
    formBtns: false,
    cancelButtonText: '取 消',
    confirmButtonText: '确 定',
    formStyle: '',
    idGlobal: 103,
    fields: [
      {
        __config__: base('comInput', '采购事项', 101, 'el-input', {}),
        __slot__: { prepend: '', append: '' },
        placeholder: '请输入',
        style: { width: '100%' },
        clearable: true,
        'prefix-icon': '',
        'suffix-icon': '',
        maxlength: null,
        'show-word-limit': false,
        readonly: false,
        disabled: false,
        __vModel__: 'comInputField101',
      },
      {
        __config__: base('numInput', '金额', 102, 'el-input-number', { trigger: ['blur', 'change'] }),
        placeholder: '数字文本',
        step: 1,
        'step-strictly': false,
        'controls-position': '',
        disabled: false,
        __vModel__: 'numInputField102',
      },
    ],
  };
}

/** A flow of that form: 金额 >= 1000 (no fieldType) → 会签 of the manager and the administrator, else 主管. */
function jnpf3PurchaseFlow(): Record<string, unknown> {
  const ops = [
    { id: 'comInputField101', name: '采购事项', read: true, write: false },
    { id: 'numInputField102', name: '金额', read: true, write: false },
  ];
  return {
    type: 'start',
    content: '所有人',
    properties: { title: '发起节点', initiator: [], initiatePos: [], formOperates: [] },
    nodeId: 'P1',
    conditionType: 'condition',
    conditionNodes: [
      {
        type: 'condition',
        content: '[金额 >= 1000] \n',
        properties: {
          title: '大额',
          conditions: [cond('numInputField102', '金额', '>=', '1000')],
          initiator: null,
          priority: 0,
          isDefault: false,
        },
        nodeId: 'P2',
        prevId: 'P1',
        childNode: {
          type: 'approver',
          content: '李明,系统管理员',
          properties: approverProps('会签', {
            assigneeType: 8,
            approvers: ['u-manager', 'u-admin'],
            formOperates: ops,
          }),
          nodeId: 'P3',
          prevId: 'P2',
        },
      },
      {
        type: 'condition',
        content: '其他情况进入此流程',
        properties: { title: '其他', conditions: [], initiator: null, priority: 1, isDefault: true },
        nodeId: 'P4',
        prevId: 'P1',
        childNode: {
          type: 'approver',
          content: '发起者主管',
          properties: approverProps('主管', { assigneeType: 1, formOperates: ops }),
          nodeId: 'P5',
          prevId: 'P4',
        },
      },
    ],
  };
}

describe.each(TARGETS)('a JNPF 3.x flow on %s', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let t: { admin: string; operator: string; manager: string };
  let now = Date.UTC(2026, 10, 20, 2, 0, 0);
  let flowId = '';
  const saved = JSON.stringify(jnpf3Flow());

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '2000' });
    app = await env.makeApp({ MAP_ASSETS: '2000' }, { clock: () => now });
    t = await demoTokens(app);
  });
  afterAll(async () => env.cleanup());

  const get = async (token: string, url: string) => body(await getAs(app, token, url));
  const send = async (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    body(await sendAs(app, token, method, url, payload));
  const todoRow = async (token: string, taskId: string) =>
    (
      (await get(token, `${E}/FlowBefore/List/1?pageSize=100`)).data.list as Array<{
        id: string;
        taskId: string;
        thisStep: string;
      }>
    ).find((x) => x.taskId === taskId);
  const audit = async (token: string, taskId: string) => {
    const row = await todoRow(token, taskId);
    expect(row).toBeDefined();
    const r = await send(token, 'POST', `${E}/FlowBefore/Audit/${row?.id}`, { handleOpinion: '同意' });
    expect(r.code).toBe(200);
    return r.data as { status: number };
  };
  const nodeStates = async (taskId: string) =>
    Object.fromEntries(
      (
        (await get(t.operator, `${E}/FlowBefore/${taskId}`)).data.nodes as Array<{
          nodeId: string;
          state: number;
        }>
      ).map((n) => [n.nodeId, n.state]),
    );
  const launch = async (data: Record<string, unknown>) => {
    const r = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId,
      status: 0,
      data: JSON.stringify({ startTime: now + 86_400_000, endTime: now + 3 * 86_400_000, ...data }),
    });
    expect(r.code).toBe(200);
    return r.data.id as string;
  };

  it('creates the flow from the 3.x client’s body and reads back what it saved', async () => {
    // our seeded leave flow holds the code 3.x's system form goes by: a migrating city renames it
    const seeded = (await get(t.admin, `${E}/FlowEngine/fe-leave`)).data;
    expect(
      (await send(t.admin, 'PUT', `${E}/FlowEngine/fe-leave`, { ...seeded, enCode: 'leaveApplyDemo' })).code,
    ).toBe(200);
    // Form.vue's dataForm as dataFormSubmit sends it for a new system-form flow
    const created = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      id: '',
      category: 'attendance',
      fullName: '请假申请3x',
      enCode: 'leaveApply',
      type: 0,
      formData: JSON.stringify({ fields: [] }),
      description: '由 JNPF 3.x 迁移',
      formType: 1,
      enabledMark: 1,
      sortCode: 0,
      icon: 'icon-ym icon-ym-flow-leave',
      iconBackground: '#008cff',
      tables: '[]',
      flowTemplateJson: saved,
    });
    expect(created).toMatchObject({ code: 200 });
    flowId = created.data.id;
    const read = (await get(t.admin, `${E}/FlowEngine/${flowId}`)).data;
    expect(read.flowTemplateJson).toBe(saved);
    expect(read).toMatchObject({ formType: 1, formId: 'ff-leaveApply', enabledMark: 0 });
    // the edit: the client sends back what GET answered, its tree and form restringified
    const again = await send(t.admin, 'PUT', `${E}/FlowEngine/${flowId}`, {
      ...read,
      flowTemplateJson: JSON.stringify(JSON.parse(read.flowTemplateJson)),
      tables: '[]',
    });
    expect(again.code).toBe(200);
    expect(JSON.parse((await get(t.admin, `${E}/FlowEngine/${flowId}`)).data.flowTemplateJson)).toEqual(
      jnpf3Flow(),
    );
    // fields nobody sends are still refused by name
    const odd = await send(t.admin, 'PUT', `${E}/FlowEngine/${flowId}`, { ...read, surprise: 1 });
    expect(odd).toMatchObject({ code: 400 });
    expect(odd.msg).toMatch(/surprise/);
  });

  it('refuses at release the ids that name nobody, naming the node', async () => {
    const tpl = jnpf3Flow() as {
      childNode: { conditionNodes: Array<{ childNode: { properties: object } }> };
    };
    const bad = structuredClone(tpl);
    Object.assign(bad.childNode.conditionNodes[0]!.childNode.properties, {
      approvers: ['u-manager', 'u-gone'],
    });
    const read = (await get(t.admin, `${E}/FlowEngine/${flowId}`)).data;
    expect(
      (
        await send(t.admin, 'PUT', `${E}/FlowEngine/${flowId}`, {
          ...read,
          flowTemplateJson: JSON.stringify(bad),
        })
      ).code,
    ).toBe(200);
    const refused = await send(t.admin, 'POST', `${E}/FlowEngine/Release/${flowId}`);
    expect(refused).toMatchObject({ code: 400 });
    expect(refused.msg).toBe('flowTemplateJson: 节点 会签 (8RmGe4) 指定的用户不存在: u-gone');
    const role = structuredClone(tpl);
    Object.assign(role.childNode.conditionNodes[1]!.childNode.properties, { approverRole: ['role-gone'] });
    await send(t.admin, 'PUT', `${E}/FlowEngine/${flowId}`, {
      ...read,
      flowTemplateJson: JSON.stringify(role),
    });
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${flowId}`)).msg).toBe(
      'flowTemplateJson: 节点 岗位或角色 (8RmGe6) 指定的角色不存在: role-gone',
    );
    // 服务 (9) asked a URL for its approver: refused, naming the node and why
    const service = structuredClone(tpl);
    Object.assign(service.childNode.conditionNodes[0]!.childNode.properties, {
      assigneeType: 9,
      getUserUrl: 'http://example.invalid/approver',
    });
    await send(t.admin, 'PUT', `${E}/FlowEngine/${flowId}`, {
      ...read,
      flowTemplateJson: JSON.stringify(service),
    });
    const s = await send(t.admin, 'POST', `${E}/FlowEngine/Release/${flowId}`);
    expect(s.msg).toMatch(/^flowTemplateJson: 会签 \(8RmGe4\): assigneeType 9/);
    expect(s.data.problems).toEqual([expect.objectContaining({ nodeId: '8RmGe4', code: 'assigneeService' })]);
    expect(
      (await send(t.admin, 'PUT', `${E}/FlowEngine/${flowId}`, { ...read, flowTemplateJson: saved })).code,
    ).toBe(200);
  });

  it('releases and runs the 3.x definition to the end', async () => {
    expect(await send(t.admin, 'POST', `${E}/FlowEngine/Release/${flowId}`)).toMatchObject({
      code: 200,
      data: { version: 1 },
    });
    // the released definition is the one saved
    const released = (await get(t.operator, `${E}/FlowEngine/${flowId}/Released`)).data;
    expect(JSON.parse(released.flowTemplateJson)).toEqual(jnpf3Flow());

    const id = await launch({ leaveType: 'personal', leaveDays: 5, reason: '家中有事' });
    await audit(t.manager, id); // 主管审批 (1: the initiator's manager)
    // copied to the administrator by 主管审批's circulateUser
    const circ = (await get(t.admin, `${E}/FlowBefore/List/3?pageSize=100`)).data.list;
    expect(circ.some((c: { taskId: string }) => c.taskId === id)).toBe(true);
    // 三天以上 holds (no fieldType: the form's number) → 会签: both must agree
    expect(await audit(t.manager, id)).toMatchObject({ status: TaskStatus.WAITING });
    expect((await nodeStates(id))['8RmGe4']).toBe(1);
    await audit(t.admin, id);
    expect(await nodeStates(id)).toMatchObject({ '8RmGe5': 3, '8RmGe7': 1 });
    // the timer: a minute later the flow moves on (copy node: nobody chosen) to 复核
    now += 2 * 60_000;
    expect(await schedulerOf(app).tick()).toBeGreaterThanOrEqual(1);
    expect((await todoRow(t.manager, id))?.thisStep).toBe('复核'); // 5: whoever approved 主管审批
    await audit(t.manager, id);
    // the parallel pair: the initiator and the administrator
    expect(await audit(t.operator, id)).toMatchObject({ status: TaskStatus.WAITING });
    expect(await audit(t.admin, id)).toMatchObject({ status: TaskStatus.APPROVED });
    expect((await get(t.operator, `${E}/FlowTask/${id}`)).data.status).toBe(TaskStatus.APPROVED);
  });

  it('compares a text field with <= as 3.x did (as numbers), by position and role', async () => {
    const id = await launch({ leaveType: 'personal', leaveDays: 1, reason: '3' });
    await audit(t.manager, id);
    // '3' <= '5' as numbers: 病假或事由编号小 → 岗位或角色 (the manager holds pos-head and role-manager)
    expect((await todoRow(t.manager, id))?.thisStep).toBe('岗位或角色');
    expect(await nodeStates(id)).toMatchObject({ '8RmGe3': 3, '8RmGe6': 1 });
    // '12' <= '5' would hold as text; as numbers it does not, and no branch holds: see below
    const other = await launch({ leaveType: 'personal', leaveDays: 1, reason: '12' });
    await audit(t.manager, other);
    expect(await nodeStates(other)).toMatchObject({ '8RmGe3': 3, '8RmGe5': 3 });
  });

  it('goes past a group without a default when no condition holds, as 3.x did', async () => {
    const id = await launch({ leaveType: 'personal', leaveDays: 1, reason: '家中有事' });
    await audit(t.manager, id);
    const states = await nodeStates(id);
    // both branches skipped, the timer after the group waits
    expect(states).toMatchObject({ '8RmGe3': 3, '8RmGe5': 3, '8RmGe7': 1 });
    expect(await todoRow(t.manager, id)).toBeUndefined();
  });

  it('keeps a designer-form flow’s own form (formType 2, formData) and runs on it', async () => {
    const created = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      id: '',
      category: 'purchase',
      fullName: '采购申请3x',
      enCode: 'purchase3x',
      type: 0,
      formData: JSON.stringify(jnpf3Form()),
      description: '',
      formType: 2,
      enabledMark: 1,
      sortCode: 0,
      icon: 'icon-ym icon-ym-flowDesign',
      iconBackground: '#008cff',
      tables: '[]',
      flowTemplateJson: JSON.stringify(jnpf3PurchaseFlow()),
    });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const read = (await get(t.admin, `${E}/FlowEngine/${id}`)).data;
    expect(read).toMatchObject({ formType: 2, formName: '采购申请3x' });
    expect(read.fields.map((f: { key: string; conditionType: string }) => [f.key, f.conditionType])).toEqual([
      ['comInputField101', 'text'],
      ['numInputField102', 'number'],
    ]);
    // the edit sends back what GET answered (formData included)
    expect((await send(t.admin, 'PUT', `${E}/FlowEngine/${id}`, { ...read, tables: '[]' })).code).toBe(200);
    // a broken form is refused by its path
    const broken = await send(t.admin, 'PUT', `${E}/FlowEngine/${id}`, {
      ...read,
      formData: '{"fields": 3}',
    });
    expect(broken).toMatchObject({ code: 400 });
    expect(broken.msg).toMatch(/^formData/);
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${id}`)).code).toBe(200);
    const r = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId: id,
      status: 0,
      data: JSON.stringify({ comInputField101: '路灯灯具', numInputField102: 2500 }),
    });
    expect(r.code).toBe(200);
    expect(await audit(t.manager, r.data.id)).toMatchObject({ status: TaskStatus.WAITING });
    expect(await audit(t.admin, r.data.id)).toMatchObject({ status: TaskStatus.APPROVED });
    const small = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId: id,
      status: 0,
      data: JSON.stringify({ comInputField101: '灯泡', numInputField102: 80 }),
    });
    expect((await todoRow(t.manager, small.data.id))?.thisStep).toBe('主管');
    // a copy gets a form of its own: editing one flow's form leaves the other's
    const copy = await send(t.admin, 'POST', `${E}/FlowEngine/${id}/Actions/Copy`, {});
    expect(copy.code).toBe(200);
    const copied = (await get(t.admin, `${E}/FlowEngine/${copy.data.id}`)).data;
    expect(copied.formId).not.toBe(read.formId);
    expect(copied.fields).toEqual(read.fields);
    // the flow's own form is listed among the flow forms, with no model
    const forms = (await get(t.admin, `${E}/FlowEngineForm?pageSize=100`)).data.list;
    expect(forms.find((f: { id: string }) => f.id === read.formId)).toMatchObject({
      fullName: '采购申请3x',
      enCode: `flow-${id}`,
      formType: 2,
      modelId: null,
      flowCount: 1,
    });
  });
});
