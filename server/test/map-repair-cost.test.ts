/**
 * Issue 14: a repair order's estimated cost, and the manager's approval before an expensive order is
 * dispatched (SQLite, and PostgreSQL when DATABASE_URL is set). The cost is validated on create and
 * update (400 naming the field, nothing changed); a direct dispatch at or above
 * REPAIR_APPROVAL_THRESHOLD is refused until an approved 故障维修工单 flow covers the cost (its
 * approval hook dispatches the order); under the threshold the map dispatches as before.
 */
import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@lighting/shared/flowcore';
import { REPAIR_APPROVAL_THRESHOLD } from '../src/workflow/forms';
import { schedulerOf } from '../src/workflow/routes';
import { TARGETS, body, createEnv, demoTokens, getAs, rowCount, sendAs, type TestEnv } from './helpers';

const ORDERS = '/api/map/repair-orders';
const E = '/api/workflow/Engine';

describe.each(TARGETS)('repair order cost and dispatch approval (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let t: { admin: string; operator: string; manager: string };
  let crews: string[];

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '2000' });
    app = env.app;
    t = await demoTokens(app);
    crews = (await app.ctx.db.selectFrom('map_crew').select('id').orderBy('id').execute()).map((c) => c.id);
    expect(crews.length).toBeGreaterThan(1);
  }, 60_000);
  afterAll(() => env.cleanup());

  const get = async (token: string, url: string) => body(await getAs(app, token, url));
  const send = async (token: string, method: 'POST' | 'PUT', url: string, payload?: object) =>
    body(await sendAs(app, token, method, url, payload));
  const row = (id: string) =>
    app.ctx.db
      .selectFrom('work_order')
      .select(['state', 'crewId', 'dispatchedAt', 'estimatedCostCents', 'title', 'remark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** A lamp no order has used yet. */
  const freeAsset = async (): Promise<number> => {
    const used = await app.ctx.db
      .selectFrom('work_order')
      .select('assetId')
      .where('assetId', 'is not', null)
      .execute();
    const a = await app.ctx.db
      .selectFrom('map_asset')
      .select('objectid')
      .where('objectid', 'not in', used.map((u) => Number(u.assetId)).concat([-1]))
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    return a.objectid;
  };
  const newOrder = async (extra: object = {}) => {
    const r = await send(t.operator, 'POST', ORDERS, {
      assetId: await freeAsset(),
      title: '费用测试',
      ...extra,
    });
    expect(r.code).toBe(200);
    return r.data as { id: string; estimatedCost: number | null; dispatchApproval: string };
  };
  const dispatch = (id: string, crewId: string) =>
    send(t.operator, 'PUT', `${ORDERS}/${id}/Actions/Dispatch`, { crewId });
  const launch = (orderId: string, estimatedCost: number, crewId: string) =>
    send(t.operator, 'POST', '/api/workflow/Form/RepairDispatch', {
      flowId: 'fe-repair',
      status: 0,
      orderId,
      crewId,
      estimatedCost,
      reason: '更换整段电缆',
    });

  it('validates the cost on create: 400 naming estimatedCost, no order made', async () => {
    const before = await rowCount(app.ctx.db, 'work_order');
    const asset = await freeAsset();
    for (const bad of [-1, 12.345, 1.005, 'abc', 1e12, true, {}]) {
      const r = await send(t.operator, 'POST', ORDERS, { assetId: asset, estimatedCost: bad });
      expect(r.code).toBe(400);
      expect(r.msg).toMatch(/estimatedCost/);
    }
    expect(await rowCount(app.ctx.db, 'work_order')).toBe(before);

    const none = await newOrder();
    expect(none.estimatedCost).toBeNull();
    expect(none.dispatchApproval).toBe('none');
    const o = await newOrder({ estimatedCost: 8600.5 });
    expect(o).toMatchObject({ estimatedCost: 8600.5, dispatchApproval: 'required' });
    expect((await row(o.id)).estimatedCostCents).toBe(860_050);
    expect((await get(t.operator, `${ORDERS}/${o.id}`)).data).toMatchObject({ estimatedCost: 8600.5 });
    const listed = (
      await get(t.operator, `${ORDERS}?assetId=${(await get(t.operator, `${ORDERS}/${o.id}`)).data.assetId}`)
    ).data.list;
    expect(listed).toEqual([
      expect.objectContaining({ id: o.id, estimatedCost: 8600.5, dispatchApproval: 'required' }),
    ]);
  });

  it('validates the cost on update: bad input changes nothing; a good one is stored, null clears it', async () => {
    const o = await newOrder({ estimatedCost: 100 });
    const before = await row(o.id);
    for (const payload of [
      { estimatedCost: -0.01 },
      { estimatedCost: 3.141 },
      { estimatedCost: 'x', title: '改了' },
      { title: '改了', estimatedCost: 5, extra: 1 },
      {},
    ]) {
      const r = await send(t.operator, 'PUT', `${ORDERS}/${o.id}`, payload);
      expect(r.code).toBe(400);
      expect(await row(o.id)).toEqual(before);
    }
    expect((await send(t.operator, 'PUT', `${ORDERS}/${o.id}`, { estimatedCost: -3 })).msg).toMatch(
      /^estimatedCost/,
    );
    const up = await send(t.operator, 'PUT', `${ORDERS}/${o.id}`, {
      estimatedCost: 6000.25,
      remark: '需吊车',
    });
    expect(up.code).toBe(200);
    expect(up.data).toMatchObject({ estimatedCost: 6000.25, remark: '需吊车', dispatchApproval: 'required' });
    const cleared = await send(t.operator, 'PUT', `${ORDERS}/${o.id}`, { estimatedCost: null });
    expect(cleared.data).toMatchObject({ estimatedCost: null, dispatchApproval: 'none' });
    // an order that does not exist
    const missing = await send(t.operator, 'PUT', `${ORDERS}/ro-nope`, { estimatedCost: 1 });
    expect(missing.code).toBe(404);
  });

  it('dispatches an order under the threshold directly, as before', async () => {
    const o = await newOrder({ estimatedCost: REPAIR_APPROVAL_THRESHOLD - 0.01 });
    const r = await dispatch(o.id, crews[0]!);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ state: 'dispatched', crewId: crews[0], dispatchApproval: 'none' });
  });

  it('refuses a direct dispatch at or above the threshold without approval, changing nothing', async () => {
    for (const cost of [REPAIR_APPROVAL_THRESHOLD, 8600]) {
      const o = await newOrder({ estimatedCost: cost });
      const before = await row(o.id);
      const r = await dispatch(o.id, crews[0]!);
      expect(r.code).toBe(400);
      expect(r.msg).toContain(`预估费用达 ${REPAIR_APPROVAL_THRESHOLD} 元，须经理审批后派工`);
      expect(await row(o.id)).toEqual(before);
      expect(before).toMatchObject({ state: 'pending', crewId: null, dispatchedAt: null });
    }
  });

  it('dispatches an expensive order through the manager’s approval, and then lets it be re-dispatched', async () => {
    const o = await newOrder({ estimatedCost: 9000 });
    // an approval asked for less than the order's estimate would skip the manager: refused
    const low = await launch(o.id, 300, crews[0]!);
    expect(low.code).toBe(400);
    expect(low.msg).toMatch(/^estimatedCost: 不能低于维修工单的预估费用 9000.00 元/);
    expect(await app.ctx.db.selectFrom('flow_task').select('id').where('refId', '=', o.id).execute()).toEqual(
      [],
    );

    const r = await launch(o.id, 9000, crews[0]!);
    expect(r).toMatchObject({ code: 200, data: { status: TaskStatus.WAITING } });
    expect((await get(t.operator, `${ORDERS}/${o.id}`)).data.dispatchApproval).toBe('waiting');
    // while it waits: no direct dispatch, and the cost being judged stays
    const before = await row(o.id);
    expect((await dispatch(o.id, crews[1]!)).msg).toMatch(/派工审批中/);
    const edit = await send(t.operator, 'PUT', `${ORDERS}/${o.id}`, { estimatedCost: 9500 });
    expect(edit.code).toBe(400);
    expect(edit.msg).toMatch(/^estimatedCost: 该工单正在派工审批中/);
    expect(await row(o.id)).toEqual(before);

    const todo = (await get(t.manager, `${E}/FlowBefore/List/1?pageSize=100`)).data.list;
    const mine = todo.find((x: { taskId: string }) => x.taskId === r.data.id);
    expect(mine).toBeTruthy();
    expect((await send(t.manager, 'POST', `${E}/FlowBefore/Audit/${mine.id}`, {})).code).toBe(200);
    await schedulerOf(app).tick();
    expect(await row(o.id)).toMatchObject({ state: 'dispatched', crewId: crews[0] });
    expect((await get(t.operator, `${ORDERS}/${o.id}`)).data.dispatchApproval).toBe('approved');

    // approved for 9000: re-dispatched directly to another crew
    const again = await dispatch(o.id, crews[1]!);
    expect(again.code).toBe(200);
    expect(again.data.crewId).toBe(crews[1]);
    // the estimate went up past what was approved: a new approval is needed
    expect((await send(t.operator, 'PUT', `${ORDERS}/${o.id}`, { estimatedCost: 12000 })).code).toBe(200);
    const beyond = await dispatch(o.id, crews[0]!);
    expect(beyond.code).toBe(400);
    expect(beyond.msg).toContain('已审批的预估费用为 9000.00 元');
    expect((await row(o.id)).crewId).toBe(crews[1]);
  });
});
