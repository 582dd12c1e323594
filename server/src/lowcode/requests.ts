/**
 * Client request keys (effects): a create or a copy sent again with the same key (a retry after a
 * lost answer) answers with the first result instead of making a second row. The key is recorded in
 * the same transaction as the row it made, so a crash leaves neither.
 */
import type { Db } from '../db';
import { badRequest } from '../http/envelope';

/** `idemKey` in a body: 16–64 letters, digits, _ or - (a UUID fits). */
export const idemKeyField = {
  type: 'string',
  minLength: 16,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  'x-msg': '16–64 letters, digits, _ or -',
} as const;

export type RequestKind = 'model' | 'copy' | 'record' | 'import';

/** The id a key already made for this user, or null; a key used for another kind of call is refused. */
export async function priorResult(
  db: Db,
  userId: string,
  key: string | undefined,
  kind: RequestKind,
): Promise<string | null> {
  if (!key) return null;
  const row = await db
    .selectFrom('lowcode_request')
    .select(['kind', 'resultId'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.kind !== kind) throw badRequest('idemKey: 已被使用');
  return row.resultId;
}

export async function rememberRequest(
  db: Db,
  userId: string,
  key: string | undefined,
  kind: RequestKind,
  resultId: string,
  now: number,
): Promise<void> {
  if (!key) return;
  await db.insertInto('lowcode_request').values({ userId, key, kind, resultId, createdAt: now }).execute();
}

/**
 * Runs `make` (which writes its row and the key in one transaction); when a concurrent retry with the
 * same key won the race (the key's primary key refused this one), answers with the winner's result.
 */
export async function oncePerKey<T extends string>(
  db: Db,
  userId: string,
  key: string | undefined,
  kind: RequestKind,
  make: () => Promise<T>,
): Promise<{ id: string; repeated: boolean }> {
  const prior = await priorResult(db, userId, key, kind);
  if (prior) return { id: prior, repeated: true };
  try {
    return { id: await make(), repeated: false };
  } catch (e) {
    const won = await priorResult(db, userId, key, kind).catch(() => null);
    if (won) return { id: won, repeated: true };
    throw e;
  }
}
