/**
 * The models' rows as the model administration lists, picks, creates, copies, updates and deletes
 * them, and the categories (the visualDevCategory dictionary) they are filed under.
 */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';

/** The dictionary the models' categories come from. */
export const CATEGORY_DICTIONARY = 'visualDevCategory';

const LIST_COLUMNS = [
  'm.id',
  'm.fullName',
  'm.enCode',
  'm.type',
  'm.category',
  'm.state',
  'm.description',
  'm.sortCode',
  'm.version',
  'm.createdAt',
  'm.updatedAt',
] as const;

/** The model categories (ids and names of the visualDevCategory dictionary), in sort order. */
export async function modelCategories(db: Db): Promise<Array<{ id: string; fullName: string }>> {
  return db
    .selectFrom('dictionary_data as d')
    .innerJoin('dictionary_type as t', 't.id', 'd.dictionaryTypeId')
    .select(['d.id', 'd.fullName'])
    .where('t.enCode', '=', CATEGORY_DICTIONARY)
    .orderBy('d.sortCode')
    .orderBy('d.id')
    .execute();
}

/** One page of models with their creators' names, searched by name and code, of one category and type. */
export async function pageModels(
  db: Db,
  q: PageQuery & { keyword?: string; category?: string; type?: number },
) {
  let base = db.selectFrom('visualdev_base as m');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('m.fullName', kw), contains('m.enCode', kw)]));
  }
  if (q.category) base = base.where('m.category', '=', q.category);
  if (q.type) base = base.where('m.type', '=', q.type);
  return paged(base, q, (b) =>
    b
      .leftJoin('user as c', 'c.id', 'm.createdBy')
      .select([...LIST_COLUMNS, 'c.realName as creatorName'])
      .orderBy('m.sortCode')
      .orderBy('m.id'),
  );
}

/** Every model (of one type when given), briefly, in sort order: what the pickers group by category. */
export async function modelsBriefly(db: Db, type: number | undefined) {
  let q = db
    .selectFrom('visualdev_base')
    .select(['id', 'fullName', 'enCode', 'type', 'category', 'version', 'state'])
    .orderBy('sortCode')
    .orderBy('id');
  if (type) q = q.where('type', '=', type);
  return q.execute();
}

/** Whether a model has this code. */
export async function modelCodeTaken(db: Db, enCode: string): Promise<boolean> {
  return !!(await db
    .selectFrom('visualdev_base')
    .select('id')
    .where('enCode', '=', enCode)
    .executeTakeFirst());
}

/** A model's own fields, as its form writes them (the form and list are versions, saved apart). */
export interface ModelFields {
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  description: string;
  sortCode: number;
  tables: string;
}

/**
 * Inserts a new draft model without a form: its form and list become version 1 by `saveVersion`
 * just after, in the same transaction.
 */
export async function insertDraftModel(
  db: Db,
  m: ModelFields & { id: string; createdAt: number; createdBy: string },
): Promise<void> {
  await db
    .insertInto('visualdev_base')
    .values({
      ...m,
      state: 0,
      formData: '',
      columnData: '',
      version: 0,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
}

/** Rewrites a model's own fields (name, code, category, type, description, order, tables) and who changed it. */
export async function updateModelFields(
  db: Db,
  id: string,
  set: ModelFields & { updatedAt: number; updatedBy: string },
): Promise<void> {
  await db.updateTable('visualdev_base').set(set).where('id', '=', id).execute();
}

export async function deleteModel(db: Db, id: string): Promise<void> {
  await db.deleteFrom('visualdev_base').where('id', '=', id).execute();
}
