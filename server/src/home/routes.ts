/**
 * /api/home: the home dashboard's panels (token only). Every figure is computed from the tables on
 * each request, relative to now in China time (kernel/china-time.ts), so the dashboard follows the
 * calendar: today, this month, the last 30 days, the last 12 months.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../database';
import { authOf } from '../context';
import { paged } from '../db/paging';
import { notFound, ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN } from '../http/route-table';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  DAY_MS,
  dayOf,
  dayStart,
  lastDays,
  lastMonths,
  monthOf,
  monthStart,
  startOfMonth,
  yearStart,
} from '../kernel';
import { MessageType, titleFields } from '../messages';
import { contains } from '../db/search';

/** Fault types that concern the cable lines (CableLine's faultsPer100Km). */
export const LINE_FAULT_TYPES = ['线缆故障', '线路被盗'] as const;
export const ARTICLE_CATEGORIES = ['notice', 'party', 'safety'] as const;
export type PlanStatus = 'notStarted' | 'inProgress' | 'done' | 'delayed';

/** A plan's status on a day ('YYYY-MM-DD'). Pure. */
export function planStatus(
  p: { startDate: string; endDate: string; progress: number },
  today: string,
): PlanStatus {
  if (p.progress >= 100) return 'done';
  if (today > p.endDate) return 'delayed';
  if (today < p.startDate && p.progress === 0) return 'notStarted';
  return 'inProgress';
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
const countBy = <T>(rows: readonly T[], key: (r: T) => string): Map<string, number> => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return m;
};
/** Map → [{[k]: key, count}] sorted by count desc, then key. */
const ranked = (m: Map<string, number>): Array<[string, number]> =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

const noQuery = { querystring: { type: 'object' } } as const;

export function registerHomeRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const { db, clock } = app.ctx;

  /** The newest articles of a category (dashboard lists). */
  const latestArticles = (category: string, limit: number) =>
    db
      .selectFrom('article')
      .select(['id', 'title', 'publishTime'])
      .where('category', '=', category)
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();

  // The caller's notices (those released to them), newest first, with their read state.
  r.get('/api/home/Notices', { config: { open: OPEN.home }, schema: noQuery }, async (req) => {
    const rows = await db
      .selectFrom('message as m')
      .innerJoin('message_receiver as r', 'r.messageId', 'm.id')
      .leftJoin('user as u', 'u.id', 'm.creatorUserId')
      .select(['m.id', 'm.title', 'm.releasedAt', 'u.realName as creatorUser', 'r.isRead'])
      .where('r.userId', '=', authOf(req).user.id)
      .where('m.type', '=', MessageType.NOTICE)
      .where('m.state', '=', 1)
      .where('m.enabledMark', '=', 1)
      .orderBy('m.releasedAt', 'desc')
      .orderBy('m.id', 'desc')
      .limit(8)
      .execute();
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        publishTime: r.releasedAt ?? 0,
        creatorUser: r.creatorUser ?? '',
        isRead: r.isRead ? '1' : '0',
      })),
    });
  });

  r.get(
    '/api/home/Articles',
    {
      config: { open: OPEN.home },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            category: { type: 'string', enum: [...ARTICLE_CATEGORIES] },
            keyword: keywordQuery,
            ...pagingQuery,
            pageSize: { ...pagingQuery.pageSize, default: 10 },
          },
        },
      } as const,
    },
    async (req) => {
      const q = req.query;
      let base = db.selectFrom('article');
      if (q.category) base = base.where('category', '=', q.category);
      if (q.keyword) base = base.where(contains('title', q.keyword));
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select(['id', 'title', 'category', 'summary', 'publishTime', 'author'])
          .orderBy('publishTime', 'desc')
          .orderBy('id', 'desc'),
      );
      return page(list, pagination);
    },
  );

  r.get(
    '/api/home/Articles/:id',
    {
      config: { open: OPEN.home },
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      } as const,
    },
    async (req) => {
      const a = await db
        .selectFrom('article')
        .select(['id', 'title', 'category', 'contentHtml', 'publishTime', 'author'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!a) throw notFound('文章不存在');
      return ok(a);
    },
  );

  r.get('/api/home/Plans', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const today = dayOf(clock());
    const rows = await db
      .selectFrom('maintenance_plan')
      .select(['id', 'title', 'district', 'startDate', 'endDate', 'progress'])
      .orderBy('startDate', 'desc')
      .orderBy('id')
      .execute();
    return ok({ list: rows.map((p) => ({ ...p, status: planStatus(p, today) })) });
  });

  r.get('/api/home/Safety', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const now = clock();
    const records = await db.selectFrom('safety_record').select(['kind', 'occurredAt', 'closedAt']).execute();
    const accidents = records.filter((r) => r.kind === 'accident').map((r) => r.occurredAt);
    const hazards = records.filter((r) => r.kind === 'hazard');
    const since = accidents.length
      ? Math.max(...accidents)
      : Math.min(now, ...records.map((r) => r.occurredAt));
    const articles = await latestArticles('safety', 6);
    return ok({
      safeDays: Math.max(0, Math.floor((dayStart(now) - dayStart(since)) / DAY_MS)),
      inspectionsThisMonth: records.filter((r) => r.kind === 'inspection' && r.occurredAt >= monthStart(now))
        .length,
      hazardsOpen: hazards.filter((h) => h.closedAt === null).length,
      hazardsClosed: hazards.filter((h) => h.closedAt !== null).length,
      articles,
    });
  });

  r.get('/api/home/Faults', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const now = clock();
    const days = lastDays(now, 30);
    const from = dayStart(now) - 29 * DAY_MS;
    const count = async (f: 'open' | 'closedThisMonth') => {
      let q = db.selectFrom('fault').select((eb) => eb.fn.countAll<number>().as('n'));
      q = f === 'open' ? q.where('closedAt', 'is', null) : q.where('closedAt', '>=', monthStart(now));
      return Number((await q.executeTakeFirst())?.n ?? 0);
    };
    const recent = await db
      .selectFrom('fault')
      .select(['district', 'faultType', 'reportedAt'])
      .where('reportedAt', '>=', from)
      .where('reportedAt', '<=', now)
      .execute();
    const byDay = countBy(recent, (f) => dayOf(f.reportedAt));
    return ok({
      today: byDay.get(dayOf(now)) ?? 0,
      open: await count('open'),
      closedThisMonth: await count('closedThisMonth'),
      byType: ranked(countBy(recent, (f) => f.faultType)).map(([type, n]) => ({ type, count: n })),
      trend: days.map((date) => ({ date, count: byDay.get(date) ?? 0 })),
      byDistrict: ranked(countBy(recent, (f) => f.district)).map(([district, n]) => ({ district, count: n })),
    });
  });

  r.get(
    '/api/home/Calendar',
    {
      config: { open: OPEN.home },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            month: {
              type: 'string',
              maxLength: 7,
              pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
              'x-msg': 'must be a month YYYY-MM',
            },
          },
        },
      } as const,
    },
    async (req) => {
      const month = req.query.month ?? monthOf(clock());
      const list = await db
        .selectFrom('calendar_event')
        .select(['date', 'title', 'type'])
        .where('date', '>=', `${month}-01`)
        .where('date', '<=', `${month}-31`)
        .orderBy('date')
        .orderBy('id')
        .execute();
      return ok({ list });
    },
  );

  r.get('/api/home/CableLine', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const now = clock();
    const lines = await db.selectFrom('cable_line').select(['district', 'cableType', 'lengthM']).execute();
    const sum = (rows: typeof lines, key: (l: (typeof lines)[number]) => string) => {
      const m = new Map<string, number>();
      for (const l of rows) m.set(key(l), (m.get(key(l)) ?? 0) + l.lengthM);
      return [...m.entries()].sort((a, b) => b[1] - a[1]);
    };
    const totalM = lines.reduce((s, l) => s + l.lengthM, 0);
    const faults = await db
      .selectFrom('fault')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('faultType', 'in', [...LINE_FAULT_TYPES])
      .where('reportedAt', '>=', dayStart(now) - 29 * DAY_MS)
      .where('reportedAt', '<=', now)
      .executeTakeFirst();
    return ok({
      totalKm: round1(totalM / 1000),
      byType: sum(lines, (l) => l.cableType).map(([type, m]) => ({ type, km: round1(m / 1000) })),
      byDistrict: sum(lines, (l) => l.district).map(([district, m]) => ({ district, km: round1(m / 1000) })),
      // Line faults (cable faults, theft) of the last 30 days per 100 km of line.
      faultsPer100Km: totalM ? round1((Number(faults?.n ?? 0) * 100_000) / totalM) : 0,
    });
  });

  r.get('/api/home/Power', { config: { open: OPEN.home }, schema: noQuery }, async () =>
    ok(await powerSummary(db, clock())),
  );

  r.get('/api/home/Production', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const now = clock();
    const months = lastMonths(now, 12);
    const from = startOfMonth(months[0] ?? monthOf(now));
    const orders = await db
      .selectFrom('work_order')
      .select(['createdAt', 'dueAt', 'completedAt'])
      .where((eb) => eb.or([eb('createdAt', '>=', from), eb('completedAt', '>=', from)]))
      .execute();
    const created = countBy(orders, (o) => monthOf(o.createdAt));
    const done = orders.filter((o): o is typeof o & { completedAt: number } => o.completedAt !== null);
    const completed = countBy(done, (o) => monthOf(o.completedAt));
    const cur = monthOf(now);
    const doneThisMonth = done.filter((o) => monthOf(o.completedAt) === cur);
    const onTime = doneThisMonth.filter((o) => o.completedAt <= o.dueAt).length;
    return ok({
      ordersThisMonth: created.get(cur) ?? 0,
      completed: doneThisMonth.length,
      onTimeRate: doneThisMonth.length ? round1((onTime * 100) / doneThisMonth.length) : 100,
      trend: months.map((month) => ({
        month,
        created: created.get(month) ?? 0,
        completed: completed.get(month) ?? 0,
      })),
    });
  });

  r.get('/api/home/PartyBuilding', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const list = await latestArticles('party', 8);
    return ok({ list });
  });

  r.get('/api/home/Feedback', { config: { open: OPEN.home }, schema: noQuery }, async () => {
    const now = clock();
    const all = await db
      .selectFrom('feedback')
      .select(['id', 'title', 'district', 'createdAt', 'state', 'repliedAt', 'satisfaction'])
      .execute();
    const rated = all.filter((f): f is typeof f & { satisfaction: number } => f.satisfaction !== null);
    const latest = [...all]
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
      .slice(0, 8)
      .map((f) => ({
        id: f.id,
        title: f.title,
        district: f.district,
        createdAt: f.createdAt,
        state: f.state === 'replied' ? 'replied' : 'pending',
      }));
    return ok({
      pending: all.filter((f) => f.state === 'pending').length,
      repliedThisMonth: all.filter((f) => f.repliedAt !== null && f.repliedAt >= monthStart(now)).length,
      // Average rating (1–5) as a percentage.
      satisfaction: rated.length
        ? round1((rated.reduce((s, f) => s + f.satisfaction, 0) / rated.length) * 20)
        : 0,
      latest,
    });
  });

  r.get('/api/home/Messages', { config: { open: OPEN.messages }, schema: noQuery }, async (req) => {
    const rows = await db
      .selectFrom('message_receiver as r')
      .innerJoin('message as m', 'm.id', 'r.messageId')
      .select(['m.id', 'm.title', 'm.titleKey', 'm.titleParams', 'm.type', 'r.isRead', 'm.lastModifyTime'])
      .where('r.userId', '=', authOf(req).user.id)
      .where('m.state', '=', 1)
      .where('m.enabledMark', '=', 1)
      .orderBy('m.lastModifyTime', 'desc')
      .orderBy('m.id', 'desc')
      .limit(8)
      .execute();
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        ...titleFields(r),
        type: r.type,
        isRead: r.isRead === 1 ? '1' : '0',
        lastModifyTime: r.lastModifyTime,
      })),
    });
  });
}

/**
 * Energy now: this month, last month, this year (kWh), the lamps' lights-on rate of the dashboard's
 * snapshot, the last 12 months and this month by district. /home's 用电能耗 and the wall display.
 */
export async function powerSummary(db: Db, now: number) {
  const months = lastMonths(now, 13);
  const rows = await db
    .selectFrom('power_stat')
    .select(['month', 'district', 'kwh'])
    .where('month', '>=', months[0] ?? '')
    .where('month', '<=', monthOf(now))
    .execute();
  const byMonth = new Map<string, number>();
  for (const r of rows) byMonth.set(r.month, (byMonth.get(r.month) ?? 0) + r.kwh);
  const cur = monthOf(now);
  const year = monthOf(yearStart(now));
  const lamps = await db
    .selectFrom('lamp_status')
    .select((eb) => [eb.fn.sum<number>('lampCount').as('lamps'), eb.fn.sum<number>('litCount').as('lit')])
    .executeTakeFirst();
  const lampsN = Number(lamps?.lamps ?? 0);
  return {
    monthKwh: byMonth.get(cur) ?? 0,
    lastMonthKwh: byMonth.get(months[11] ?? '') ?? 0,
    yearKwh: rows.filter((r) => r.month >= year).reduce((s, r) => s + r.kwh, 0),
    lightsOnRate: lampsN ? round1((Number(lamps?.lit ?? 0) * 100) / lampsN) : 0,
    trend: months.slice(1).map((month) => ({ month, kwh: byMonth.get(month) ?? 0 })),
    byDistrict: rows
      .filter((r) => r.month === cur)
      .sort((a, b) => b.kwh - a.kwh)
      .map((r) => ({ district: r.district, kwh: r.kwh })),
  };
}
