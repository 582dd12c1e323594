/**
 * The organisation tree (companies and departments: rows of `organize`) and positions in and out
 * of the database.
 */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';
import type { OrganizeTable } from './schema';

/** A company or a department with its manager's name. */
export type OrgRow = Omit<OrganizeTable, 'district'> & { manager: string | null };

/** Every company and department with its manager's name, in sort order. */
export async function allOrgs(db: Db): Promise<OrgRow[]> {
  return db
    .selectFrom('organize as o')
    .leftJoin('user as m', 'm.id', 'o.managerId')
    .select([
      'o.id',
      'o.parentId',
      'o.category',
      'o.fullName',
      'o.enCode',
      'o.managerId',
      'm.realName as manager',
      'o.sortCode',
      'o.enabledMark',
      'o.createdAt',
    ])
    .orderBy('o.sortCode')
    .orderBy('o.id')
    .execute();
}

/** A company or a department by id, or 404. */
export async function loadOrg(db: Db, id: string, category: 'company' | 'department') {
  const row = await db
    .selectFrom('organize')
    .selectAll()
    .where('id', '=', id)
    .where('category', '=', category)
    .executeTakeFirst();
  if (!row) throw notFound(category === 'company' ? '组织不存在' : '部门不存在');
  return row;
}

/** Every company's and department's place in the tree. */
export async function orgPlaces(db: Db) {
  return db.selectFrom('organize').select(['id', 'parentId', 'category']).execute();
}

export async function deleteOrg(db: Db, id: string): Promise<void> {
  await db.deleteFrom('organize').where('id', '=', id).execute();
}

const POS_SORT = {
  fullName: 'p.fullName',
  enCode: 'p.enCode',
  sortCode: 'p.sortCode',
  creatorTime: 'p.createdAt',
} as const;
/** The columns the position list sorts by (the query's `sidx`). */
export const POSITION_SORTS = Object.keys(POS_SORT) as Array<keyof typeof POS_SORT>;

/** A page of positions with their organisation's name and member count: searched, within organisations, sorted. */
export async function pagePositions(
  db: Db,
  q: PageQuery & { keyword?: string; sidx?: string; sort: 'asc' | 'desc' },
  organizeIds: string[] | null,
) {
  let base = db.selectFrom('position as p').leftJoin('organize as o', 'o.id', 'p.organizeId');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('p.fullName', kw), contains('p.enCode', kw)]));
  }
  if (organizeIds) base = base.where('p.organizeId', 'in', organizeIds);
  return paged(base, q, (b) =>
    b
      .select((eb) => [
        'p.id',
        'p.fullName',
        'p.enCode',
        'p.organizeId',
        'o.fullName as organize',
        'p.sortCode',
        'p.enabledMark',
        'p.description',
        'p.createdAt',
        eb
          .selectFrom('user')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('user.positionId', '=', 'p.id')
          .as('userCount'),
      ])
      .orderBy(
        // the schema's enum is POS_SORT's keys
        q.sidx ? POS_SORT[q.sidx as keyof typeof POS_SORT] : 'p.sortCode',
        q.sort,
      )
      .orderBy('p.id'),
  );
}

/** Enabled positions with their organisation's name, in sort order. */
export async function enabledPositions(db: Db) {
  return db
    .selectFrom('position as p')
    .leftJoin('organize as o', 'o.id', 'p.organizeId')
    .select(['p.id', 'p.fullName', 'p.enCode', 'p.organizeId', 'o.fullName as organize'])
    .where('p.enabledMark', '=', 1)
    .orderBy('p.sortCode')
    .orderBy('p.id')
    .execute();
}

/** Enabled positions as the position picker's tree hangs them under their organisations. */
export async function positionOptions(db: Db) {
  return db
    .selectFrom('position')
    .select(['id', 'fullName', 'enCode', 'organizeId', 'sortCode'])
    .where('enabledMark', '=', 1)
    .execute();
}

/** A position by id, or 404. */
export async function loadPosition(db: Db, id: string) {
  const row = await db.selectFrom('position').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('岗位不存在');
  return row;
}

/** Deletes a position with its grant role. */
export async function deletePosition(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('role').where('id', '=', `auth-position-${id}`).execute();
    await trx.deleteFrom('position').where('id', '=', id).execute();
  });
}

/** Whether `name` is a district of the 行政区 dictionary (what an organisation may look after). */
export async function isDistrictName(db: Db, name: string): Promise<boolean> {
  return !!(await db
    .selectFrom('dictionary_data as d')
    .innerJoin('dictionary_type as t', 't.id', 'd.dictionaryTypeId')
    .select('d.id')
    .where('t.enCode', '=', 'district')
    .where('d.fullName', '=', name)
    .executeTakeFirst());
}
