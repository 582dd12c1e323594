/** Data reports' rows as their design pages list, read, write and release them, and the data interface a report runs. */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { badRequest, notFound } from '../http/envelope';
import type { LowcodeReportTable } from './schema';

/** What a report body writes (checked). */
export type ReportFields = Pick<
  LowcodeReportTable,
  'fullName' | 'enCode' | 'dataInterfaceId' | 'config' | 'description' | 'sortCode'
>;

/** A report by id, or 404. */
export async function loadReport(db: Db, id: string) {
  const row = await db.selectFrom('lowcode_report').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('报表不存在');
  return row;
}

/** The data interface a report runs, or 400 naming `field`. */
export async function reportInterface(db: Db, id: string, field = 'dataInterfaceId') {
  const di = await db
    .selectFrom('data_interface')
    .select([
      'id',
      'fullName',
      'dataType',
      'query',
      'path',
      'requestMethod',
      'requestParameters',
      'enabledMark',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!di) throw badRequest(`${field}: 数据接口不存在`);
  return di;
}

/** One page of reports with their interfaces' names, in sort order, searched by name and code. */
export async function pageReports(db: Db, q: PageQuery & { keyword?: string }) {
  let base = db.selectFrom('lowcode_report as r');
  const kw = q.keyword;
  if (kw) base = base.where((eb) => eb.or([contains('r.fullName', kw), contains('r.enCode', kw)]));
  return paged(base, q, (b) =>
    b
      .leftJoin('data_interface as d', 'd.id', 'r.dataInterfaceId')
      .select([
        'r.id',
        'r.fullName',
        'r.enCode',
        'r.dataInterfaceId',
        'd.fullName as dataInterfaceName',
        'r.state',
        'r.description',
        'r.sortCode',
        'r.createdAt',
      ])
      .orderBy('r.sortCode')
      .orderBy('r.id'),
  );
}

/** Inserts a draft report. */
export async function insertReport(
  db: Db,
  r: ReportFields & { id: string; createdAt: number; createdBy: string },
): Promise<void> {
  await db
    .insertInto('lowcode_report')
    .values({ ...r, state: 0, updatedAt: null, updatedBy: null })
    .execute();
}

export async function updateReport(
  db: Db,
  id: string,
  set: ReportFields & { updatedAt: number; updatedBy: string },
): Promise<void> {
  await db.updateTable('lowcode_report').set(set).where('id', '=', id).execute();
}

export async function deleteReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lowcode_report').where('id', '=', id).execute();
}

/** Marks a report released (a menu shows it). */
export async function markReportReleased(db: Db, id: string): Promise<void> {
  await db.updateTable('lowcode_report').set({ state: 1 }).where('id', '=', id).execute();
}
