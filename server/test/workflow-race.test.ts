/**
 * Races: two approvers of an or-sign approving at the same moment (one wins, the other is told
 * the to-do was handled), one approver double-clicking, a retry racing its first try with the same
 * request key (both get the first answer, one effect), and on PostgreSQL the same through two
 * server instances on one database.
 */
import type { FastifyInstance } from 'fastify';
import { RecordAction, TaskStatus } from '@lighting/shared/flowcore';
import { TARGETS, body, createEnv, login, md5Hex, sendAs, type TestEnv } from './helpers';

const E = '/api/workflow/Engine';

/** start → an or-sign of the manager and 杨帆. */
const orSign = {
  type: 'start',
  nodeId: 'start',
  prevId: null,
  properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
  childNode: {
    type: 'approver',
    nodeId: 'or',
    prevId: 'start',
    properties: {
      title: '或签',
      assigneeType: 6,
      approvers: ['u-manager', 'u-0006'],
      counterSign: 0,
      rejectStep: '0',
      formOperates: [],
    },
  },
};
const LEAVE = JSON.stringify({ leaveType: 'sick', leaveDays: 1, startTime: 1, endTime: 2, reason: 'x' });

describe.each(TARGETS)('workflow races on %s', (target) => {
  let env: TestEnv;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let flowId = '';
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    env = await createEnv(target);
    a = env.app;
    // PostgreSQL: a second instance on the same database; SQLite runs one instance (one writer),
    // where the two requests race inside it
    b = target === 'postgres' ? await env.makeApp() : a;
    tok.admin = await login(a, 'admin', 'admin123');
    tok.operator = await login(a, 'operator', 'operator123');
    tok.manager = await login(a, 'manager', 'manager123');
    expect(
      body(
        await sendAs(a, tok.admin, 'POST', '/api/system/Permission/Users/u-0006/Actions/ResetPassword', {
          userPassword: md5Hex('officer123'),
        }),
      ).code,
    ).toBe(200);
    tok.officer = await login(a, 'yangfan', 'officer123');
    const c = body(
      await sendAs(a, tok.admin, 'POST', `${E}/FlowEngine`, {
        fullName: '或签测试',
        enCode: `orRace`,
        formId: 'ff-leaveApply',
        flowTemplateJson: JSON.stringify(orSign),
      }),
    );
    flowId = c.data.id;
    expect(body(await sendAs(a, tok.admin, 'POST', `${E}/FlowEngine/Release/${flowId}`)).code).toBe(200);
  });
  afterAll(async () => env.cleanup());

  const launch = async (): Promise<{ id: string; rows: Record<string, string> }> => {
    const id = body(
      await sendAs(a, tok.operator ?? '', 'POST', `${E}/FlowTask`, { flowId, data: LEAVE, status: 0 }),
    ).data.id as string;
    const ops = await a.ctx.db
      .selectFrom('flow_operator')
      .select(['id', 'userId'])
      .where('taskId', '=', id)
      .execute();
    return { id, rows: Object.fromEntries(ops.map((o) => [o.userId, o.id])) };
  };
  const agreements = async (taskId: string) =>
    (
      await a.ctx.db
        .selectFrom('flow_record')
        .select('id')
        .where('taskId', '=', taskId)
        .where('handleStatus', '=', RecordAction.AGREE)
        .execute()
    ).length;

  it('two approvers of an or-sign at once: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { id, rows } = await launch();
      const [x, y] = await Promise.all([
        sendAs(a, tok.manager ?? '', 'POST', `${E}/FlowBefore/Audit/${rows['u-manager']}`, {}),
        sendAs(b, tok.officer ?? '', 'POST', `${E}/FlowBefore/Audit/${rows['u-0006']}`, {}),
      ]);
      const codes = [body(x).code, body(y).code].sort();
      expect(codes).toEqual([200, 400]);
      const loser = body(x).code === 400 ? body(x) : body(y);
      expect(loser.msg).toBe('该待办已处理');
      expect(await agreements(id)).toBe(1);
      const t = await a.ctx.db
        .selectFrom('flow_task')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(t.status).toBe(TaskStatus.APPROVED);
    }
  });

  it('a double click, and a retry with the same key racing its first try: one effect', async () => {
    const { id, rows } = await launch();
    const url = `${E}/FlowBefore/Audit/${rows['u-manager']}`;
    const [x, y] = await Promise.all([
      sendAs(a, tok.manager ?? '', 'POST', url, {}),
      sendAs(b, tok.manager ?? '', 'POST', url, {}),
    ]);
    expect([body(x).code, body(y).code].sort()).toEqual([200, 400]);
    expect(await agreements(id)).toBe(1);

    const second = await launch();
    const key = `race-${target}-0123456789`;
    const u2 = `${E}/FlowBefore/Audit/${second.rows['u-0006']}`;
    const [p, q] = await Promise.all([
      sendAs(a, tok.officer ?? '', 'POST', u2, { idemKey: key }),
      sendAs(b, tok.officer ?? '', 'POST', u2, { idemKey: key }),
    ]);
    expect(body(p)).toEqual(body(q));
    expect(body(p).code).toBe(200);
    expect(await agreements(second.id)).toBe(1);
  });
});
