/**
 * The workflow's routes on a real database (SQLite, and PostgreSQL when DATABASE_URL is set): the
 * seeded flows and instances, launching, the to-do / done / circulate lists, every action's happy
 * path, bad input refused with nothing changed, someone else's task refused, idempotent retries,
 * the socket's badge push, entrust, the monitor, the designer's save / release / stop / copy, the
 * system forms' paths, and the repair order's dispatch through its approval.
 */
import type { FastifyInstance } from 'fastify';
import { OperatorState, TaskStatus } from '@lighting/shared/flowcore';
import { schedulerOf } from '../src/workflow/routes';
import { Client, wsUrl } from './socket-client';
import {
  TARGETS,
  body,
  createEnv,
  demoTokens,
  getAs,
  login,
  md5Hex,
  rowCount,
  sendAs,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

const E = '/api/workflow/Engine';

describe.each(TARGETS)('workflow on %s', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let t: { admin: string; operator: string; manager: string };
  let officer: string;
  let now = Date.UTC(2026, 10, 20, 2, 0, 0);

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '2000' });
    app = await env.makeApp({ MAP_ASSETS: '2000' }, { clock: () => now });
    t = await demoTokens(app);
    const r = await sendAs(
      app,
      t.admin,
      'POST',
      '/api/system/Permission/Users/u-0006/Actions/ResetPassword',
      {
        userPassword: md5Hex('officer123'),
      },
    );
    expect(body(r).code).toBe(200);
    officer = await login(app, 'yangfan', 'officer123');
  });
  afterAll(async () => env.cleanup());

  const get = async (token: string, url: string) => body(await getAs(app, token, url));
  const send = async (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    body(await sendAs(app, token, method, url, payload));
  /** A new pending repair order (through the map's own route). */
  const newOrder = async (): Promise<string> => {
    const used = await app.ctx.db
      .selectFrom('work_order')
      .select('assetId')
      .where('assetId', 'is not', null)
      .execute();
    const asset = await app.ctx.db
      .selectFrom('map_asset')
      .select('objectid')
      .where('objectid', 'not in', used.map((u) => Number(u.assetId)).concat([-1]))
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const r = await send(t.admin, 'POST', '/api/map/repair-orders', {
      assetId: asset.objectid,
      title: '测试工单',
    });
    expect(r.code).toBe(200);
    return r.data.id as string;
  };
  const todo = async (token: string) => (await get(token, `${E}/FlowBefore/List/1?pageSize=100`)).data.list;
  const leaveData = (days: number) =>
    JSON.stringify({
      leaveType: 'personal',
      leaveDays: days,
      startTime: now + 86_400_000,
      endTime: now + (days + 1) * 86_400_000,
      reason: '家中有事',
    });

  it('seeds the flows released and instances in every list', async () => {
    const all = (await get(t.operator, `${E}/FlowEngine/ListAll`)).data.list;
    expect(all.map((f: { fullName: string }) => f.fullName)).toEqual(
      expect.arrayContaining(['故障维修工单', '工作票', '请假申请', '材料申领审批']),
    );
    expect((await get(t.manager, `${E}/FlowBefore/List/1`)).data.list.length).toBeGreaterThan(0);
    expect((await get(t.manager, `${E}/FlowBefore/List/2`)).data.list.length).toBeGreaterThan(0);
    expect((await get(t.manager, `${E}/FlowBefore/List/3`)).data.list.length).toBeGreaterThan(0);
    expect((await get(t.operator, `${E}/FlowBefore/List/1`)).data.list.length).toBeGreaterThan(0);
    expect((await get(t.operator, `${E}/FlowBefore/List/3`)).data.list.length).toBeGreaterThan(0);
    const mine = (await get(t.operator, `${E}/FlowLaunch?pageSize=100`)).data.list;
    expect(new Set(mine.map((x: { status: number }) => x.status))).toEqual(new Set([1, 2, 5]));
    expect((await get(t.admin, `${E}/FlowMonitor`)).data.pagination.total).toBeGreaterThanOrEqual(8);
    const eng = (await get(t.admin, `${E}/FlowEngine?pageSize=100`)).data.list;
    expect(eng.find((f: { enCode: string }) => f.enCode === 'repairOrder')).toMatchObject({
      version: 1,
      enabledMark: 1,
      formName: '维修派工审批',
    });
    expect(eng.find((f: { enCode: string }) => f.enCode === 'lampInstall')).toMatchObject({
      version: 0,
      enabledMark: 0,
    });
    // the seeded requisitions' system fields hold what a submission writes: the applicant and their department
    const material = await app.ctx.db
      .selectFrom('flow_task')
      .select('data')
      .where('flowId', '=', 'fe-material')
      .execute();
    expect(material.length).toBeGreaterThan(0);
    const user = await app.ctx.db
      .selectFrom('user')
      .select('organizeId')
      .where('id', '=', 'u-0006')
      .executeTakeFirstOrThrow();
    for (const m of material)
      expect(JSON.parse(m.data)).toMatchObject({ applicant: 'u-0006', dept: user.organizeId });
  });

  it('launches a leave, the manager approves from the to-do list, the initiator sees the record', async () => {
    const before = (await get(t.manager, `${E}/FlowBefore/Count`)).data.todo;
    const launched = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId: 'fe-leave',
      data: leaveData(2),
      status: 0,
    });
    expect(launched).toMatchObject({ code: 200, data: { status: TaskStatus.WAITING } });
    const id = launched.data.id;
    expect((await get(t.manager, `${E}/FlowBefore/Count`)).data.todo).toBe(before + 1);
    const row = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    expect(row).toMatchObject({
      thisStep: '直属主管审批',
      userName: '李明',
      flowName: '请假申请',
      delegatorName: '',
    });
    const page = (await get(t.manager, `${E}/FlowBefore/${id}`)).data;
    expect(page.operator).toMatchObject({ id: row.id, nodeName: '直属主管审批' });
    expect(page.nodes.find((n: { nodeId: string }) => n.nodeId === 'manager').state).toBe(1);
    const ok = await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${row.id}`, { handleOpinion: '同意' });
    expect(ok).toMatchObject({ code: 200, data: { status: TaskStatus.APPROVED } });
    const view = (await get(t.operator, `${E}/FlowTask/${id}`)).data;
    expect(view.status).toBe(TaskStatus.APPROVED);
    const rec = (await get(t.operator, `${E}/FlowBefore/${id}`)).data.records;
    expect(
      rec.map((r: { handleStatus: number; userName: string }) => `${r.handleStatus}:${r.userName}`),
    ).toEqual(['2:李明', '1:王志刚']);
    // copied to the office (admin among them)
    const circ = (await get(t.admin, `${E}/FlowBefore/List/3?pageSize=100`)).data.list;
    expect(circ.some((c: { taskId: string }) => c.taskId === id)).toBe(true);
    // done list of the manager
    const done = (await get(t.manager, `${E}/FlowBefore/List/2?pageSize=100`)).data.list;
    expect(done.find((d: { taskId: string }) => d.taskId === id)).toMatchObject({
      handleStatus: 1,
      status: 2,
    });
  });

  it('the approver’s badge and messages change live over the socket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const sock = await Client.open(wsUrl(app));
    try {
      await sock.connect(t.manager);
      const id = (
        await send(t.operator, 'POST', `${E}/FlowTask`, {
          flowId: 'fe-leave',
          data: leaveData(1),
          status: 0,
          fullName: '实时推送测试',
        })
      ).data.id;
      const count = (await get(t.manager, `${E}/FlowBefore/Count`)).data.todo;
      const push = await sock.nextWhere((m) => m.method === 'flowTodoChange', 'flowTodoChange');
      expect(push).toMatchObject({ todo: count });
      const msg = await sock.nextWhere((m) => m.method === 'messagePush', 'messagePush');
      expect(msg).toMatchObject({ type: 2 });
      const list = (await get(t.manager, '/api/system/Message?type=2&pageSize=50')).data.list;
      const mine = list.find(
        (m: { title: string }) => m.title === '李明的「请假申请」待您审批：实时推送测试',
      );
      // translated where it is shown: stored as a key and its parameters
      expect(mine).toMatchObject({
        titleKey: 'flowTodo',
        titleParams: { who: '李明', flow: '请假申请', task: '实时推送测试' },
      });
      const detail = (await get(t.manager, `/api/system/Message/ReadInfo/${mine.id}`)).data;
      expect(JSON.parse(detail.bodyText)).toMatchObject({ type: 2, flowId: 'fe-leave', taskId: id });
    } finally {
      sock.close();
    }
  });

  it('refuses bad input by field, changing nothing', async () => {
    const n = await rowCount(app.ctx.db, 'flow_task');
    const cases: Array<[object, string]> = [
      [{ flowId: 'nope', data: leaveData(1), status: 0 }, 'flowId'],
      [{ flowId: 'fe-leave', data: '{"leaveDays":', status: 0 }, 'data'],
      [
        { flowId: 'fe-leave', data: JSON.stringify({ leaveType: 'personal', leaveDays: 1 }), status: 0 },
        'startTime',
      ],
      [
        {
          flowId: 'fe-leave',
          data: JSON.stringify({
            leaveType: 'x',
            leaveDays: 1,
            startTime: now,
            endTime: now + 1,
            reason: 'a',
          }),
          status: 0,
        },
        'leaveType',
      ],
      [
        {
          flowId: 'fe-leave',
          data: JSON.stringify({
            leaveType: 'sick',
            leaveDays: 1,
            startTime: now,
            endTime: now - 1,
            reason: 'a',
          }),
          status: 0,
        },
        'endTime',
      ],
      [{ flowId: 'fe-leave', data: leaveData(1), status: 0, copyIds: ['ghost'] }, 'copyIds'],
      [{ flowId: 'fe-leave', data: leaveData(1), status: 0, extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const r = await send(t.operator, 'POST', `${E}/FlowTask`, payload);
      expect([field, r.code, r.msg.split(':')[0]]).toEqual([field, 400, field]);
    }
    expect(await rowCount(app.ctx.db, 'flow_task')).toBe(n);
  });

  it("refuses acting on someone else's to-do, and a second click", async () => {
    const id = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: 'fe-leave', data: leaveData(1), status: 0 })
    ).data.id;
    const row = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    const records = await rowCount(app.ctx.db, 'flow_record');
    expect((await send(t.operator, 'POST', `${E}/FlowBefore/Audit/${row.id}`, {})).code).toBe(403);
    expect((await send(officer, 'POST', `${E}/FlowBefore/Audit/${row.id}`, {})).code).toBe(403);
    expect(await rowCount(app.ctx.db, 'flow_record')).toBe(records);
    // a retry with the same key answers the first answer; a second click without one is refused
    const key = 'k'.repeat(20);
    const a = await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${row.id}`, { idemKey: key });
    const b = await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${row.id}`, { idemKey: key });
    expect(b).toEqual(a);
    const c = await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${row.id}`, {});
    expect(c).toMatchObject({ code: 400, msg: '该待办已处理' });
    expect(await rowCount(app.ctx.db, 'flow_record')).toBe(records + 1);
  });

  it('rejects to the initiator, who edits and resubmits; revoke; press is rate-limited', async () => {
    const id = (
      await send(t.operator, 'POST', `${E}/FlowTask`, {
        flowId: 'fe-leave',
        data: leaveData(1),
        status: 0,
        fullName: '驳回重交测试',
      })
    ).data.id;
    let row = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    expect(
      (await send(t.manager, 'POST', `${E}/FlowBefore/Reject/${row.id}`, { handleOpinion: '日期不对' })).data
        .status,
    ).toBe(TaskStatus.REJECTED);
    const page = (await get(t.operator, `${E}/FlowBefore/${id}`)).data;
    expect(page.canEdit).toBe(true);
    // the form it is resubmitted with says why it came back
    const rejected = (await get(t.operator, `${E}/FlowTask/${id}`)).data;
    expect(rejected.rejection).toEqual({
      nodeName: '直属主管审批',
      userName: '王志刚',
      handleTime: expect.any(Number),
      handleOpinion: '日期不对',
    });
    // a record's flags are booleans (a 0 was drawn after every name of the timeline)
    expect(page.records.map((r: { recalled: unknown }) => r.recalled)).toEqual([false, false]);
    // the initiator's outcome message names what happened
    const outcomes = (
      await get(
        t.operator,
        `/api/system/Message?type=4&pageSize=50&keyword=${encodeURIComponent('驳回重交测试')}`,
      )
    ).data.list;
    expect(outcomes).toMatchObject([
      {
        title: '您发起的「驳回重交测试」被驳回',
        titleKey: 'flowOutcome',
        titleParams: { task: '驳回重交测试', status: TaskStatus.REJECTED },
      },
    ]);
    const again = await send(t.operator, 'PUT', `${E}/FlowTask/${id}`, { data: leaveData(1.5), status: 0 });
    expect(again).toMatchObject({ code: 200, data: { id, status: TaskStatus.WAITING } });
    expect((await send(t.operator, 'POST', `${E}/FlowLaunch/Press/${id}`)).code).toBe(200);
    expect((await send(t.operator, 'POST', `${E}/FlowLaunch/Press/${id}`)).code).toBe(429);
    expect((await send(t.operator, 'PUT', `${E}/FlowLaunch/${id}/Actions/Withdraw`, {})).code).toBe(200);
    const after = (await get(t.operator, `${E}/FlowTask/${id}`)).data;
    expect(after.status).toBe(TaskStatus.REVOKED);
    expect(after.rejection).toBeNull();
    row = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    expect(row).toBeUndefined();
    const recs = (await get(t.operator, `${E}/FlowBefore/${id}`)).data.records.map(
      (r: { handleStatus: number }) => r.handleStatus,
    );
    expect(recs).toEqual([2, 0, 2, 5]);
  });

  it('the chart names the people of nodes not reached yet, as the engine would resolve them now', async () => {
    const id = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: 'fe-leave', data: leaveData(5), status: 0 })
    ).data.id;
    type Node = {
      nodeId: string;
      state: number;
      handlers: { userName: string }[];
      planned: { userName: string }[];
    };
    const nodes = async (): Promise<Record<string, Node>> =>
      Object.fromEntries(
        ((await get(t.manager, `${E}/FlowBefore/${id}`)).data.nodes as Node[]).map((n) => [n.nodeId, n]),
      );
    const waiting = await nodes();
    expect(waiting.manager).toMatchObject({ handlers: [{ userName: '王志刚' }], planned: [] });
    // five days: the department head comes next; then the copy to the office (admin and the clerks)
    expect(waiting.head?.planned.length).toBe(1);
    expect(waiting.head?.handlers).toEqual([]);
    expect(waiting.office?.planned.map((p) => p.userName)).toContain('系统管理员');
    const row = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    expect((await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${row.id}`, {})).code).toBe(200);
    const head = (await nodes()).head;
    expect(head?.planned).toEqual([]);
    expect(head?.handlers.map((h) => h.userName)).toEqual(waiting.head?.planned.map((p) => p.userName));
  });

  it('drafts: saved, edited, deleted; only drafts are deleted', async () => {
    const d = await send(t.operator, 'POST', `${E}/FlowTask`, {
      flowId: 'fe-leave',
      data: JSON.stringify({ reason: '草稿' }),
      status: 1,
    });
    expect(d).toMatchObject({ code: 200, data: { status: TaskStatus.DRAFT } });
    expect(
      (
        await send(t.operator, 'PUT', `${E}/FlowTask/${d.data.id}`, {
          data: JSON.stringify({ reason: '改' }),
          status: 1,
        })
      ).code,
    ).toBe(200);
    expect(JSON.parse((await get(t.operator, `${E}/FlowTask/${d.data.id}`)).data.data).reason).toBe('改');
    // another's task is not found for them
    expect((await send(t.manager, 'DELETE', `${E}/FlowLaunch/${d.data.id}`)).code).toBe(404);
    expect((await send(t.operator, 'DELETE', `${E}/FlowLaunch/${d.data.id}`)).code).toBe(200);
    const approved = (await get(t.operator, `${E}/FlowLaunch?status=2`)).data.list[0];
    expect(await send(t.operator, 'DELETE', `${E}/FlowLaunch/${approved.id}`)).toMatchObject({ code: 400 });
  });

  it('the work ticket: a countersign of the safety officers; recall before the next acts', async () => {
    const crew = await app.ctx.db.selectFrom('map_crew').select('id').executeTakeFirstOrThrow();
    const r = await send(t.operator, 'POST', '/api/workflow/Form/WorkTicket', {
      flowId: 'fe-ticket',
      status: 0,
      crewId: crew.id,
      location: '人民路 12 号',
      workContent: '更换接触器',
      planStart: now + 3_600_000,
      planEnd: now + 7_200_000,
      liveWork: 1,
      safetyMeasures: '停电、验电、挂接地线',
    });
    expect([r.code, r.msg]).toEqual([200, '提交成功']);
    const id = r.data.id;
    const form = (await get(t.operator, `/api/workflow/Form/WorkTicket/${id}`)).data;
    expect(form.billNo).toMatch(/\S/);
    const lead = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${lead.id}`, {});
    // the leader takes the vote back: the countersign rows go
    const rec = (await get(t.manager, `${E}/FlowBefore/${id}`)).data.recall;
    expect(rec).not.toBeNull();
    expect((await send(t.manager, 'POST', `${E}/FlowBefore/Recall/${rec.recordId}`, {})).code).toBe(200);
    expect((await todo(officer)).some((x: { taskId: string }) => x.taskId === id)).toBe(false);
    const lead2 = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${lead2.id}`, {});
    const s1 = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === id);
    const s2 = (await todo(officer)).find((x: { taskId: string }) => x.taskId === id);
    expect([s1.thisStep, s2.thisStep]).toEqual(['安全员会签', '安全员会签']);
    expect((await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${s1.id}`, {})).data.status).toBe(
      TaskStatus.WAITING,
    );
    expect((await send(officer, 'POST', `${E}/FlowBefore/Audit/${s2.id}`, {})).data.status).toBe(
      TaskStatus.APPROVED,
    );
    // issued: copied to the maintainers (the operator among them)
    expect(
      (await get(t.operator, `${E}/FlowBefore/List/3?pageSize=100`)).data.list.some(
        (c: { taskId: string }) => c.taskId === id,
      ),
    ).toBe(true);
    // unknown fields of a system form are refused by name
    const bad = await send(t.operator, 'POST', '/api/workflow/Form/WorkTicket', {
      flowId: 'fe-ticket',
      status: 1,
      color: 'red',
    });
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg.startsWith('color:')).toBe(true);
  });

  it('entrust: the delegate sees and handles the to-do; the record says for whom', async () => {
    const d = await send(t.manager, 'POST', `${E}/FlowDelegate`, {
      toUserId: 'u-0006',
      flowId: 'fe-leave',
      startTime: now - 1000,
      endTime: now + 86_400_000,
      description: '出差',
    });
    expect(d.code).toBe(200);
    expect(
      (
        await send(t.manager, 'POST', `${E}/FlowDelegate`, {
          toUserId: 'u-manager',
          startTime: now,
          endTime: now + 1,
        })
      ).msg,
    ).toMatch(/^toUserId:/);
    expect(
      (
        await send(t.manager, 'POST', `${E}/FlowDelegate`, {
          toUserId: 'u-0006',
          startTime: now,
          endTime: now + 1000,
        })
      ).msg,
    ).toMatch(/^startTime:/);
    const id = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: 'fe-leave', data: leaveData(1), status: 0 })
    ).data.id;
    const row = (await todo(officer)).find((x: { taskId: string }) => x.taskId === id);
    expect(row).toMatchObject({ delegatorName: '王志刚' });
    expect(
      (await send(officer, 'POST', `${E}/FlowBefore/Audit/${row.id}`, { handleOpinion: '代批' })).data.status,
    ).toBe(TaskStatus.APPROVED);
    const rec = (await get(t.operator, `${E}/FlowBefore/${id}`)).data.records[1];
    expect(rec).toMatchObject({ userName: '杨帆', delegatorName: '王志刚', handleStatus: 1 });
    const list = (await get(officer, `${E}/FlowDelegate`)).data.list;
    expect(list[0]).toMatchObject({ direction: 'in', userName: '王志刚' });
    expect((await send(officer, 'DELETE', `${E}/FlowDelegate/${d.data.id}`)).code).toBe(403);
    expect((await send(t.manager, 'DELETE', `${E}/FlowDelegate/${d.data.id}`)).code).toBe(200);
  });

  it('the monitor cancels and reassigns; others may not', async () => {
    const a = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: 'fe-leave', data: leaveData(1), status: 0 })
    ).data.id;
    const b = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: 'fe-leave', data: leaveData(1), status: 0 })
    ).data.id;
    expect((await send(t.operator, 'DELETE', `${E}/FlowMonitor`, { ids: [a] })).code).toBe(403);
    expect(await send(t.admin, 'DELETE', `${E}/FlowMonitor`, { ids: [a] })).toMatchObject({
      code: 200,
      data: { cancelled: 1 },
    });
    expect((await get(t.operator, `${E}/FlowTask/${a}`)).data.status).toBe(TaskStatus.CANCELLED);
    expect(
      (
        await send(t.admin, 'POST', `${E}/FlowMonitor/${b}/Actions/Assign`, {
          nodeId: 'manager',
          freeApproverUserId: 'u-0006',
        })
      ).code,
    ).toBe(200);
    expect((await todo(officer)).some((x: { taskId: string }) => x.taskId === b)).toBe(true);
    expect((await todo(t.manager)).some((x: { taskId: string }) => x.taskId === b)).toBe(false);
    expect(
      (
        await send(t.admin, 'POST', `${E}/FlowMonitor/${b}/Actions/Assign`, {
          nodeId: 'manager',
          freeApproverUserId: 'ghost',
        })
      ).msg,
    ).toMatch(/^freeApproverUserId:/);
  });

  it('designs, refuses an invalid release naming the node, releases, stops, copies', async () => {
    const tpl = {
      type: 'start',
      nodeId: 'start',
      prevId: null,
      properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
      childNode: {
        type: 'approver',
        nodeId: 'a1',
        prevId: 'start',
        properties: {
          title: '审批',
          assigneeType: 6,
          approvers: [],
          counterSign: 1,
          countersignRatio: 100,
          rejectStep: '0',
          formOperates: [],
        },
      },
    };
    const c = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      fullName: '测试流程',
      enCode: 'testFlow',
      category: '测试',
      formId: 'ff-leaveApply',
      flowTemplateJson: JSON.stringify(tpl),
    });
    expect(c.code).toBe(200);
    const id = c.data.id;
    const rel = await send(t.admin, 'POST', `${E}/FlowEngine/Release/${id}`);
    expect(rel.code).toBe(400);
    expect(rel.data.problems[0]).toMatchObject({ nodeId: 'a1', code: 'noAssignee' });
    tpl.childNode.properties.approvers = ['u-manager', 'u-0006'] as never;
    expect(
      (
        await send(t.admin, 'PUT', `${E}/FlowEngine/${id}`, {
          fullName: '测试流程',
          enCode: 'testFlow',
          formId: 'ff-leaveApply',
          flowTemplateJson: JSON.stringify(tpl),
        })
      ).code,
    ).toBe(200);
    expect(await send(t.admin, 'POST', `${E}/FlowEngine/Release/${id}`)).toMatchObject({
      code: 200,
      data: { version: 1 },
    });
    const task = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: id, data: leaveData(1), status: 0 })
    ).data.id;
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Stop/${id}`)).code).toBe(200);
    expect(
      (await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: id, data: leaveData(1), status: 0 })).msg,
    ).toBe('flowId: 流程已停用');
    // the running one finishes on its version
    const r1 = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === task);
    const r2 = (await todo(officer)).find((x: { taskId: string }) => x.taskId === task);
    await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${r1.id}`, {});
    expect((await send(officer, 'POST', `${E}/FlowBefore/Audit/${r2.id}`, {})).data.status).toBe(
      TaskStatus.APPROVED,
    );
    expect((await send(t.admin, 'DELETE', `${E}/FlowEngine/${id}`)).msg).toMatch(/^id:/);
    const copy = await send(t.admin, 'POST', `${E}/FlowEngine/${id}/Actions/Copy`, {});
    expect(copy).toMatchObject({ code: 200, data: { fullName: '测试流程副本', enCode: 'testFlow.copy1' } });
    expect((await send(t.admin, 'DELETE', `${E}/FlowEngine/${copy.data.id}`)).code).toBe(200);
    const broken = await send(t.admin, 'PUT', `${E}/FlowEngine/${id}`, {
      fullName: '测试流程',
      enCode: 'testFlow',
      formId: 'ff-leaveApply',
      flowTemplateJson: JSON.stringify({ ...tpl, childNode: { ...tpl.childNode, prevId: 'x' } }),
    });
    expect(broken.code).toBe(400);
    expect(broken.msg).toMatch(/^flowTemplateJson: /);
  });

  it('a node writes only the fields its operates allow, must fill the required ones, and does not see hidden ones', async () => {
    const tpl = {
      type: 'start',
      nodeId: 'start',
      prevId: null,
      properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
      childNode: {
        type: 'approver',
        nodeId: 'ops',
        prevId: 'start',
        properties: {
          title: '审核',
          assigneeType: 6,
          approvers: ['u-manager'],
          counterSign: 0,
          rejectStep: '0',
          formOperates: [
            { id: 'reason', read: true, write: true, required: true },
            { id: 'leaveDays', read: false, write: false, required: false },
          ],
        },
      },
    };
    const c = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      fullName: '字段权限',
      enCode: 'opsFlow',
      formId: 'ff-leaveApply',
      flowTemplateJson: JSON.stringify(tpl),
    });
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${c.data.id}`)).code).toBe(200);
    const id = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: c.data.id, data: leaveData(2), status: 0 })
    ).data.id;
    const page = (await get(t.manager, `${E}/FlowBefore/${id}`)).data;
    expect(JSON.parse(page.data).leaveDays).toBeUndefined();
    expect(page.formOperates.find((o: { id: string }) => o.id === 'reason')).toMatchObject({
      write: true,
      required: true,
    });
    expect(page.formOperates.find((o: { id: string }) => o.id === 'leaveType')).toMatchObject({
      read: true,
      write: false,
    });
    const url = `${E}/FlowBefore/Audit/${page.operator.id}`;
    expect((await send(t.manager, 'POST', url, { formData: JSON.stringify({ reason: '' }) })).msg).toBe(
      'reason: 不能为空',
    );
    expect(
      (
        await send(t.manager, 'POST', url, {
          formData: JSON.stringify({ reason: '已核实', leaveDays: 99, leaveType: 'annual' }),
        })
      ).code,
    ).toBe(200);
    const stored = JSON.parse((await get(t.operator, `${E}/FlowTask/${id}`)).data.data);
    expect([stored.reason, stored.leaveDays, stored.leaveType]).toEqual(['已核实', 2, 'personal']);
  });

  it('a vote cannot be taken back at a node whose design switches recall off, whatever the client sends', async () => {
    const approver = (nodeId: string, prevId: string, title: string, extra: object, childNode?: object) => ({
      type: 'approver',
      nodeId,
      prevId,
      properties: {
        title,
        assigneeType: 6,
        approvers: ['u-manager'],
        counterSign: 0,
        rejectStep: '0',
        formOperates: [],
        ...extra,
      },
      ...(childNode ? { childNode } : {}),
    });
    const tpl = {
      type: 'start',
      nodeId: 'start',
      prevId: null,
      properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
      childNode: approver(
        'first',
        'start',
        '初审',
        { hasRevokeBtn: false },
        approver('second', 'first', '复审', {}),
      ),
    };
    const c = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      fullName: '不可撤回',
      enCode: 'noRecallFlow',
      formId: 'ff-leaveApply',
      flowTemplateJson: JSON.stringify(tpl),
    });
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${c.data.id}`)).code).toBe(200);
    const id = (
      await send(t.operator, 'POST', `${E}/FlowTask`, { flowId: c.data.id, data: leaveData(1), status: 0 })
    ).data.id;
    const first = (await get(t.manager, `${E}/FlowBefore/${id}`)).data;
    expect((await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${first.operator.id}`, {})).code).toBe(200);
    const page = (await get(t.manager, `${E}/FlowBefore/${id}`)).data;
    expect(page.recall).toBeNull();
    const vote = page.records.find(
      (r: { nodeId: string; handleStatus: number }) => r.nodeId === 'first' && r.handleStatus === 1,
    );
    expect(vote).toBeDefined();
    expect(await send(t.manager, 'POST', `${E}/FlowBefore/Recall/${vote.id}`, {})).toMatchObject({
      code: 400,
      msg: '该节点不能撤回',
    });
    expect((await get(t.manager, `${E}/FlowBefore/${id}`)).data.flowTaskInfo.thisStep).toBe('复审');
  });

  it('an approver chosen at launch: asked for, checked against the candidates, then used', async () => {
    const tpl = {
      type: 'start',
      nodeId: 'start',
      prevId: null,
      properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
      childNode: {
        type: 'approver',
        nodeId: 'pick',
        prevId: 'start',
        properties: {
          title: '自选审批人',
          assigneeType: 7,
          approvers: ['u-manager', 'u-0006'],
          counterSign: 0,
          rejectStep: '0',
          formOperates: [],
        },
      },
    };
    const c = await send(t.admin, 'POST', `${E}/FlowEngine`, {
      fullName: '自选审批',
      enCode: 'chooseFlow',
      formId: 'ff-leaveApply',
      flowTemplateJson: JSON.stringify(tpl),
    });
    expect((await send(t.admin, 'POST', `${E}/FlowEngine/Release/${c.data.id}`)).code).toBe(200);
    const released = (await get(t.operator, `${E}/FlowEngine/${c.data.id}/Released`)).data;
    expect(released.candidates[0]).toMatchObject({ nodeId: 'pick', title: '自选审批人' });
    expect(released.candidates[0].users.map((u: { id: string }) => u.id).sort()).toEqual([
      'u-0006',
      'u-manager',
    ]);
    const base = { flowId: c.data.id, data: leaveData(1), status: 0 };
    expect((await send(t.operator, 'POST', `${E}/FlowTask`, base)).msg).toBe(
      'candidates.pick: 请选择审批人员',
    );
    expect(
      (await send(t.operator, 'POST', `${E}/FlowTask`, { ...base, candidates: { pick: ['u-admin'] } })).msg,
    ).toMatch(/^candidates\.pick: 不在可选审批人员之内/);
    const ok = await send(t.operator, 'POST', `${E}/FlowTask`, { ...base, candidates: { pick: ['u-0006'] } });
    expect(ok.code).toBe(200);
    expect((await todo(officer)).some((x: { taskId: string }) => x.taskId === ok.data.id)).toBe(true);
    expect((await todo(t.manager)).some((x: { taskId: string }) => x.taskId === ok.data.id)).toBe(false);
  });

  it('a designer form (the material requisition model) is validated by the low-code rules', async () => {
    const bad = await send(officer, 'POST', `${E}/FlowTask`, {
      flowId: 'fe-material',
      data: JSON.stringify({ applyDate: now }),
      status: 0,
    });
    expect(bad.code).toBe(400);
    expect(bad.msg.split(':')[0]).toBe('purpose');
    const items = [{ material: '接触器', unit: '1', qty: 3, price: 120 }];
    const r = await send(officer, 'POST', `${E}/FlowTask`, {
      flowId: 'fe-material',
      data: JSON.stringify({ applyDate: now, purpose: '检修', items }),
      status: 0,
    });
    expect(r.code).toBe(200);
    const stored = JSON.parse((await get(officer, `${E}/FlowTask/${r.data.id}`)).data.data);
    // the calculates are the server's: 3 × 120
    expect(stored.total).toBe(360);
    expect(stored.applyNo).toMatch(/^SL/);
  });

  it('the repair order above the threshold waits for the manager, then is dispatched on the map', async () => {
    const order = { id: await newOrder() };
    const crew = await app.ctx.db.selectFrom('map_crew').select('id').executeTakeFirstOrThrow();
    const r = await send(t.operator, 'POST', '/api/workflow/Form/RepairDispatch', {
      flowId: 'fe-repair',
      status: 0,
      orderId: order.id,
      crewId: crew.id,
      estimatedCost: 9000,
      reason: '更换电缆',
    });
    expect(r).toMatchObject({ code: 200, data: { status: 1 } });
    // the map refuses to dispatch it directly while it waits
    const direct = await send(t.admin, 'PUT', `/api/map/repair-orders/${order.id}/Actions/Dispatch`, {
      crewId: crew.id,
    });
    expect(direct.code).toBe(400);
    expect(direct.msg).toMatch(/派工审批/);
    const row = (await todo(t.manager)).find((x: { taskId: string }) => x.taskId === r.data.id);
    await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${row.id}`, {});
    await schedulerOf(app).tick();
    const o = await app.ctx.db
      .selectFrom('work_order')
      .select(['state', 'crewId'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(o).toEqual({ state: 'dispatched', crewId: crew.id });
    // a cheap one passes at once and is dispatched
    const cheap = { id: await newOrder() };
    const r2 = await send(t.operator, 'POST', '/api/workflow/Form/RepairDispatch', {
      flowId: 'fe-repair',
      status: 0,
      orderId: cheap.id,
      crewId: crew.id,
      estimatedCost: 300,
    });
    expect(r2.data.status).toBe(TaskStatus.APPROVED);
    await schedulerOf(app).tick();
    expect(
      (
        await app.ctx.db
          .selectFrom('work_order')
          .select('state')
          .where('id', '=', cheap.id)
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('dispatched');
    // an order no longer pending cannot be asked for
    const again = await send(t.operator, 'POST', '/api/workflow/Form/RepairDispatch', {
      flowId: 'fe-repair',
      status: 0,
      orderId: cheap.id,
      crewId: crew.id,
      estimatedCost: 1,
    });
    expect(again.msg).toMatch(/^orderId:/);
  });

  it('a timeout fires once when due (the clock moves; the scheduler is ticked)', async () => {
    const order = { id: await newOrder() };
    const crew = await app.ctx.db.selectFrom('map_crew').select('id').executeTakeFirstOrThrow();
    const r = await send(t.operator, 'POST', '/api/workflow/Form/RepairDispatch', {
      flowId: 'fe-repair',
      status: 0,
      orderId: order.id,
      crewId: crew.id,
      estimatedCost: 6000,
    });
    const id = r.data.id;
    const status = async () =>
      (
        await app.ctx.db
          .selectFrom('flow_task')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    // requests are not made while the clock is moved (the demo sessions would expire)
    const start = now;
    now = start + 2 * 86_400_000 - 1000;
    await schedulerOf(app).tick();
    expect(await status()).toBe(TaskStatus.WAITING);
    now = start + 2 * 86_400_000 + 1000;
    await schedulerOf(app).tick();
    await schedulerOf(app).tick();
    expect(await status()).toBe(TaskStatus.APPROVED);
    const recs = await app.ctx.db
      .selectFrom('flow_record')
      .select('handleOpinion')
      .where('taskId', '=', id)
      .execute();
    expect(recs.filter((x) => x.handleOpinion === '超时自动处理')).toHaveLength(1);
    const left = await app.ctx.db
      .selectFrom('flow_timer')
      .select(['kind', 'state'])
      .where('taskId', '=', id)
      .execute();
    expect(left.every((x) => x.state !== 0)).toBe(true);
    now = start;
  });

  it('a user without grants is refused; the badge counts follow', async () => {
    const none = await tokenWithoutGrants(app, t.admin, `wfnone${target}`);
    expect((await get(none, `${E}/FlowBefore/List/1`)).code).toBe(403);
    const someone = (await get(t.admin, `${E}/FlowMonitor`)).data.list[0].id;
    expect((await get(none, `${E}/FlowBefore/${someone}`)).code).toBe(403);
    expect((await get(none, `${E}/FlowTask/${someone}`)).code).toBe(403);
    expect((await get(none, `${E}/FlowBefore/Count`)).data).toEqual({ todo: 0, circulate: 0 });
    const waiting = await app.ctx.db
      .selectFrom('flow_operator as o')
      .innerJoin('flow_task as t', 't.id', 'o.taskId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.userId', '=', 'u-manager')
      .where('o.state', '=', OperatorState.WAITING)
      .where('t.status', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await get(t.manager, `${E}/FlowBefore/Count`)).data.todo).toBe(Number(waiting.n));
  });
});
