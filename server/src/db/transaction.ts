/**
 * Write transactions. On SQLite a transaction that reads and then writes must take the write lock
 * when it begins (`BEGIN IMMEDIATE`): a deferred one that read first fails with SQLITE_BUSY when
 * another connection wrote meanwhile, instead of waiting its turn. PostgreSQL's default transaction
 * is used as it is (rows it must hold are locked with FOR UPDATE by the caller).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './index';

export async function writeTransaction<DB, T>(
  ctx: { db: Kysely<DB>; dialect: Dialect },
  fn: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (ctx.dialect !== 'sqlite') return ctx.db.transaction().execute(fn);
  return ctx.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const out = await fn(conn);
      await sql`commit`.execute(conn);
      return out;
    } catch (e) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
}
