/**
 * Seeding a database: every domain's seed, in domain order. A new database (no user yet) gets every
 * domain's `fresh` rows in one transaction; then each domain adds what a later release introduced
 * and this database lacks (`missing`), on every start. Returns whether the database was new.
 */
import type { Db, Dialect } from './database';
import { dialectOf } from './db';
import { DOMAINS, MENU_TREE } from './domains';
import { flattenMenus, type SeedContext } from './kernel';

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/** Seeds what is missing; `mapAssets` is the demo city's size (config.mapAssets, 0: none). */
export async function seedIfEmpty(
  db: Db,
  mapAssets: number,
  now: number = Date.now(),
  dialect: Dialect = dialectOf(db),
): Promise<boolean> {
  const s = seedContext({ now, dialect, mapAssets });
  const fresh = await isEmpty(db);
  if (fresh)
    await db.transaction().execute(async (trx) => {
      for (const d of DOMAINS) await d.seed?.fresh?.(trx, s);
    });
  for (const d of DOMAINS) await d.seed?.missing?.(db, s, fresh);
  return fresh;
}

/** What every domain's seed is given: the time, the dialect, the city's size and the composed menus. */
export function seedContext(o: { dialect: Dialect; now?: number; mapAssets?: number }): SeedContext {
  return {
    now: o.now ?? Date.now(),
    dialect: o.dialect,
    mapAssets: o.mapAssets ?? 0,
    menus: flattenMenus(MENU_TREE),
    menuTree: MENU_TREE,
  };
}
