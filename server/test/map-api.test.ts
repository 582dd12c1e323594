/**
 * The lighting map's REST calls: assets, status changes (lastEditDate, socket push), faults, shared-cause
 * analysis, topology, statistics against direct counts, crews and tracks, and the repair order
 * lifecycle restoring the asset's status; permissions and bad input.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FS_BASE } from '../src/map/featureserver';
import { LAMP_KINDS, restoredStatus } from '../src/map/city';
import { TARGETS, authed, body, createEnv, login, type TestEnv } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are inspected loosely
type Json = any;

describe.each(TARGETS)('map API (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let operator: string;
  let manager: string;
  const pushed: Json[] = [];

  const call = async (token: string, method: InjectOptions['method'], url: string, payload?: object) => {
    const res = await app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
    return body(res);
  };
  const lastEditDate = async (): Promise<number> => {
    const res = await app.inject(authed(operator, { method: 'GET', url: `${FS_BASE}/0?f=json` }));
    return (res.json() as Json).editingInfo.lastEditDate as number;
  };
  const asset = (objectid: number) =>
    app.ctx.db.selectFrom('map_asset').selectAll().where('objectid', '=', objectid).executeTakeFirstOrThrow();
  const orderCount = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('work_order')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '3200' });
    app = env.app;
    operator = await login(app, 'operator', 'operator123');
    manager = await login(app, 'manager', 'manager123');
    const original = app.ctx.realtime.pushToAll.bind(app.ctx.realtime);
    jest.spyOn(app.ctx.realtime, 'pushToAll').mockImplementation((msg, except) => {
      pushed.push(msg);
      return original(msg, except);
    });
    // a fault's or an order's change goes to who may see it (data permissions)
    const scoped = app.ctx.realtime.pushScoped.bind(app.ctx.realtime);
    jest.spyOn(app.ctx.realtime, 'pushScoped').mockImplementation((msg, scope) => {
      pushed.push(msg);
      return scoped(msg, scope);
    });
  }, 60_000);
  afterAll(() => env.cleanup());

  it('finds assets by code and shows one with its open faults and orders', async () => {
    const found = await call(operator, 'GET', '/api/map/assets/search?code=cb-0000');
    expect(found.code).toBe(200);
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((a: Json) => a.code.startsWith('CB-0000'))).toBe(true);
    const faulty = await app.ctx.db
      .selectFrom('fault')
      .select(['assetId'])
      .where('closedAt', 'is', null)
      .where('assetId', 'is not', null)
      .executeTakeFirstOrThrow();
    const d = await call(operator, 'GET', `/api/map/assets/${faulty.assetId}`);
    expect(d.code).toBe(200);
    expect(d.data.asset.status).toBe('fault');
    expect(d.data.openFaults.length).toBeGreaterThan(0);
    expect(d.data.openFaults[0]).toMatchObject({ assetId: faulty.assetId, closedAt: null });
    expect((await call(operator, 'GET', '/api/map/assets/99999999')).code).toBe(404);
    expect((await call(operator, 'GET', '/api/map/assets/search?code=')).code).toBe(400);
  });

  it('changes an asset status: symbol, lastEditDate and a socket push; bad input changes nothing', async () => {
    const lamp = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid'])
      .where('kind', '=', 'streetLamp')
      .where('status', 'in', ['lightOn', 'lightOff'])
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const before = await lastEditDate();
    const bad = await call(operator, 'PUT', `/api/map/assets/${lamp.objectid}/status`, { status: 'broken' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('status');
    expect(await lastEditDate()).toBe(before);
    pushed.length = 0;
    const r = await call(operator, 'PUT', `/api/map/assets/${lamp.objectid}/status`, { status: 'fault' });
    expect(r.code).toBe(200);
    const row = await asset(lamp.objectid);
    expect(row.status).toBe('fault');
    expect(row.symbol).toBe('streetLamp|fault');
    expect(await lastEditDate()).toBeGreaterThan(before);
    expect(r.data.lastEditDate).toBe(await lastEditDate());
    expect(pushed).toContainEqual(
      expect.objectContaining({
        method: 'mapAssetChange',
        lastEditDate: r.data.lastEditDate,
        assets: [
          expect.objectContaining({ objectid: lamp.objectid, status: 'fault', symbol: 'streetLamp|fault' }),
        ],
      }),
    );
    // The FeatureServer serves the new status.
    const res = await app.inject(
      authed(operator, {
        method: 'GET',
        url: `${FS_BASE}/0/query?f=json&objectIds=${lamp.objectid}&outFields=status`,
      }),
    );
    expect((res.json() as Json).features[0].attributes.status).toBe('fault');
  });

  it('a body reference that names nothing is 400 naming the field; a path that names nothing is 404', async () => {
    const faults = await app.ctx.db
      .selectFrom('fault')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const orders = await orderCount();
    const missingAsset = await call(operator, 'POST', '/api/map/faults', {
      assetId: 999_999_999,
      typeCode: 'lampOff',
      urgency: 1,
      source: 'citizen',
    });
    expect(missingAsset).toMatchObject({ code: 400, msg: 'assetId: 资产不存在' });
    expect(await call(operator, 'POST', '/api/map/repair-orders', { assetId: 999_999_999 })).toMatchObject({
      code: 400,
      msg: 'assetId: 资产不存在',
    });
    expect(
      await call(operator, 'POST', '/api/map/repair-orders', { faultId: 'no-such-fault' }),
    ).toMatchObject({
      code: 400,
      msg: 'faultId: 故障不存在',
    });
    // a dashboard fault (no asset) is not a map fault
    expect(await call(operator, 'POST', '/api/map/repair-orders', { faultId: 'fault-00001' })).toMatchObject({
      code: 400,
      msg: 'faultId: 故障不存在',
    });
    expect((await call(operator, 'GET', '/api/map/repair-orders/no-such-order')).code).toBe(404);
    expect((await call(operator, 'GET', '/api/map/assets/99999999')).code).toBe(404);
    const after = await app.ctx.db
      .selectFrom('fault')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(faults.n));
    expect(await orderCount()).toBe(orders);
  });

  it('runs a repair order from a fault to verified and restores the asset status', async () => {
    const lamp = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'status', 'kind'])
      .where('kind', '=', 'streetLamp')
      .where('status', 'in', ['lightOn', 'lightOff'])
      .orderBy('objectid', 'desc')
      .executeTakeFirstOrThrow();
    const f = await call(operator, 'POST', '/api/map/faults', {
      assetId: lamp.objectid,
      typeCode: 'lampOff',
      urgency: 2,
      source: 'citizen',
      description: '市民热线报修',
    });
    expect(f.code).toBe(200);
    expect(f.data).toMatchObject({
      assetId: lamp.objectid,
      faultType: '灯具不亮',
      urgency: 2,
      closedAt: null,
    });
    expect((await asset(lamp.objectid)).status).toBe('fault');

    const o = await call(operator, 'POST', '/api/map/repair-orders', { faultId: f.data.id });
    expect(o.code).toBe(200);
    expect(o.data.state).toBe('pending');
    expect(o.data.billNo).toMatch(/\S/);
    expect(o.data.dueAt).toBeGreaterThan(o.data.createdAt);
    const dup = await call(operator, 'POST', '/api/map/repair-orders', { faultId: f.data.id });
    expect(dup.code).toBe(400);
    const other = await call(operator, 'POST', '/api/map/repair-orders', { assetId: lamp.objectid });
    expect(other.code).toBe(200);
    expect(other.data.billNo).not.toBe(o.data.billNo);

    const id = o.data.id as string;
    const count = await orderCount();
    // Wrong transitions change nothing.
    const early = await call(operator, 'PUT', `/api/map/repair-orders/${id}/Actions/Complete`, {});
    expect(early.code).toBe(400);
    expect(early.msg).toContain('状态不允许此操作');
    expect(
      await call(operator, 'PUT', `/api/map/repair-orders/${id}/Actions/Dispatch`, { crewId: 'nope' }),
    ).toMatchObject({ code: 400, msg: 'crewId: 班组不存在' });
    expect((await call(operator, 'GET', `/api/map/repair-orders/${id}`)).data.state).toBe('pending');

    pushed.length = 0;
    const d = await call(operator, 'PUT', `/api/map/repair-orders/${id}/Actions/Dispatch`, {
      crewId: 'crew-1',
    });
    expect(d.data).toMatchObject({ state: 'dispatched', crewId: 'crew-1' });
    expect(pushed.some((m) => m.method === 'mapRepairOrderChange' && m.order.state === 'dispatched')).toBe(
      true,
    );
    expect((await call(operator, 'PUT', `/api/map/repair-orders/${id}/Actions/Start`)).data.state).toBe(
      'inProgress',
    );
    const before = await lastEditDate();
    pushed.length = 0;
    const c = await call(operator, 'PUT', `/api/map/repair-orders/${id}/Actions/Complete`, {
      remark: '更换灯具',
    });
    expect(c.data).toMatchObject({ state: 'completed', remark: '更换灯具' });
    // One open fault remains (none: the asset order did not close it): the status comes back.
    const restored = await asset(lamp.objectid);
    expect(restored.status).toBe(restoredStatus('streetLamp', Date.now()));
    expect(restored.symbol).toBe(`streetLamp|${restored.status}`);
    expect(await lastEditDate()).toBeGreaterThan(before);
    expect(pushed.some((m) => m.method === 'mapAssetChange' && m.assets[0].objectid === lamp.objectid)).toBe(
      true,
    );
    expect(pushed.some((m) => m.method === 'mapFaultChange' && m.action === 'closed')).toBe(true);
    const fault = await app.ctx.db
      .selectFrom('fault')
      .selectAll()
      .where('id', '=', f.data.id)
      .executeTakeFirstOrThrow();
    expect(fault.closedAt).not.toBeNull();
    expect((await call(operator, 'PUT', `/api/map/repair-orders/${id}/Actions/Verify`)).data.state).toBe(
      'verified',
    );
    expect(await orderCount()).toBe(count);

    const list = await call(operator, 'GET', `/api/map/repair-orders?assetId=${lamp.objectid}&pageSize=10`);
    expect(list.data.pagination.total).toBe(2);
    expect(list.data.list.map((x: Json) => x.id)).toContain(id);
    const byState = await call(operator, 'GET', '/api/map/repair-orders?state=verified&pageSize=5');
    expect(byState.data.list.every((x: Json) => x.state === 'verified')).toBe(true);
  });

  it('lists faults with filters and paging, history per asset and district', async () => {
    const open = await call(operator, 'GET', '/api/map/faults?status=open&pageSize=100');
    const direct = await app.ctx.db
      .selectFrom('fault')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('closedAt', 'is', null)
      .where('assetId', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(open.data.pagination.total).toBe(Number(direct.n));
    const p1 = await call(operator, 'GET', '/api/map/faults?status=all&pageSize=50&currentPage=1');
    const p2 = await call(operator, 'GET', '/api/map/faults?status=all&pageSize=50&currentPage=2');
    const ids = [...p1.data.list, ...p2.data.list].map((f: Json) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const urgent = await call(operator, 'GET', '/api/map/faults?status=all&urgency=3&pageSize=20');
    expect(urgent.data.list.every((f: Json) => f.urgency === 3)).toBe(true);
    expect((await call(operator, 'GET', '/api/map/faults?urgency=7')).code).toBe(400);
    // one fault by id (a chat card opens it), and by its asset's code (any case, literally)
    const one = open.data.list[0] as Json;
    expect(await call(operator, 'GET', `/api/map/faults/${one.id}`)).toMatchObject({ code: 200, data: one });
    expect((await call(operator, 'GET', '/api/map/faults/nope')).code).toBe(404);
    const byCode = await call(
      operator,
      'GET',
      `/api/map/faults?status=all&pageSize=100&keyword=${encodeURIComponent(one.assetCode.toLowerCase())}`,
    );
    expect(byCode.data.list.map((f: Json) => f.id)).toContain(one.id);
    expect(byCode.data.list.every((f: Json) => f.assetCode.includes(one.assetCode))).toBe(true);
    expect((await call(operator, 'GET', '/api/map/faults?keyword=%25')).data.list).toEqual([]);

    const district = open.data.list[0].district as string;
    const h = await call(
      operator,
      'GET',
      `/api/map/faults/history?district=${encodeURIComponent(district)}&days=365`,
    );
    expect(h.code).toBe(200);
    expect(h.data.total).toBe(h.data.byType.reduce((s: number, t: Json) => s + t.count, 0));
    expect(h.data.total).toBe(h.data.byMonth.reduce((s: number, t: Json) => s + t.count, 0));
    expect((await call(operator, 'GET', '/api/map/faults/history')).code).toBe(400);

    // The dashboard counts the same faults.
    const home = await call(operator, 'GET', '/api/home/Faults');
    expect(home.data.open).toBe(Number(direct.n));
  });

  it('finds shared causes: a failing circuit or box is suspected upstream with its geometry', async () => {
    const a = await call(operator, 'GET', '/api/map/faults/analysis');
    expect(a.code).toBe(200);
    expect(a.data.length).toBeGreaterThan(0);
    const g = a.data[0];
    expect(['circuit', 'controlBox', 'transformer']).toContain(g.groupBy);
    expect(g.faultCount).toBeGreaterThanOrEqual(3);
    expect(g.suspected.geometry.spatialReference.wkid).toBe(102100);
    // named by codes (CB-000026, not the object id 9719), the sentence left to the reader's language
    for (const x of a.data) {
      expect(x.groupCode).toMatch(/^[A-Z]{2}-\d+/);
      expect(x.suspected.code).toMatch(/^[A-Z]{2}-\d+/);
      expect(x).not.toHaveProperty('reason');
    }
    for (const id of g.assetIds.slice(0, 5)) expect((await asset(id)).status).toBe('fault');
    const circuit = a.data.find((x: Json) => x.groupBy === 'circuit');
    if (circuit) {
      expect(circuit.suspected.layer).toBe(1);
      expect(circuit.suspected.geometry.paths[0].length).toBeGreaterThanOrEqual(2);
    }
  });

  it('walks the topology: what a control box feeds, and a lamp back to its transformer', async () => {
    const box = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'transformerId'])
      .where('kind', '=', 'controlBox')
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const down = await call(operator, 'GET', `/api/map/topology/downstream?objectid=${box.objectid}`);
    expect(down.code).toBe(200);
    const fed = await app.ctx.db
      .selectFrom('map_asset')
      .select('objectid')
      .where('controlBoxId', '=', box.objectid)
      .execute();
    expect(new Set(down.data.assetIds)).toEqual(new Set(fed.map((f) => f.objectid)));
    expect(down.data.cableIds.length).toBeGreaterThan(0);
    const lampId = fed.find(() => true)?.objectid;
    const lamp = await app.ctx.db
      .selectFrom('map_asset')
      .select('objectid')
      .where('controlBoxId', '=', box.objectid)
      .where('kind', 'in', [...LAMP_KINDS])
      .orderBy('objectid', 'desc')
      .executeTakeFirstOrThrow();
    expect(lampId).toBeDefined();
    const up = await call(operator, 'GET', `/api/map/topology/upstream?objectid=${lamp.objectid}`);
    expect(up.data.path[0]).toMatchObject({ layer: 0, objectid: lamp.objectid });
    expect(up.data.path.at(-1)).toMatchObject({ layer: 0, objectid: box.transformerId, kind: 'transformer' });
    expect(up.data.assetIds).toContain(box.objectid);
    const cable = await call(operator, 'GET', `/api/map/topology/downstream?cableId=${up.data.cableIds[0]}`);
    expect(cable.data.assetIds).toContain(lamp.objectid);
    expect((await call(operator, 'GET', '/api/map/topology/downstream')).code).toBe(400);
  });

  it('gives statistics that agree with direct counts', async () => {
    const s = await call(operator, 'GET', '/api/map/statistics');
    expect(s.code).toBe(200);
    const total = await app.ctx.db
      .selectFrom('map_asset')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(s.data.total).toBe(Number(total.n));
    expect(s.data.byKind.reduce((x: number, k: Json) => x + k.count, 0)).toBe(Number(total.n));
    const lamps = await app.ctx.db
      .selectFrom('map_asset')
      .select(['status', 'roadClass'])
      .where('kind', 'in', [...LAMP_KINDS])
      .execute();
    const working = lamps.filter((l) => l.status !== 'fault' && l.status !== 'offline');
    expect(s.data.lightsOn.lamps).toBe(lamps.length);
    expect(s.data.lightsOn.working).toBe(working.length);
    expect(s.data.lightsOn.main.target).toBe(98);
    expect(s.data.lightsOn.other.target).toBe(96);
    expect(s.data.lightsOn.main.lamps).toBe(lamps.filter((l) => l.roadClass === 'main').length);
    expect(s.data.byDistrict).toHaveLength(6);
    expect(s.data.repairCompliance.general.limit).toBe('24h');
    expect(s.data.repairCompliance.overall.total).toBeGreaterThan(0);
    const d = s.data.byDistrict[0];
    const one = await call(operator, 'GET', `/api/map/statistics?district=${encodeURIComponent(d.district)}`);
    expect(one.data.total).toBe(d.total);
    const districts = await call(operator, 'GET', '/api/map/districts');
    expect(districts.data).toHaveLength(6);
    expect(districts.data[0].extent.spatialReference.wkid).toBe(102100);
  });

  it('lists crews and their stored tracks', async () => {
    const crews = await call(operator, 'GET', '/api/map/crews');
    expect(crews.data).toHaveLength(6);
    const track = await call(operator, 'GET', `/api/map/crews/crew-1/track?from=0&to=${Date.now()}`);
    expect(track.code).toBe(400);
    const last = await call(operator, 'GET', '/api/map/crews/crew-1/track');
    const ts = last.data.points.map((p: Json) => p.t);
    expect(ts).toEqual([...ts].sort((a: number, b: number) => a - b));
    expect((await call(operator, 'GET', '/api/map/crews/nobody/track')).code).toBe(404);
  });

  it('denies users without the menu or the button, and changes nothing', async () => {
    const menu = await app.ctx.db
      .selectFrom('menu')
      .select('id')
      .where('enCode', '=', 'bt.map.fault')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .deleteFrom('role_button')
      .where('roleId', '=', 'role-manager')
      .where('menuId', '=', menu.id)
      .where('enCode', '=', 'btn_add')
      .execute();
    await app.ctx.invalidateAccess();
    const lamp = await app.ctx.db
      .selectFrom('map_asset')
      .select('objectid')
      .where('kind', '=', 'wallLamp')
      .executeTakeFirstOrThrow();
    const before = await orderCount();
    const denied = await call(manager, 'POST', '/api/map/repair-orders', { assetId: lamp.objectid });
    expect(denied.code).toBe(403);
    expect(await orderCount()).toBe(before);
    expect((await call(manager, 'GET', '/api/map/repair-orders')).code).toBe(200);
    await app.ctx.db
      .deleteFrom('role_menu')
      .where('roleId', '=', 'role-manager')
      .where('menuId', '=', menu.id)
      .execute();
    await app.ctx.invalidateAccess();
    expect((await call(manager, 'GET', '/api/map/repair-orders')).code).toBe(403);
    expect((await call(manager, 'GET', '/api/map/faults')).code).toBe(403);
    expect((await call(operator, 'GET', '/api/map/faults')).code).toBe(200);
  });
});
