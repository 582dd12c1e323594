/**
 * JNPF 3.x sub-flow nodes (子流程), end to end over HTTP: a parent flow whose sub-flow node is
 * written as 3.x's designer saves one (its Vue 3 client's FlowProcess helper/config.ts
 * `defaultSubFlowForm` and propPanel/SubFlowNode.vue: flowId, initiateType, initiator, assignList
 * of {nodeId, ruleList: [{parentField, childField}]}, isAsync, autoSubmit), released only once its
 * child flow is, launching one child per launcher with the mapped fields and waiting until every
 * child is approved.
 */
import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@lighting/shared/flowcore';
import { schedulerOf } from '../src/workflow/routes';
import { TARGETS, body, createEnv, demoTokens, getAs, sendAs, type TestEnv } from './helpers';

const E = '/api/workflow/Engine';

/** A 3.x designer form (formType 2): 巡检路段 (text) and 灯数 (number). */
function form(): Record<string, unknown> {
  const base = (jnpfKey: string, label: string, formId: number, tag: string) => ({
    jnpfKey,
    label,
    showLabel: true,
    tag,
    required: false,
    layout: 'colFormItem',
    span: 24,
    regList: [],
    trigger: 'blur',
    formId,
    renderKey: 1_637_000_000_000 + formId,
  });
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    labelWidth: 100,
    gutter: 15,
    span: 24,
    idGlobal: 103,
    fields: [
      {
        __config__: base('comInput', '巡检路段', 101, 'el-input'),
        placeholder: '请输入',
        clearable: true,
        __vModel__: 'road',
      },
      {
        __config__: base('numInput', '灯数', 102, 'el-input-number'),
        placeholder: '数字文本',
        step: 1,
        __vModel__: 'lamps',
      },
    ],
  };
}

const approver = (
  nodeId: string,
  prevId: string,
  title: string,
  more: Record<string, unknown>,
  childNode?: object,
) => ({
  type: 'approver',
  content: title,
  properties: {
    title,
    approvers: [],
    approverPos: [],
    assigneeType: 6,
    formOperates: [],
    circulateUser: [],
    progress: '50',
    rejectStep: '0',
    ...more,
  },
  nodeId,
  prevId,
  ...(childNode ? { childNode } : {}),
});

/** As 3.x's designer saves a sub-flow node. */
const subFlow = (
  nodeId: string,
  prevId: string,
  flowId: string,
  more: Record<string, unknown>,
  childNode?: object,
) => ({
  type: 'subFlow',
  content: '李明,操作员',
  properties: {
    title: '路段巡检',
    errorRule: 1,
    errorRuleUser: [],
    formFieldType: 1,
    initiateType: 6,
    managerLevel: 1,
    departmentLevel: 1,
    formField: '',
    nodeId: '',
    initiator: ['u-manager', 'u-operator'],
    flowId,
    flowName: '巡检3x',
    assignList: [
      {
        nodeId: 'A',
        title: '主管审批',
        ruleList: [
          { parentField: 'road', childField: 'road' },
          { parentField: 'lamps', childField: 'lamps' },
        ],
      },
    ],
    prevNodeList: [],
    interfaceConfig: { interfaceId: '', interfaceName: '', templateJson: [] },
    launchMsgConfig: { on: 3, msgId: '', msgName: '', templateJson: [] },
    isAsync: false,
    autoSubmit: true,
    ...more,
  },
  nodeId,
  prevId,
  ...(childNode ? { childNode } : {}),
});

const start = (nodeId: string, childNode: object) => ({
  type: 'start',
  content: '所有人',
  properties: { title: '发起节点', initiator: [], initiatePos: [], formOperates: [] },
  nodeId,
  childNode,
});

/** The child: one approver (the administrator). */
const childFlow = () => start('C0', approver('C1', 'C0', '巡检确认', { approvers: ['u-admin'] }));
/** The parent: 主管审批 (the manager) → 路段巡检 (sub-flow) → 验收 (the administrator). */
const parentFlow = (childId: string, more: Record<string, unknown> = {}) =>
  start(
    'P0',
    approver(
      'A',
      'P0',
      '主管审批',
      { approvers: ['u-manager'] },
      subFlow('S', 'A', childId, more, approver('B', 'S', '验收', { approvers: ['u-admin'] })),
    ),
  );

describe.each(TARGETS)('JNPF 3.x sub-flows on %s', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let t: { admin: string; operator: string; manager: string };
  const now = Date.UTC(2026, 10, 20, 2, 0, 0);
  let childId = '';
  let parentId = '';

  beforeAll(async () => {
    env = await createEnv(target);
    app = await env.makeApp({}, { clock: () => now });
    t = await demoTokens(app);
  });
  afterAll(async () => env.cleanup());

  const get = async (token: string, url: string) => body(await getAs(app, token, url));
  const send = async (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    body(await sendAs(app, token, method, url, payload));
  const create = async (fullName: string, enCode: string, tpl: object) => {
    const r = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      id: '',
      category: 'maintenance',
      fullName,
      enCode,
      type: 0,
      formData: JSON.stringify(form()),
      description: '',
      formType: 2,
      enabledMark: 1,
      sortCode: 0,
      icon: 'icon-ym icon-ym-flowDesign',
      iconBackground: '#008cff',
      tables: '[]',
      flowTemplateJson: JSON.stringify(tpl),
    });
    expect(r.code).toBe(200);
    return r.data.id as string;
  };
  const todos = async (token: string) =>
    (await get(token, `${E}/FlowBefore/List/1?pageSize=100`)).data.list as Array<{
      id: string;
      taskId: string;
      fullName: string;
      thisStep: string;
      parentTaskId: string | null;
    }>;
  const audit = async (token: string, taskId: string) => {
    const row = (await todos(token)).find((x) => x.taskId === taskId);
    expect(row).toBeDefined();
    const r = await send(token, 'POST', `${E}/FlowBefore/Audit/${row?.id}`, { handleOpinion: '同意' });
    expect(r.code).toBe(200);
    return r.data as { status: number };
  };

  it('refuses the parent at release until its child flow is released, and a flow starting itself', async () => {
    childId = await create('巡检3x', 'patrol3x', childFlow());
    // saved before its child is released: saving checks the tree's structure only
    parentId = await create('路段整改3x', 'repair3x', parentFlow('will-be-child'));
    await send(t.admin, 'PUT', `${E}/FlowEngine/${parentId}`, {
      ...(await get(t.admin, `${E}/FlowEngine/${parentId}`)).data,
      flowTemplateJson: JSON.stringify(parentFlow(childId)),
      tables: '[]',
    });
    const early = await send(t.admin, 'POST', `${E}/FlowEngine/Release/${parentId}`);
    expect(early.code).toBe(400);
    expect(early.msg).toBe(
      `flowTemplateJson: 路段巡检 (S): the sub-flow '${childId}' does not exist or is not released`,
    );
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${childId}`)).code).toBe(200);
    const self = await send(t.admin, 'PUT', `${E}/FlowEngine/${parentId}`, {
      ...(await get(t.admin, `${E}/FlowEngine/${parentId}`)).data,
      flowTemplateJson: JSON.stringify(parentFlow(parentId)),
      tables: '[]',
    });
    expect(self.code).toBe(200);
    const refused = await send(t.admin, 'POST', `${E}/FlowEngine/Release/${parentId}`);
    expect(refused.msg).toBe('flowTemplateJson: 路段巡检 (S): a flow cannot start itself as a sub-flow');
    await send(t.admin, 'PUT', `${E}/FlowEngine/${parentId}`, {
      ...(await get(t.admin, `${E}/FlowEngine/${parentId}`)).data,
      flowTemplateJson: JSON.stringify(parentFlow(childId)),
      tables: '[]',
    });
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${parentId}`)).code).toBe(200);
  });

  it('launches one child per launcher with the mapped fields and waits for all of them', async () => {
    const launched = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId: parentId,
      status: 0,
      data: JSON.stringify({ road: '解放路', lamps: 12 }),
    });
    expect(launched.code).toBe(200);
    const id = launched.data.id as string;
    await audit(t.manager, id);
    const parent = (await get(t.operator, `${E}/FlowTask/${id}`)).data;
    expect(parent.status).toBe(TaskStatus.WAITING);
    // autoSubmit: the children are submitted by their timers, each in its own action
    expect(await schedulerOf(app).tick()).toBe(2);
    const children = (await todos(t.admin)).filter((r) => r.parentTaskId === id);
    expect(children).toHaveLength(2);
    expect(children.every((c) => c.fullName.startsWith('巡检3x'))).toBe(true);
    // the monitor's list names the parent of each child
    const monitored = (await get(t.admin, `${E}/FlowMonitor?pageSize=100`)).data.list as Array<{
      id: string;
      parentTaskId: string | null;
    }>;
    expect(monitored.filter((m) => m.parentTaskId === id)).toHaveLength(2);
    expect(monitored.find((m) => m.id === id)?.parentTaskId).toBeNull();
    for (const c of children) {
      const task = (await get(t.admin, `${E}/FlowTask/${c.taskId}`)).data;
      expect(JSON.parse(task.data)).toMatchObject({ road: '解放路', lamps: 12 });
    }
    // the task pages show the link: each child its parent and node, the parent its children
    const child = (await get(t.admin, `${E}/FlowBefore/${children[0]!.taskId}`)).data;
    expect(child.parent).toEqual({
      taskId: id,
      fullName: parent.fullName,
      nodeId: 'S',
      nodeName: '路段巡检',
    });
    const page = async () => (await get(t.operator, `${E}/FlowBefore/${id}`)).data;
    expect(
      ((await page()).children as Array<{ nodeId: string; status: number; userName: string }>).map((c) => [
        c.nodeId,
        c.status,
      ]),
    ).toEqual([
      ['S', TaskStatus.WAITING],
      ['S', TaskStatus.WAITING],
    ]);
    expect((await page()).parent).toBeNull();
    // one child approved: the parent still waits at the sub-flow node
    await audit(t.admin, children[0]!.taskId);
    expect(await schedulerOf(app).tick()).toBe(1);
    expect((await todos(t.admin)).some((r) => r.taskId === id)).toBe(false);
    // the second: the parent goes on to 验收
    await audit(t.admin, children[1]!.taskId);
    expect(await schedulerOf(app).tick()).toBe(1);
    expect((await todos(t.admin)).find((r) => r.taskId === id)?.thisStep).toBe('验收');
    expect(await audit(t.admin, id)).toMatchObject({ status: TaskStatus.APPROVED });
  });
  it('a parent withdrawn stops its open children with it, each in its own action', async () => {
    const launched = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId: parentId,
      status: 0,
      data: JSON.stringify({ road: '建设路', lamps: 3 }),
    });
    const id = launched.data.id as string;
    await audit(t.manager, id);
    expect(await schedulerOf(app).tick()).toBe(2);
    const children = (await todos(t.admin)).filter((r) => r.parentTaskId === id);
    expect(children).toHaveLength(2);
    // one child finished before: it stays approved
    await audit(t.admin, children[0]!.taskId);
    expect(await schedulerOf(app).tick()).toBe(1);
    const withdrawn = await send(t.operator, 'PUT', `${E}/FlowLaunch/${id}/Actions/Withdraw`, {
      handleOpinion: '不修了',
    });
    expect(withdrawn.code).toBe(200);
    // the open child stops when its own action runs; the finished one is left as it was
    expect(await schedulerOf(app).tick()).toBe(1);
    const status = async (taskId: string) => (await get(t.admin, `${E}/FlowTask/${taskId}`)).data.status;
    expect(await status(children[0]!.taskId)).toBe(TaskStatus.APPROVED);
    expect(await status(children[1]!.taskId)).toBe(TaskStatus.CANCELLED);
    expect((await todos(t.admin)).some((r) => r.parentTaskId === id)).toBe(false);
    const records = (await get(t.admin, `${E}/FlowBefore/${children[1]!.taskId}`)).data.records as Array<{
      handleOpinion: string;
    }>;
    expect(records.at(-1)?.handleOpinion).toBe('父流程已撤回或终止，子流程随之终止');
    // nothing is due again
    expect(await schedulerOf(app).tick()).toBe(0);
  });
});
