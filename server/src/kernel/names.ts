/**
 * Names of people and units by id, for answers that show who or which one: one query per kind and
 * 500 ids, unknown ids left out (the caller decides what an unknown shows).
 */
import type { Db } from '../database';

export type NameKind = 'user' | 'organize' | 'position' | 'area';

const NAME_COLUMN: Readonly<Record<NameKind, string>> = {
  user: 'realName',
  organize: 'fullName',
  position: 'fullName',
  area: 'fullName',
};

const CHUNK = 500;

/** id → name of the rows of `kind` among `ids` (null, '' and repeats are skipped). */
export async function namesOf(
  db: Db,
  kind: NameKind,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const want = [...new Set([...ids].filter((x): x is string => !!x))];
  const out = new Map<string, string>();
  for (let i = 0; i < want.length; i += CHUNK) {
    // kysely cannot type a table chosen at run time; each NameKind table has `id` and its name column
    const rows = await db
      .selectFrom(kind as 'user')
      .select((eb) => ['id', eb.ref(NAME_COLUMN[kind] as 'realName').as('name')])
      .where('id', 'in', want.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.id, r.name);
  }
  return out;
}

/** id → "realName/account", JNPF's way of naming a user in lists (creator, last editor). */
export async function userLabels(
  db: Db,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const want = [...new Set([...ids].filter((x): x is string => !!x))];
  const out = new Map<string, string>();
  for (let i = 0; i < want.length; i += CHUNK) {
    const rows = await db
      .selectFrom('user')
      .select(['id', 'realName', 'account'])
      .where('id', 'in', want.slice(i, i + CHUNK))
      .execute();
    for (const u of rows) out.set(u.id, userLabel(u));
  }
  return out;
}

/** "realName/account" of a user row. */
export const userLabel = (u: { realName: string; account: string }): string => `${u.realName}/${u.account}`;
