/** Bill-number rules as their administration lists, reads, writes and deletes them (numbers are drawn by bill-number.ts). */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import type { billRuleValues } from './bill-rules';

/** What the rule list and the rule form show, the running sequence included. */
const COLUMNS = [
  'id',
  'fullName',
  'enCode',
  'prefix',
  'dateFormat',
  'digit',
  'startNumber',
  'suffix',
  'description',
  'currentDate',
  'currentSeq',
  'issued',
  'sortCode',
  'enabledMark',
  'createdAt',
] as const;

/** One page of rules in sort order, searched by name and code. */
export async function pageBillRules(db: Db, q: PageQuery & { keyword?: string }) {
  let base = db.selectFrom('bill_rule');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
  }
  return paged(base, q, (b) => b.select(COLUMNS).orderBy('sortCode').orderBy('id'));
}

/** The enabled rules, briefly, in sort order. */
export async function enabledBillRules(db: Db) {
  return db
    .selectFrom('bill_rule')
    .select(['id', 'fullName', 'enCode'])
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

/** A rule by id, or undefined. */
export async function billRule(db: Db, id: string) {
  return db.selectFrom('bill_rule').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Inserts a rule whose sequence has not started. */
export async function insertBillRule(
  db: Db,
  id: string,
  values: ReturnType<typeof billRuleValues>,
  now: number,
): Promise<void> {
  await db
    .insertInto('bill_rule')
    .values({ id, ...values, currentDate: '', periodKey: 0, currentSeq: 0, issued: 0, createdAt: now })
    .execute();
}

/** Rewrites a rule's settings; its running sequence (period, last number) is kept. */
export async function updateBillRule(
  db: Db,
  id: string,
  values: ReturnType<typeof billRuleValues>,
): Promise<void> {
  await db.updateTable('bill_rule').set(values).where('id', '=', id).execute();
}

/** Deletes a rule; false when there was none. */
export async function deleteBillRule(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('bill_rule').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) !== 0;
}
