// The wall display's read (GET /api/map/wall, menu dashboard.city): the same figures as the
// statistics page, /home's energy and the fault and repair-order lists, in one answer.
import type { FastifyInstance } from 'fastify';
import { WALL_FAULTS_LIMIT } from '../src/map/routes-wall';
import { TARGETS, body, createEnv, demoTokens, getAs, sendAs, type TestEnv } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are inspected loosely
type Json = any;

describe.each(TARGETS)('map wall (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let tokens: { admin: string; operator: string; manager: string };

  beforeAll(async () => {
    env = await createEnv(target, { MAP_ASSETS: '3200' });
    app = env.app;
    tokens = await demoTokens(app);
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const get = async (url: string, token = tokens.admin): Promise<Json> => {
    const b = body(await getAs(app, token, url));
    expect([url, b.code]).toEqual([url, 200]);
    return b.data;
  };

  it('answers the statistics, energy, fault and order figures of their own endpoints', async () => {
    const wall = await get('/api/map/wall?n=1');
    const stats = await get('/api/map/statistics');
    expect(wall.statistics).toEqual(stats);
    expect(wall.energy).toEqual(await get('/api/home/Power'));
    const open = await get('/api/map/faults?status=open&pageSize=1');
    expect(wall.faults.open).toBe(open.pagination.total);
    expect(wall.faults.list).toHaveLength(Math.min(open.pagination.total, WALL_FAULTS_LIMIT));
    for (const state of ['pending', 'dispatched', 'inProgress', 'completed', 'verified']) {
      const orders = await get(`/api/map/repair-orders?state=${state}&pageSize=1`);
      expect([state, wall.orders.byState[state]]).toEqual([state, orders.pagination.total]);
    }
    const openOrders = ['pending', 'dispatched', 'inProgress'].reduce(
      (s, k) => s + wall.orders.byState[k],
      0,
    );
    expect(wall.orders.open).toBe(openOrders);
    expect(wall.orders.overdue).toBeLessThanOrEqual(openOrders);
    expect(wall.orders.byUrgency.map((u: Json) => u.urgency)).toEqual([1, 2, 3]);
  });

  it('draws the districts and puts every fault inside the city', async () => {
    const wall = await get('/api/map/wall');
    const names = (await get('/api/map/districts')).map((d: Json) => d.name);
    expect(wall.districts.map((d: Json) => d.name)).toEqual(names);
    for (const d of wall.districts) expect(d.rings[0].length).toBeGreaterThanOrEqual(4);
    const { xmin, ymin, xmax, ymax } = wall.extent;
    for (const f of wall.faults.list) {
      expect(f.x).toBeGreaterThanOrEqual(xmin);
      expect(f.x).toBeLessThanOrEqual(xmax);
      expect(f.y).toBeGreaterThanOrEqual(ymin);
      expect(f.y).toBeLessThanOrEqual(ymax);
    }
    const newest = wall.faults.list.map((f: Json) => f.reportedAt);
    expect([...newest].sort((a, b) => b - a)).toEqual(newest);
  });

  it('follows a new fault at once', async () => {
    const before = await get('/api/map/wall');
    const asset = await app.ctx.db
      .selectFrom('map_asset')
      .select('objectid')
      .where('status', 'not in', ['fault', 'offline'])
      .where('kind', '=', 'streetLamp')
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const res = await sendAs(app, tokens.operator, 'POST', '/api/map/faults', {
      assetId: asset.objectid,
      typeCode: 'lampOff',
      urgency: 1,
      source: 'patrol',
    });
    const fault = body(res).data;
    const after = await get('/api/map/wall');
    expect(after.faults.open).toBe(before.faults.open + 1);
    expect(after.faults.list[0].id).toBe(fault.id);
  });

  it('is guarded by the wall menu (dashboard.city)', async () => {
    await get('/api/map/wall', tokens.operator);
    expect(body(await getAs(app, tokens.manager, '/api/map/wall')).code).toBe(403);
    expect(body(await app.inject({ method: 'GET', url: '/api/map/wall' })).code).toBe(602);
  });
});
