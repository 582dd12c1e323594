/**
 * Request keys: every write a caller may repeat (a double click, a retry after a lost answer, a
 * reconnect, a phone's outbox) carries a key, and every repeat of it answers what the first did
 * without writing again. One store (`request_key`) for every domain: the key is recorded in the
 * same transaction as what it made, so a crash leaves neither, and a key reused for another kind
 * of call is refused naming the field.
 */
import type { Db } from '../database';
import { badRequest } from '../http/envelope';

/** `idemKey` in a body: 16–64 letters, digits, _ or - (a UUID fits). */
export const idemKeyField = {
  type: 'string',
  minLength: 16,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  'x-msg': '16–64 letters, digits, _ or -',
} as const;

export interface RequestKey {
  /** who sent it: `u:<userId>` (staff), `d:<deviceId>` (a citizen's phone), `k:<keyId>` (an Open311 client) */
  owner: string;
  /** the key as sent; absent: the call is not repeatable and nothing is recorded */
  key: string | undefined;
  /** the call (`lowcode.record`, `flow.approve`, `citizen.report` …) */
  kind: string;
  /** the field a refusal names (default idemKey) */
  field?: string;
  /**
   * The key is the sender's alone: the same key from another sender is refused instead of being a
   * new request (the citizens' pages: a key seen from another phone is a replay, not a coincidence).
   */
  exclusive?: boolean;
}

/** A signed-in user's key. */
export const userKey = (userId: string, key: string | undefined, kind: string): RequestKey => ({
  owner: `u:${userId}`,
  key,
  kind,
});

/** The first answer given to this key, or undefined when it is new. A key used for another kind is refused. */
export async function priorAnswer<T>(db: Db, rk: RequestKey): Promise<T | undefined> {
  if (!rk.key) return undefined;
  const row = await db
    .selectFrom('request_key')
    .select(['kind', 'answer'])
    .where('owner', '=', rk.owner)
    .where('key', '=', rk.key)
    .executeTakeFirst();
  if (!row) {
    if (rk.exclusive) {
      const other = await db
        .selectFrom('request_key')
        .select('owner')
        .where('key', '=', rk.key)
        .where('kind', '=', rk.kind)
        // the sender's own twin may have committed between the two reads: only another sender's key is a replay
        .where('owner', '<>', rk.owner)
        .executeTakeFirst();
      if (other) throw badRequest(`${rk.field ?? 'idemKey'}: 已被使用`);
    }
    return undefined;
  }
  if (row.kind !== rk.kind) throw badRequest(`${rk.field ?? 'idemKey'}: 已被使用`);
  return JSON.parse(row.answer) as T;
}

/** Records the answer to a key, inside the transaction that made it. */
export async function rememberAnswer(trx: Db, rk: RequestKey, answer: unknown, now: number): Promise<void> {
  if (!rk.key) return;
  await trx
    .insertInto('request_key')
    .values({
      owner: rk.owner,
      key: rk.key,
      kind: rk.kind,
      answer: JSON.stringify(answer ?? null),
      createdAt: now,
    })
    .execute();
}

export interface Once<T> {
  answer: T;
  /** true when this was a repeat: nothing was written */
  repeated: boolean;
}

/**
 * Runs `make`, which does its own work and records its answer with `rememberAnswer` in the same
 * transaction as what it writes (it may read and prepare outside that transaction first); a repeat
 * answers the first answer without running `make`. When a concurrent twin with the same key won the
 * race (the key's primary key refused this one), the twin's answer is returned instead of the error.
 */
export async function once<T>(db: Db, rk: RequestKey, make: () => Promise<T>): Promise<Once<T>> {
  const prior = await priorAnswer<T>(db, rk);
  if (prior !== undefined) return { answer: prior, repeated: true };
  try {
    return { answer: await make(), repeated: false };
  } catch (e) {
    const won = await priorAnswer<T>(db, rk).catch(() => undefined);
    if (won !== undefined) return { answer: won, repeated: true };
    throw e;
  }
}
