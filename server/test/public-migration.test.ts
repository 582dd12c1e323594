/**
 * Migration 0009 on a database seeded before it: the 市民服务 menus, their buttons and the roles'
 * grants are added (a fresh database gets them from the seed), on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/database';
import type { DbHandle } from '../src/database';
import { migrateToLatest } from '../src/db/migrator';
import { MIGRATIONS } from '../src/domains';
import { seedIfEmpty } from '../src/seeding';
import { addMenusToSeededDatabase } from '../src/citizen/migration';
import { TARGETS } from './helpers';

describe.each(TARGETS)('migration 0009 menus (%s)', (target) => {
  let handle: DbHandle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-0009-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const env: Record<string, string> =
      target === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
        : { DATA_DIR: dir };
    handle = await openDatabase(loadConfig(env));
    await migrateToLatest(handle.db, MIGRATIONS);
    await seedIfEmpty(handle.db, 0);
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

  it('adds the citizen menus, buttons and grants to a database seeded without them', async () => {
    const db = handle.db;
    const mine = [
      'menu-citizen',
      'menu-bt.citizen.feedback',
      'menu-bt.citizen.plates',
      'menu-bt.citizen.open311',
    ];
    expect(await db.selectFrom('menu').select('id').where('id', 'in', mine).execute()).toHaveLength(4);
    // the database as it was before 0009: none of them
    await db.deleteFrom('role_button').where('menuId', 'in', mine).execute();
    await db.deleteFrom('role_column').where('menuId', 'in', mine).execute();
    await db.deleteFrom('role_menu').where('menuId', 'in', mine).execute();
    await db.deleteFrom('menu_button').where('menuId', 'in', mine).execute();
    await db.deleteFrom('menu_column').where('menuId', 'in', mine).execute();
    await db.deleteFrom('menu').where('id', 'in', mine).execute();

    await addMenusToSeededDatabase(db as unknown as Kysely<unknown>);
    await addMenusToSeededDatabase(db as unknown as Kysely<unknown>); // again: nothing twice

    const menus = await db
      .selectFrom('menu')
      .select(['enCode', 'parentId'])
      .where('id', 'in', mine)
      .execute();
    expect(menus.map((m) => m.enCode).sort()).toEqual(
      ['bt.citizen.feedback', 'bt.citizen.open311', 'bt.citizen.plates', 'citizen'].sort(),
    );
    const operator = await db
      .selectFrom('role_menu as rm')
      .innerJoin('menu as m', 'm.id', 'rm.menuId')
      .select('m.enCode')
      .where('rm.roleId', '=', 'role-operator')
      .where('m.id', 'in', mine)
      .execute();
    expect(operator.map((m) => m.enCode).sort()).toEqual([
      'bt.citizen.feedback',
      'bt.citizen.plates',
      'citizen',
    ]);
    const reply = await db
      .selectFrom('role_button')
      .select('enCode')
      .where('roleId', '=', 'role-operator')
      .where('menuId', '=', 'menu-bt.citizen.feedback')
      .execute();
    expect(reply.map((b) => b.enCode)).toEqual(['btn_reply']);
  });
});
