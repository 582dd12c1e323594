/** Dictionary types and their items in and out of the database (item checks live in dictionary-items.ts). */
import type { Db } from '../database';
import { notFound } from '../http/envelope';
import { dataCols, type checkDictionaryItem } from './dictionary-items';

/** Every dictionary type, in sort order. */
export async function allDictionaryTypes(db: Db) {
  return db
    .selectFrom('dictionary_type')
    .select(['id', 'parentId', 'fullName', 'enCode', 'isTree', 'sortCode', 'enabledMark', 'description'])
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

/** A dictionary type by id, or 404. */
export async function loadDictionaryType(db: Db, id: string) {
  const t = await db.selectFrom('dictionary_type').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound('字典分类不存在');
  return t;
}

/** Every dictionary type's place in the tree. */
export async function dictionaryTypePlaces(db: Db) {
  return db.selectFrom('dictionary_type').select(['id', 'parentId']).execute();
}

export async function deleteDictionaryType(db: Db, id: string): Promise<void> {
  await db.deleteFrom('dictionary_type').where('id', '=', id).execute();
}

/** A dictionary type by id or by enCode. */
export async function dictionaryTypeOf(db: Db, idOrCode: string) {
  return db
    .selectFrom('dictionary_type')
    .select(['id', 'isTree', 'enCode'])
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .executeTakeFirst();
}

/** A dictionary item by id, or 404. */
export async function loadDictionaryItem(db: Db, id: string) {
  const d = await db.selectFrom('dictionary_data').select(dataCols).where('id', '=', id).executeTakeFirst();
  if (!d) throw notFound('字典数据不存在');
  return d;
}

/** A type's enabled items, briefly, in sort order. */
export async function enabledItemOptions(db: Db, typeId: string) {
  return db
    .selectFrom('dictionary_data')
    .select(['id', 'enCode', 'fullName', 'fullNameZhtw', 'fullNameEn', 'parentId'])
    .where('dictionaryTypeId', '=', typeId)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

/** A type's enabled items (unordered). */
export async function enabledItems(db: Db, typeId: string) {
  return db
    .selectFrom('dictionary_data')
    .select(dataCols)
    .where('dictionaryTypeId', '=', typeId)
    .where('enabledMark', '=', 1)
    .execute();
}

/** A dictionary type's name, code and shape by id, or 404. */
export async function dictionaryTypeBrief(db: Db, id: string) {
  const t = await db
    .selectFrom('dictionary_type')
    .select(['id', 'fullName', 'enCode', 'isTree'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!t) throw notFound('字典分类不存在');
  return t;
}

/** An item of one dictionary type by id, or 404. */
export async function loadItemOfType(db: Db, typeId: string, id: string) {
  const d = await db
    .selectFrom('dictionary_data')
    .select(dataCols)
    .where('id', '=', id)
    .where('dictionaryTypeId', '=', typeId)
    .executeTakeFirst();
  if (!d) throw notFound('字典数据不存在');
  return d;
}

/** The columns of an item as checkDictionaryItem gives them. */
export type DictionaryItemValues = Awaited<ReturnType<typeof checkDictionaryItem>>;

export async function insertDictionaryItem(db: Db, id: string, v: DictionaryItemValues): Promise<void> {
  await db
    .insertInto('dictionary_data')
    .values({ id, ...v })
    .execute();
}

export async function updateDictionaryItem(db: Db, id: string, v: DictionaryItemValues): Promise<void> {
  await db.updateTable('dictionary_data').set(v).where('id', '=', id).execute();
}

export async function deleteDictionaryItem(db: Db, id: string): Promise<void> {
  await db.deleteFrom('dictionary_data').where('id', '=', id).execute();
}

/** Every enabled type and every enabled item, in sort order: the client's dictionary cache. */
export async function enabledDictionaries(db: Db) {
  const types = await db
    .selectFrom('dictionary_type')
    .select(['id', 'enCode', 'fullName', 'isTree', 'parentId'])
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  const data = await db
    .selectFrom('dictionary_data')
    .select([
      'id',
      'dictionaryTypeId',
      'enCode',
      'fullName',
      'fullNameZhtw',
      'fullNameEn',
      'parentId',
      'sortCode',
    ])
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  return { types, data };
}
