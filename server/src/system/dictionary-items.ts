/**
 * Dictionary items (effects), one piece of code for the dictionary page (system/routes-base.ts,
 * menu systemData.dictionary) and the published dictionary pages (menu type 4, lowcode/routes-
 * dictionary.ts): the item body's schema, its checks (the type exists, a parent only in a tree
 * type and in the same type, never itself or below itself, a code unique in its type), the items
 * of a type as a list or a tree, and the version clients' dictionary caches compare.
 */
import type { Db } from '../database';
import {
  assertRefs,
  assertUniqueCode,
  requireRef,
  descriptionField,
  enabledField,
  parentIdField,
  sortCodeField,
  storedParent,
  buildTree,
  subtreeIds,
  withAncestors,
} from '../kernel';
import { badRequest } from '../http/envelope';

/** Bumped by every dictionary write: clients caching dictionaries compare it (GET DictionaryData/Version). */
let dictionaryVersion = Date.now();
export const currentDictionaryVersion = (): number => dictionaryVersion;
export function bumpDictionaryVersion(): void {
  dictionaryVersion = Math.max(dictionaryVersion + 1, Date.now());
}

export interface DataBody {
  dictionaryTypeId: string;
  parentId?: string;
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: number;
  description?: string;
  fullNameZhtw?: string;
  fullNameEn?: string;
}

/** The item's own fields (every body names its type as `dictionaryTypeId`). */
export const dataBodyProperties = {
  parentId: parentIdField,
  fullName: { type: 'string', minLength: 1, maxLength: 50 },
  enCode: {
    type: 'string',
    minLength: 1,
    maxLength: 50,
    pattern: '^[A-Za-z0-9._-]+$',
    'x-msg': '只能包含字母、数字、.、_、-',
  },
  sortCode: sortCodeField,
  enabledMark: enabledField,
  description: descriptionField,
  // the name in Traditional Chinese and English; empty: the console shows fullName
  fullNameZhtw: { type: 'string', maxLength: 50 },
  fullNameEn: { type: 'string', maxLength: 50 },
} as const;

export const dataBody = {
  type: 'object',
  required: ['dictionaryTypeId', 'fullName', 'enCode'],
  additionalProperties: false,
  properties: { dictionaryTypeId: parentIdField, ...dataBodyProperties },
} as const;

export const dataCols = [
  'id',
  'dictionaryTypeId',
  'parentId',
  'fullName',
  'enCode',
  'sortCode',
  'enabledMark',
  'description',
  'fullNameZhtw',
  'fullNameEn',
] as const;

/** A body checked (400 naming the field) → the row's columns. */
export async function checkDictionaryItem(db: Db, b: DataBody, selfId?: string) {
  const parentId = storedParent(b.parentId);
  await assertRefs(db, [
    { field: 'dictionaryTypeId', table: 'dictionary_type', id: b.dictionaryTypeId, what: '字典分类' },
    { field: 'parentId', table: 'dictionary_data', id: parentId, what: '上级' },
  ]);
  const t = requireRef(
    await db
      .selectFrom('dictionary_type')
      .select(['id', 'isTree'])
      .where('id', '=', b.dictionaryTypeId)
      .executeTakeFirst(),
    'dictionaryTypeId',
    '字典分类',
  );
  if (parentId) {
    if (!t.isTree) throw badRequest('parentId: 该字典不是树形');
    const rows = await db
      .selectFrom('dictionary_data')
      .select(['id', 'parentId'])
      .where('dictionaryTypeId', '=', t.id)
      .execute();
    if (!rows.some((r) => r.id === parentId)) throw badRequest('parentId: 上级不在该字典分类中');
    if (selfId && subtreeIds(rows, selfId).has(parentId)) throw badRequest('parentId: 上级不能是自己或下级');
  }
  await assertUniqueCode(db, 'dictionary_data', b.enCode, {
    exceptId: selfId,
    within: { dictionaryTypeId: t.id },
  });
  const fullName = b.fullName.trim();
  if (!fullName) throw badRequest('fullName: must not be empty');
  return {
    dictionaryTypeId: t.id,
    parentId,
    fullName,
    enCode: b.enCode,
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
    description: b.description ?? '',
    fullNameZhtw: (b.fullNameZhtw ?? '').trim(),
    fullNameEn: (b.fullNameEn ?? '').trim(),
  };
}

/** A type's items matching `keyword` (name or code): a tree (with ancestors) for a tree type. */
export async function dictionaryItemsOf(db: Db, t: { id: string; isTree: number }, keyword?: string) {
  const rows = await db
    .selectFrom('dictionary_data')
    .select(dataCols)
    .where('dictionaryTypeId', '=', t.id)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  const kw = keyword?.toLowerCase();
  const match = (r: (typeof rows)[number]) =>
    !kw || [r.fullName, r.fullNameZhtw, r.fullNameEn, r.enCode].some((v) => v.toLowerCase().includes(kw));
  if (t.isTree) return { list: buildTree(withAncestors(rows, match)), isTree: 1 };
  return {
    list: rows
      .filter(match)
      .map((r) => ({ ...r, parentId: r.parentId ?? '-1', hasChildren: false, children: [] })),
    isTree: 0,
  };
}
