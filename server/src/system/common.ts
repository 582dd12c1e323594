/** Schema snippets and small helpers shared by the administration routes. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/envelope';

export const newId = (): string => randomUUID();

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const fullNameField = { type: 'string', minLength: 1, maxLength: 50, format: 'fullName' } as const;
export const enCodeField = { type: 'string', minLength: 1, maxLength: 50, format: 'enCode' } as const;
export const sortCodeField = { type: 'integer', minimum: 0, maximum: 999_999 } as const;
export const enabledField = { type: 'integer', enum: [0, 1] } as const;
export const descriptionField = { type: 'string', maxLength: 500 } as const;
export const parentIdField = { type: 'string', minLength: 1, maxLength: 64 } as const;
export const optionalId = { type: ['string', 'null'], maxLength: 64 } as const;

export const EMPTY_QUERY = { querystring: { type: 'object' } } as const;

/** Tables with a unique-ish enCode the routes check before writing. */
type CodedTable =
  'organize' | 'position' | 'role' | 'menu' | 'area' | 'bill_rule' | 'data_interface' | 'dictionary_type';

/** Refuses a duplicate enCode (case-sensitive) in `table`, other than the row `exceptId`. */
export async function assertUniqueCode(
  db: Db,
  table: CodedTable,
  enCode: string,
  exceptId?: string,
  field = 'enCode',
): Promise<void> {
  let q = db
    .selectFrom(table as 'area')
    .select('id')
    .where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw badRequest(`${field}: 编码 "${enCode}" 已存在`);
}

export async function countWhere<T extends keyof Database & string>(
  db: Db,
  table: T,
  column: string,
  value: string,
): Promise<number> {
  // kysely cannot type a generic table/column pair; callers pass literal names of real columns.
  const r = (await db
    .selectFrom(table as 'user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql.ref(column), '=', value)
    .executeTakeFirst()) as { n: number | string } | undefined;
  return Number(r?.n ?? 0);
}

/** Flips enabledMark of a row; 404 when absent. */
export async function toggleState(
  db: Db,
  table: 'area' | 'bill_rule' | 'data_interface' | 'dictionary_data' | 'role' | 'menu' | 'user',
  id: string,
): Promise<number> {
  const row = await db
    .selectFrom(table as 'area')
    .select('enabledMark')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const enabledMark = row.enabledMark === 1 ? 0 : 1;
  await db
    .updateTable(table as 'area')
    .set({ enabledMark })
    .where('id', '=', id)
    .execute();
  return enabledMark;
}

/** '-1' / '' / null mean "no parent" in requests; stored as null (organize, dictionaries, menus). */
export const storedParent = (p: string | null | undefined): string | null =>
  !p || p === '-1' || p === '0' ? null : p;
