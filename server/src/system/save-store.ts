/** The writes of the shared save routes (save-routes.ts): a row inserted into, or updated in, one of the tables they serve. */
import type { Db } from '../database';

export type SavedTable =
  'area' | 'dictionary_type' | 'dictionary_data' | 'data_interface' | 'organize' | 'position' | 'role';

/** Inserts a row (the caller's checked values). */
export async function insertSavedRow(db: Db, table: SavedTable, row: Record<string, unknown>): Promise<void> {
  // kysely cannot type a write to one of several tables; each table has these columns
  await db
    .insertInto(table as 'area')
    .values(row as never)
    .execute();
}

/** Sets a row's columns (the caller's checked values). */
export async function updateSavedRow(db: Db, table: SavedTable, id: string, set: object): Promise<void> {
  await db
    .updateTable(table as 'area')
    .set(set as never)
    .where('id', '=', id)
    .execute();
}
