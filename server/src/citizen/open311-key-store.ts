/** The Open311 API keys in and out of the database: only each key's hash and first characters are kept. */
import type { Db } from '../database';

/** Every key with the name of who made it, newest first. */
export async function listKeys(db: Db) {
  const rows = await db
    .selectFrom('open311_key as k')
    .leftJoin('user as u', 'u.id', 'k.createdBy')
    .select([
      'k.id',
      'k.name',
      'k.keyPrefix',
      'k.createdAt',
      'k.revokedAt',
      'k.lastUsedAt',
      'u.realName as createdByName',
    ])
    .orderBy('k.createdAt', 'desc')
    .execute();
  return rows.map((x) => ({ ...x, createdByName: x.createdByName ?? '' }));
}

export async function insertKey(
  db: Db,
  k: { id: string; name: string; keyHash: string; keyPrefix: string; createdBy: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('open311_key')
    .values({ ...k, revokedAt: null, lastUsedAt: null })
    .execute();
}

/** Revokes a key not yet revoked; false when there is no such key or it was revoked already. */
export async function revokeKey(db: Db, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('open311_key')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The key with this hash (its id and revocation time), or undefined. */
export async function keyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('open311_key')
    .select(['id', 'revokedAt'])
    .where('keyHash', '=', keyHash)
    .executeTakeFirst();
}

/** Notes that a key was just used. */
export async function touchKey(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('open311_key').set({ lastUsedAt: now }).where('id', '=', id).execute();
}

/** A key's name ('Open311' when it is gone). */
export async function keyName(db: Db, id: string): Promise<string> {
  const k = await db.selectFrom('open311_key').select('name').where('id', '=', id).executeTakeFirst();
  return k?.name ?? 'Open311';
}
