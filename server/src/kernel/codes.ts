/**
 * Unique codes (enCode): one check for every table whose rows a user names by code. A duplicate is
 * refused before anything is written, as 400 naming the field; the database's unique index (where
 * there is one) stays the last line.
 */
import type { Db } from '../database';
import { badRequest } from '../http/envelope';

/** Tables whose rows carry an `id` and an `enCode`. */
export type CodedTable =
  | 'organize'
  | 'position'
  | 'role'
  | 'menu'
  | 'area'
  | 'bill_rule'
  | 'data_interface'
  | 'dictionary_type'
  | 'dictionary_data'
  | 'visualdev_base'
  | 'lowcode_report'
  | 'flow_engine'
  | 'flow_form';

export interface UniqueCodeOptions {
  /** the row being edited, which may keep its own code */
  exceptId?: string;
  /** the field the message names (default enCode) */
  field?: string;
  /** what the code names: a menu's code, else a code */
  what?: 'menu';
  /** the code is unique within these column values only (a dictionary's items: its type) */
  within?: Readonly<Record<string, string>>;
}

/** Refuses `enCode` (case-sensitive) when another row of `table` already has it. */
export async function assertUniqueCode(
  db: Db,
  table: CodedTable,
  enCode: string,
  opts: UniqueCodeOptions = {},
): Promise<void> {
  // kysely cannot type a table chosen at run time; every CodedTable has `id` and `enCode`
  let q = db
    .selectFrom(table as 'area')
    .select('id')
    .where('enCode', '=', enCode);
  for (const [column, value] of Object.entries(opts.within ?? {})) q = q.where(column as 'id', '=', value);
  if (opts.exceptId) q = q.where('id', '!=', opts.exceptId);
  if (await q.executeTakeFirst()) throw duplicateCode(enCode, opts);
}

/** The refusal for a code that is taken (for checks that also look elsewhere, such as a derived id). */
export function duplicateCode(enCode: string, opts: Pick<UniqueCodeOptions, 'field' | 'what'> = {}) {
  const field = opts.field ?? 'enCode';
  return badRequest(
    opts.what === 'menu' ? `${field}: 菜单编码 "${enCode}" 已存在` : `${field}: 编码 "${enCode}" 已存在`,
  );
}
