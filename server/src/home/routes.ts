/**
 * /api/home: the home dashboard's panels (token only). Every figure is computed from the tables on
 * each request, relative to now in China time (kernel/china-time.ts), so the dashboard follows the
 * calendar: today, this month, the last 30 days, the last 12 months.
 */
import type { FastifyInstance } from 'fastify';
import { authOf } from '../context';
import { ok, page } from '../http/envelope';
import { typed } from '../http/typed';
import { OPEN } from '../http/route-table';
import { answers } from '../http/response';
import { HOME_ANSWERS } from './responses';
import { keywordQuery, pagingQuery } from '../http/validation';
import { dayOf, monthOf, monthStart } from '../kernel';
import { titleFields } from '../messages';
import {
  ARTICLE_CATEGORIES,
  cableFigures,
  feedbackFigures,
  last30From,
  planStatus,
  productionFigures,
  productionFrom,
  recentFaultFigures,
  safetyFigures,
} from './rules';
import { powerSummary } from './power';
import {
  allFeedback,
  allPlans,
  cableLines,
  calendarEvents,
  faultCount,
  faultsReported,
  latestArticles,
  latestMessages,
  latestNotices,
  lineFaultCount,
  loadArticle,
  pageArticles,
  safetyRecords,
  workOrdersSince,
} from './store';

/** A call without a query string, answering `answer` (responses.ts). */
const answering = <const S>(answer: S) =>
  ({ querystring: { type: 'object' }, response: answers(answer) }) as const;

export function registerHomeRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const { db, clock } = app.ctx;

  // The caller's notices (those released to them), newest first, with their read state.
  r.get(
    '/api/home/Notices',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.notices) },
    async (req) => {
      const rows = await latestNotices(db, authOf(req).user.id);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          title: r.title,
          publishTime: r.releasedAt ?? 0,
          creatorUser: r.creatorUser ?? '',
          isRead: r.isRead ? '1' : '0',
        })),
      });
    },
  );

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
        response: answers(HOME_ANSWERS.articles),
      } as const,
    },
    async (req) => {
      const { list, pagination } = await pageArticles(db, req.query);
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
        response: answers(HOME_ANSWERS.article),
      } as const,
    },
    async (req) => {
      const a = await loadArticle(db, req.params.id);
      return ok(a);
    },
  );

  r.get(
    '/api/home/Plans',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.plans) },
    async () => {
      const today = dayOf(clock());
      const rows = await allPlans(db);
      return ok({ list: rows.map((p) => ({ ...p, status: planStatus(p, today) })) });
    },
  );

  r.get(
    '/api/home/Safety',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.safety) },
    async () => {
      const now = clock();
      const records = await safetyRecords(db);
      const articles = await latestArticles(db, 'safety', 6);
      return ok({ ...safetyFigures(records, now), articles });
    },
  );

  r.get(
    '/api/home/Faults',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.faults) },
    async () => {
      const now = clock();
      const recent = await faultsReported(db, last30From(now), now);
      const { today, byType, trend, byDistrict } = recentFaultFigures(recent, now);
      return ok({
        today,
        open: await faultCount(db, { open: true }),
        closedThisMonth: await faultCount(db, { closedSince: monthStart(now) }),
        byType,
        trend,
        byDistrict,
      });
    },
  );

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
        response: answers(HOME_ANSWERS.calendar),
      } as const,
    },
    async (req) => {
      const month = req.query.month ?? monthOf(clock());
      const list = await calendarEvents(db, month);
      return ok({ list });
    },
  );

  r.get(
    '/api/home/CableLine',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.cableLine) },
    async () => {
      const now = clock();
      const lines = await cableLines(db);
      return ok(cableFigures(lines, await lineFaultCount(db, last30From(now), now)));
    },
  );

  r.get('/api/home/Power', { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.power) }, async () =>
    ok(await powerSummary(db, clock())),
  );

  r.get(
    '/api/home/Production',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.production) },
    async () => {
      const now = clock();
      const orders = await workOrdersSince(db, productionFrom(now));
      return ok(productionFigures(orders, now));
    },
  );

  r.get(
    '/api/home/PartyBuilding',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.partyBuilding) },
    async () => {
      const list = await latestArticles(db, 'party', 8);
      return ok({ list });
    },
  );

  r.get(
    '/api/home/Feedback',
    { config: { open: OPEN.home }, schema: answering(HOME_ANSWERS.feedback) },
    async () => {
      const now = clock();
      return ok(feedbackFigures(await allFeedback(db), now));
    },
  );

  r.get(
    '/api/home/Messages',
    { config: { open: OPEN.messages }, schema: answering(HOME_ANSWERS.messages) },
    async (req) => {
      const rows = await latestMessages(db, authOf(req).user.id);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          ...titleFields(r),
          type: r.type,
          isRead: r.isRead === 1 ? '1' : '0',
          lastModifyTime: r.lastModifyTime,
        })),
      });
    },
  );
}
