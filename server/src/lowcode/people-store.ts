/** The people, units and positions an imported sheet's names are looked up in (the system domain's tables). */
import type { Db } from '../database';

/** The enabled users' ids, accounts and names. */
export async function enabledUserNames(db: Db) {
  return db.selectFrom('user').select(['id', 'account', 'realName']).where('enabledMark', '=', 1).execute();
}

/** Every organisation's id, parent and name. */
export async function organizeNames(db: Db) {
  return db.selectFrom('organize').select(['id', 'parentId', 'fullName']).execute();
}

/** Every position's id and name. */
export async function positionNames(db: Db) {
  return db.selectFrom('position').select(['id', 'fullName']).execute();
}
