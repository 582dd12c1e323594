/** Small row operations every domain repeats over a table chosen by name. */
import { sql, type Insertable } from 'kysely';
import { insertChunked as insertRows } from '../db';
import type { Database, Db } from '../database';
import { notFound } from '../http/envelope';

/** How many rows of `table` have `column` = `value`. */
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
  table:
    | 'area'
    | 'bill_rule'
    | 'data_interface'
    | 'dictionary_data'
    | 'role'
    | 'menu'
    | 'user'
    | 'organize'
    | 'position'
    | 'menu_button'
    | 'menu_column',
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

/** Inserts rows in chunks (one statement per chunk), inside whatever transaction `db` is. */
export function insertChunked<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  chunk?: number,
): Promise<void> {
  return insertRows<Database, T>(db, table, rows, chunk);
}
