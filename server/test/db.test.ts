import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/database';
import type { DbHandle } from '../src/database';
import { migrateToLatest } from '../src/db/migrator';
import { MIGRATIONS as migrations, MENU_TREE } from '../src/domains';
import { flattenMenus } from '../src/kernel';
import { seedIfEmpty } from '../src/seeding';
import { TARGETS, rowCount } from './helpers';
import { ownTables } from './fuzz/digest';

describe.each(TARGETS)('database (%s)', (target) => {
  let handle: DbHandle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-db-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const env: Record<string, string> =
      target === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
        : { DATA_DIR: dir };
    handle = await openDatabase(loadConfig(env));
  });
  afterAll(async () => {
    await handle.close();
    if (target === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, and migrating again does nothing', async () => {
    const first = await migrateToLatest(handle.db, migrations);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    const again = await migrateToLatest(handle.db, migrations);
    expect(again.results).toEqual([]);
  });

  it('keeps the history databases have recorded: no migration renamed, reordered or dropped', async () => {
    // names that have run somewhere (0003 now runs the messages domain's tables, then home's)
    const history = [
      '0001_init',
      '0002_account_application',
      '0003_messages_home',
      '0004_system',
      '0005_map',
      '0008_chat',
      '0009_public',
    ];
    expect(Object.keys(migrations).slice(0, history.length)).toEqual(history);
    const recorded = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    const tables = (await ownTables(handle.db)).map((t) => t.name);
    for (const t of ['message', 'message_receiver', 'article', 'fault', 'work_order', 'feedback'])
      expect(tables).toContain(t);
  });

  // PostgreSQL only: SQLite has one schema per file
  if (target === 'postgres')
    it('introspects only its own schema (another schema of the database is never read)', async () => {
      // kysely's own introspection lists every schema's tables: a schema dropped or altered by another
      // application meanwhile failed our migrator's check for its bookkeeping tables (42703, 3F000)
      const other = `o_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      try {
        await c.query(`CREATE SCHEMA "${other}"`);
        await c.query(`CREATE TABLE "${other}".someone_elses (id text)`);
        const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
        expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['user', 'kysely_migration']));
        expect(tables.map((t) => t.name)).not.toContain('someone_elses');
        const user = tables.find((t) => t.name === 'user');
        expect(user?.columns.find((col) => col.name === 'account')).toMatchObject({ isNullable: false });
      } finally {
        await c.query(`DROP SCHEMA IF EXISTS "${other}" CASCADE`);
        await c.end();
      }
    });

  it('seeds an empty database once', async () => {
    expect(await seedIfEmpty(handle.db, 0)).toBe(true);
    expect(await seedIfEmpty(handle.db, 0)).toBe(false);
    const count = (table: 'user' | 'menu' | 'role_menu' | 'dictionary_data') => rowCount(handle.db, table);
    // the demo people, the staff, the district operator and the crew leader (seed-data-scope.ts)
    expect(await count('user')).toBe(345);
    expect(await count('menu')).toBe(flattenMenus(MENU_TREE).length);
    expect(await count('dictionary_data')).toBeGreaterThan(30);
  });

  it('reads bigint times back as numbers', async () => {
    const u = await handle.db
      .selectFrom('user')
      .select(['createdAt'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(typeof u.createdAt).toBe('number');
    expect(u.createdAt).toBeGreaterThan(1.6e12);
  });

  it('enforces foreign keys and unique accounts', async () => {
    await expect(
      handle.db.insertInto('user_role').values({ userId: 'nobody', roleId: 'role-admin' }).execute(),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insertInto('user')
        .values({ id: 'dup', account: 'admin', realName: 'x', passwordHash: '!', createdAt: Date.now() })
        .execute(),
    ).rejects.toThrow();
  });

  if (target === 'sqlite') {
    it('runs SQLite in WAL mode with full sync and foreign keys', async () => {
      const one = async (p: string) =>
        Object.values(
          (await sql.raw(`PRAGMA ${p}`).execute(handle.db)).rows[0] as Record<string, unknown>,
        )[0];
      expect(await one('journal_mode')).toBe('wal');
      expect(await one('synchronous')).toBe(2);
      expect(await one('foreign_keys')).toBe(1);
      expect(await one('busy_timeout')).toBe(5000);
    });
  }
});
