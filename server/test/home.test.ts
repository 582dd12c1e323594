import type { FastifyInstance } from 'fastify';
import { DAY_MS, dayOf, dayStart, lastDays, lastMonths, monthOf, monthStart } from '../src/kernel';
import { LINE_FAULT_TYPES, planStatus } from '../src/home/rules';
import { seedHomeIfEmpty } from '../src/home';
import { TARGETS, authed, body, createEnv, login, type TestEnv } from './helpers';

const NOW = Date.now() + 1000; // after the seed (which is anchored to its own start time)

describe.each(TARGETS)('home dashboard (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let token: string;
  const get = async (u: string) => {
    const res = await app.inject(authed(token, { method: 'GET', url: u }));
    return body(res);
  };

  beforeAll(async () => {
    env = await createEnv(target, {}, { clock: () => NOW });
    app = env.app;
    token = await login(app, 'operator', 'operator123');
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/home/Faults' });
    expect(res.statusCode).toBe(401);
  });

  it('Notices: the latest 8 released notices', async () => {
    const b = await get('/api/home/Notices');
    expect(b.code).toBe(200);
    expect(b.data.list).toHaveLength(8);
    const meId = (
      await app.ctx.db
        .selectFrom('user')
        .select('id')
        .where('account', '=', 'operator')
        .executeTakeFirstOrThrow()
    ).id;
    const released = await app.ctx.db
      .selectFrom('message as m')
      .innerJoin('message_receiver as r', 'r.messageId', 'm.id')
      .select(['m.id', 'm.releasedAt', 'r.isRead'])
      .where('r.userId', '=', meId)
      .where('m.type', '=', 1)
      .where('m.state', '=', 1)
      .orderBy('m.releasedAt', 'desc')
      .orderBy('m.id', 'desc')
      .limit(8)
      .execute();
    expect(b.data.list.map((n: { id: string }) => n.id)).toEqual(released.map((r) => r.id));
    expect(b.data.list[0]).toEqual({
      id: released[0]?.id,
      title: expect.any(String),
      publishTime: released[0]?.releasedAt,
      creatorUser: '系统管理员',
      isRead: released[0]?.isRead ? '1' : '0',
    });
    // the seed leaves some of the operator's notices unread: the widget must be able to tell
    expect(b.data.list.some((n: { isRead: string }) => n.isRead === '0')).toBe(true);
  });

  it('Articles: paged by category and keyword; one article with sanitised HTML', async () => {
    const all = await app.ctx.db.selectFrom('article').selectAll().execute();
    expect(all.length).toBeGreaterThanOrEqual(36);
    for (const category of ['notice', 'party', 'safety']) {
      const b = await get(`/api/home/Articles?category=${category}&pageSize=5`);
      expect(b.data.pagination).toEqual({
        currentPage: 1,
        pageSize: 5,
        total: all.filter((a) => a.category === category).length,
      });
      expect(b.data.list).toHaveLength(5);
      for (const a of b.data.list) {
        expect(Object.keys(a).sort()).toEqual([
          'author',
          'category',
          'id',
          'publishTime',
          'summary',
          'title',
        ]);
        expect(a.category).toBe(category);
      }
    }
    const kw = await get(`/api/home/Articles?keyword=${encodeURIComponent('党员')}`);
    expect(kw.data.pagination.total).toBe(all.filter((a) => a.title.includes('党员')).length);
    expect((await get('/api/home/Articles?category=sports')).msg).toMatch(/^category: must be one of/);
    const one = await get(`/api/home/Articles/${all[0]?.id}`);
    expect(Object.keys(one.data).sort()).toEqual([
      'author',
      'category',
      'contentHtml',
      'id',
      'publishTime',
      'title',
    ]);
    expect(one.data.contentHtml).toMatch(/^<h3>/);
    expect((await get('/api/home/Articles/nope')).code).toBe(404);
  });

  it('Plans: ~10 plans with a status computed from dates and progress', async () => {
    const b = await get('/api/home/Plans');
    expect(b.data.list.length).toBeGreaterThanOrEqual(10);
    const today = dayOf(NOW);
    for (const p of b.data.list) {
      expect(p.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.progress).toBeGreaterThanOrEqual(0);
      expect(p.progress).toBeLessThanOrEqual(100);
      expect(p.status).toBe(planStatus(p, today));
    }
    const statuses = new Set(b.data.list.map((p: { status: string }) => p.status));
    expect([...statuses].sort()).toEqual(['delayed', 'done', 'inProgress', 'notStarted']);
  });

  it('Safety: figures equal direct counts', async () => {
    const b = await get('/api/home/Safety');
    const rows = await app.ctx.db.selectFrom('safety_record').selectAll().execute();
    const accident = Math.max(...rows.filter((r) => r.kind === 'accident').map((r) => r.occurredAt));
    expect(b.data.safeDays).toBe(Math.floor((dayStart(NOW) - dayStart(accident)) / DAY_MS));
    expect(b.data.safeDays).toBeGreaterThan(100);
    expect(b.data.inspectionsThisMonth).toBe(
      rows.filter((r) => r.kind === 'inspection' && r.occurredAt >= monthStart(NOW)).length,
    );
    expect(b.data.hazardsOpen).toBe(rows.filter((r) => r.kind === 'hazard' && r.closedAt === null).length);
    expect(b.data.hazardsClosed).toBe(rows.filter((r) => r.kind === 'hazard' && r.closedAt !== null).length);
    expect(b.data.hazardsOpen + b.data.hazardsClosed).toBeGreaterThan(5);
    expect(b.data.articles.length).toBeGreaterThan(0);
    expect(Object.keys(b.data.articles[0]).sort()).toEqual(['id', 'publishTime', 'title']);
  });

  it('Faults: today, open, closed this month, 30-day trend, by type and district', async () => {
    const b = await get('/api/home/Faults');
    const rows = await app.ctx.db.selectFrom('fault').selectAll().execute();
    const from = dayStart(NOW) - 29 * DAY_MS;
    const recent = rows.filter((f) => f.reportedAt >= from && f.reportedAt <= NOW);
    expect(b.data.today).toBe(rows.filter((f) => dayOf(f.reportedAt) === dayOf(NOW)).length);
    expect(b.data.open).toBe(rows.filter((f) => f.closedAt === null).length);
    expect(b.data.closedThisMonth).toBe(
      rows.filter((f) => f.closedAt !== null && f.closedAt >= monthStart(NOW)).length,
    );
    expect(b.data.trend.map((t: { date: string }) => t.date)).toEqual(lastDays(NOW, 30));
    for (const t of b.data.trend)
      expect(t.count).toBe(recent.filter((f) => dayOf(f.reportedAt) === t.date).length);
    const sum = (l: Array<{ count: number }>) => l.reduce((s, x) => s + x.count, 0);
    expect(sum(b.data.trend)).toBe(recent.length);
    expect(sum(b.data.byType)).toBe(recent.length);
    expect(sum(b.data.byDistrict)).toBe(recent.length);
    expect(b.data.byDistrict).toHaveLength(6);
    expect(b.data.byDistrict[0]).toEqual({
      district: expect.stringMatching(/区$/),
      count: expect.any(Number),
    });
    expect(b.data.byType[0]).toEqual({ type: expect.any(String), count: expect.any(Number) });
    expect(recent.length).toBeGreaterThan(100);
  });

  it('Calendar: a month of events; the month is validated', async () => {
    const month = monthOf(NOW);
    const b = await get(`/api/home/Calendar?month=${month}`);
    const rows = await app.ctx.db.selectFrom('calendar_event').selectAll().execute();
    expect(b.data.list).toHaveLength(rows.filter((r) => r.date.startsWith(month)).length);
    expect(b.data.list.length).toBeGreaterThan(4);
    for (const e of b.data.list) {
      expect(e.date.startsWith(month)).toBe(true);
      expect(['maintenance', 'inspection', 'meeting', 'holiday']).toContain(e.type);
      expect(Object.keys(e).sort()).toEqual(['date', 'title', 'type']);
    }
    expect((await get('/api/home/Calendar')).data.list).toEqual(b.data.list);
    for (const bad of ['2024-13', '2024-1', 'abc', '2024-00'])
      expect(await get(`/api/home/Calendar?month=${bad}`)).toMatchObject({
        code: 400,
        msg: 'month: must be a month YYYY-MM',
      });
  });

  it('CableLine: lengths by type and district; faults per 100 km', async () => {
    const b = await get('/api/home/CableLine');
    const lines = await app.ctx.db.selectFrom('cable_line').selectAll().execute();
    const totalM = lines.reduce((s, l) => s + l.lengthM, 0);
    expect(b.data.totalKm).toBe(Math.round(totalM / 100) / 10);
    expect(b.data.byDistrict).toHaveLength(6);
    expect(b.data.byType.map((t: { type: string }) => t.type).sort()).toEqual([
      '架空线路',
      '直埋电缆',
      '穿管电缆',
    ]);
    const km = b.data.byType.reduce((s: number, t: { km: number }) => s + t.km, 0);
    expect(Math.abs(km - b.data.totalKm)).toBeLessThan(0.3);
    const faults = (
      await app.ctx.db.selectFrom('fault').select(['reportedAt', 'faultType']).execute()
    ).filter(
      (f) =>
        f.reportedAt >= dayStart(NOW) - 29 * DAY_MS &&
        f.reportedAt <= NOW &&
        (LINE_FAULT_TYPES as readonly string[]).includes(f.faultType),
    ).length;
    expect(faults).toBeGreaterThan(0);
    expect(b.data.faultsPer100Km).toBe(Math.round((faults * 100_000 * 10) / totalM) / 10);
  });

  it('Power: month, last month, year, lights-on rate, 12-month trend', async () => {
    const b = await get('/api/home/Power');
    const rows = await app.ctx.db.selectFrom('power_stat').selectAll().execute();
    const months = lastMonths(NOW, 12);
    const total = (m: string) => rows.filter((r) => r.month === m).reduce((s, r) => s + r.kwh, 0);
    expect(b.data.monthKwh).toBe(total(monthOf(NOW)));
    expect(b.data.lastMonthKwh).toBe(total(lastMonths(NOW, 2)[0] ?? ''));
    const year = monthOf(NOW).slice(0, 4);
    expect(b.data.yearKwh).toBe(rows.filter((r) => r.month.startsWith(year)).reduce((s, r) => s + r.kwh, 0));
    expect(b.data.trend).toEqual(months.map((month) => ({ month, kwh: total(month) })));
    expect(b.data.byDistrict).toHaveLength(6);
    const lamps = await app.ctx.db.selectFrom('lamp_status').selectAll().execute();
    const rate =
      (lamps.reduce((s, l) => s + l.litCount, 0) * 100) / lamps.reduce((s, l) => s + l.lampCount, 0);
    expect(b.data.lightsOnRate).toBe(Math.round(rate * 10) / 10);
    expect(b.data.lightsOnRate).toBeGreaterThan(95);
    // Seasonal: the darkest month of the trend uses more than the lightest full month.
    const full = b.data.trend.slice(0, 11).map((t: { kwh: number }) => t.kwh);
    expect(Math.max(...full) / Math.min(...full)).toBeGreaterThan(1.2);
  });

  it('Production: work orders this month and a 12-month trend', async () => {
    const b = await get('/api/home/Production');
    const rows = await app.ctx.db.selectFrom('work_order').selectAll().execute();
    const cur = monthOf(NOW);
    const done = rows.filter((o) => o.completedAt !== null && monthOf(o.completedAt) === cur);
    expect(b.data.ordersThisMonth).toBe(rows.filter((o) => monthOf(o.createdAt) === cur).length);
    expect(b.data.completed).toBe(done.length);
    const onTime = done.filter((o) => (o.completedAt ?? 0) <= o.dueAt).length;
    expect(b.data.onTimeRate).toBe(done.length ? Math.round((onTime * 1000) / done.length) / 10 : 100);
    expect(b.data.trend).toEqual(
      lastMonths(NOW, 12).map((month) => ({
        month,
        created: rows.filter((o) => monthOf(o.createdAt) === month).length,
        completed: rows.filter((o) => o.completedAt !== null && monthOf(o.completedAt) === month).length,
      })),
    );
  });

  it('PartyBuilding: latest party articles', async () => {
    const b = await get('/api/home/PartyBuilding');
    const party = await app.ctx.db
      .selectFrom('article')
      .select('id')
      .where('category', '=', 'party')
      .orderBy('publishTime', 'desc')
      .limit(8)
      .execute();
    expect(b.data.list.map((a: { id: string }) => a.id)).toEqual(party.map((a) => a.id));
    expect(Object.keys(b.data.list[0]).sort()).toEqual(['id', 'publishTime', 'title']);
  });

  it('Feedback: pending, replied this month, satisfaction, latest', async () => {
    const b = await get('/api/home/Feedback');
    const rows = await app.ctx.db.selectFrom('feedback').selectAll().execute();
    expect(b.data.pending).toBe(rows.filter((f) => f.state === 'pending').length);
    expect(b.data.repliedThisMonth).toBe(
      rows.filter((f) => f.repliedAt !== null && f.repliedAt >= monthStart(NOW)).length,
    );
    const rated = rows.filter((f) => f.satisfaction !== null);
    expect(b.data.satisfaction).toBe(
      Math.round((rated.reduce((s, f) => s + (f.satisfaction ?? 0), 0) / rated.length) * 20 * 10) / 10,
    );
    expect(b.data.latest).toHaveLength(8);
    const newest = [...rows].sort((x, y) => y.createdAt - x.createdAt)[0];
    expect(b.data.latest[0]).toEqual({
      id: newest?.id,
      title: newest?.title,
      district: newest?.district,
      createdAt: newest?.createdAt,
      state: newest?.state,
    });
  });

  it('a database seeded before migration 0003 gets the demo rows once (and only while empty)', async () => {
    const db = app.ctx.db;
    expect(await seedHomeIfEmpty(db, NOW)).toBe(false);
    await db.deleteFrom('message_receiver').execute();
    await db.deleteFrom('message').execute();
    await db.deleteFrom('article').execute();
    await db.deleteFrom('fault').execute();
    for (const t of [
      'maintenance_plan',
      'calendar_event',
      'cable_line',
      'power_stat',
      'lamp_status',
    ] as const)
      await db.deleteFrom(t).execute();
    for (const t of ['work_order', 'feedback', 'safety_record'] as const) await db.deleteFrom(t).execute();
    expect(await seedHomeIfEmpty(db, NOW)).toBe(true);
    const n = await db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(n?.n)).toBeGreaterThan(12);
    expect(await seedHomeIfEmpty(db, NOW)).toBe(false);
  });

  it('Messages: my latest 8', async () => {
    const b = await get('/api/home/Messages');
    expect(b.data.list).toHaveLength(8);
    expect(Object.keys(b.data.list[0]).sort()).toEqual([
      'id',
      'isRead',
      'lastModifyTime',
      'title',
      'titleKey',
      'titleParams',
      'type',
    ]);
    const mine = await app.ctx.db
      .selectFrom('message_receiver as r')
      .innerJoin('message as m', 'm.id', 'r.messageId')
      .select(['m.id'])
      .where('r.userId', '=', 'u-operator')
      .orderBy('m.lastModifyTime', 'desc')
      .limit(8)
      .execute();
    expect(b.data.list.map((m: { id: string }) => m.id)).toEqual(mine.map((m) => m.id));
  });
});
