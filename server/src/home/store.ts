/** What the home dashboard reads from the database (the figures are computed in rules.ts). */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';
import { MessageType } from '../messages';
import { LINE_FAULT_TYPES, type ArticleCategory } from './rules';

/** The newest articles of a category (dashboard lists). */
export async function latestArticles(db: Db, category: ArticleCategory, limit: number) {
  return db
    .selectFrom('article')
    .select(['id', 'title', 'publishTime'])
    .where('category', '=', category)
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The 8 newest notices released to a user, with their read state. */
export async function latestNotices(db: Db, userId: string) {
  return db
    .selectFrom('message as m')
    .innerJoin('message_receiver as r', 'r.messageId', 'm.id')
    .leftJoin('user as u', 'u.id', 'm.creatorUserId')
    .select(['m.id', 'm.title', 'm.releasedAt', 'u.realName as creatorUser', 'r.isRead'])
    .where('r.userId', '=', userId)
    .where('m.type', '=', MessageType.NOTICE)
    .where('m.state', '=', 1)
    .where('m.enabledMark', '=', 1)
    .orderBy('m.releasedAt', 'desc')
    .orderBy('m.id', 'desc')
    .limit(8)
    .execute();
}

/** One page of articles (of a category, searched in the title), newest first. */
export async function pageArticles(db: Db, q: PageQuery & { category?: ArticleCategory; keyword?: string }) {
  let base = db.selectFrom('article');
  if (q.category) base = base.where('category', '=', q.category);
  if (q.keyword) base = base.where(contains('title', q.keyword));
  return paged(base, q, (b) =>
    b
      .select(['id', 'title', 'category', 'summary', 'publishTime', 'author'])
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc'),
  );
}

/** An article by id, or 404. */
export async function loadArticle(db: Db, id: string) {
  const a = await db
    .selectFrom('article')
    .select(['id', 'title', 'category', 'contentHtml', 'publishTime', 'author'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!a) throw notFound('文章不存在');
  return a;
}

/** Every maintenance plan, newest start first. */
export async function allPlans(db: Db) {
  return db
    .selectFrom('maintenance_plan')
    .select(['id', 'title', 'district', 'startDate', 'endDate', 'progress'])
    .orderBy('startDate', 'desc')
    .orderBy('id')
    .execute();
}

export async function safetyRecords(db: Db) {
  return db.selectFrom('safety_record').select(['kind', 'occurredAt', 'closedAt']).execute();
}

/** How many faults are open, or were closed since `closedSince`. */
export async function faultCount(db: Db, which: { open: true } | { closedSince: number }): Promise<number> {
  let q = db.selectFrom('fault').select((eb) => eb.fn.countAll<number>().as('n'));
  q = 'open' in which ? q.where('closedAt', 'is', null) : q.where('closedAt', '>=', which.closedSince);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Faults reported between two times (inclusive). */
export async function faultsReported(db: Db, from: number, to: number) {
  return db
    .selectFrom('fault')
    .select(['district', 'faultType', 'reportedAt'])
    .where('reportedAt', '>=', from)
    .where('reportedAt', '<=', to)
    .execute();
}

/** A month's calendar events. */
export async function calendarEvents(db: Db, month: string) {
  return db
    .selectFrom('calendar_event')
    .select(['date', 'title', 'type'])
    .where('date', '>=', `${month}-01`)
    .where('date', '<=', `${month}-31`)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

export async function cableLines(db: Db) {
  return db.selectFrom('cable_line').select(['district', 'cableType', 'lengthM']).execute();
}

/** How many line faults (cable faults, theft) were reported between two times (inclusive). */
export async function lineFaultCount(db: Db, from: number, to: number): Promise<number> {
  const faults = await db
    .selectFrom('fault')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('faultType', 'in', [...LINE_FAULT_TYPES])
    .where('reportedAt', '>=', from)
    .where('reportedAt', '<=', to)
    .executeTakeFirst();
  return Number(faults?.n ?? 0);
}

/** Work orders created or completed since a time. */
export async function workOrdersSince(db: Db, from: number) {
  return db
    .selectFrom('work_order')
    .select(['createdAt', 'dueAt', 'completedAt'])
    .where((eb) => eb.or([eb('createdAt', '>=', from), eb('completedAt', '>=', from)]))
    .execute();
}

export async function allFeedback(db: Db) {
  return db
    .selectFrom('feedback')
    .select(['id', 'title', 'district', 'createdAt', 'state', 'repliedAt', 'satisfaction'])
    .execute();
}

/** The 8 messages a user received most recently changed, with their read state. */
export async function latestMessages(db: Db, userId: string) {
  return db
    .selectFrom('message_receiver as r')
    .innerJoin('message as m', 'm.id', 'r.messageId')
    .select(['m.id', 'm.title', 'm.titleKey', 'm.titleParams', 'm.type', 'r.isRead', 'm.lastModifyTime'])
    .where('r.userId', '=', userId)
    .where('m.state', '=', 1)
    .where('m.enabledMark', '=', 1)
    .orderBy('m.lastModifyTime', 'desc')
    .orderBy('m.id', 'desc')
    .limit(8)
    .execute();
}

/** Power use per month and district between two months (inclusive). */
export async function powerRows(db: Db, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('power_stat')
    .select(['month', 'district', 'kwh'])
    .where('month', '>=', fromMonth)
    .where('month', '<=', toMonth)
    .execute();
}

/** The lamps and the lit lamps of the dashboard's snapshot. */
export async function lampTotals(db: Db): Promise<{ lamps: number; lit: number }> {
  const lamps = await db
    .selectFrom('lamp_status')
    .select((eb) => [eb.fn.sum<number>('lampCount').as('lamps'), eb.fn.sum<number>('litCount').as('lit')])
    .executeTakeFirst();
  return { lamps: Number(lamps?.lamps ?? 0), lit: Number(lamps?.lit ?? 0) };
}
