/**
 * Migration 0014 on a database seeded before it: the seeded dictionary items get their Traditional
 * Chinese and English names, an item an administrator renamed keeps its own words; on SQLite and
 * PostgreSQL.
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
import { DICTIONARY_TRANSLATIONS } from '../src/system/dictionary-i18n';
import {
  dictionaryColumnsMigration,
  faultTypeItemsMigration,
  translateSeededDictionaries,
} from '../src/system/migration-dictionary-i18n';
import { homeFaultTypeNames } from '../src/home/migration';
import { TARGETS } from './helpers';

describe.each(TARGETS)('migration 0014 dictionary translations (%s)', (target) => {
  let handle: DbHandle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-0014-'));
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

  const item = (id: string) =>
    handle.db
      .selectFrom('dictionary_data')
      .select(['fullName', 'fullNameZhtw', 'fullNameEn'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a fresh seed has every seeded item in three languages', async () => {
    const rows = await handle.db
      .selectFrom('dictionary_data')
      .select(['id', 'fullName', 'fullNameZhtw', 'fullNameEn'])
      .execute();
    const seeded = rows.filter((r) => DICTIONARY_TRANSLATIONS.has(r.id));
    expect(seeded.length).toBe(DICTIONARY_TRANSLATIONS.size);
    expect(seeded.filter((r) => !r.fullNameZhtw || !r.fullNameEn).map((r) => r.id)).toEqual([]);
    expect(await item('dt-sex:2')).toEqual({ fullName: '女', fullNameZhtw: '女', fullNameEn: 'Female' });
  });

  it('translates a database seeded before it, but not an item an administrator renamed', async () => {
    const db = handle.db;
    // the database as it was before 0014: no translations; one item renamed by its administrator
    await db.updateTable('dictionary_data').set({ fullNameZhtw: '', fullNameEn: '' }).execute();
    await db
      .updateTable('dictionary_data')
      .set({ fullName: '夜班' })
      .where('id', '=', 'dt-repairCrew:crew1')
      .execute();

    await translateSeededDictionaries(db as unknown as Kysely<unknown>);
    await translateSeededDictionaries(db as unknown as Kysely<unknown>); // again: the same

    expect(await item('dt-faultType:lampOff')).toEqual({
      fullName: '灯具不亮',
      fullNameZhtw: '燈具不亮',
      fullNameEn: 'Lamp out',
    });
    expect(await item('dt-district:330101')).toMatchObject({ fullNameEn: 'Dongcheng District' });
    expect(await item('dt-repairCrew:crew1')).toEqual({ fullName: '夜班', fullNameZhtw: '', fullNameEn: '' });
  });

  it('0017 adds the fault types the dashboard had and the dictionary lacked, and names cable faults as it does', async () => {
    const db = handle.db;
    // the database as it was before 0017: neither item, a dashboard fault named 电缆故障
    await db
      .deleteFrom('dictionary_data')
      .where('id', 'in', ['dt-faultType:poleDamage', 'dt-faultType:cableTheft'])
      .execute();
    const fault = await db.selectFrom('fault').select('id').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('fault').set({ faultType: '电缆故障' }).where('id', '=', fault.id).execute();

    for (let i = 0; i < 2; i++) {
      // twice: the same
      await faultTypeItemsMigration.up(db as unknown as Kysely<unknown>);
      await homeFaultTypeNames.up(db as unknown as Kysely<unknown>);
    }
    expect(await item('dt-faultType:cableTheft')).toEqual({
      fullName: '线路被盗',
      fullNameZhtw: '線路被盜',
      fullNameEn: 'Cable theft',
    });
    expect(await item('dt-faultType:poleDamage')).toMatchObject({ fullNameEn: 'Damaged pole' });
    const names = await db
      .selectFrom('dictionary_data')
      .select('fullName')
      .where('dictionaryTypeId', '=', 'dt-faultType')
      .execute();
    // every type the dashboard's faults name is an item of the dictionary
    const used = await db.selectFrom('fault').select('faultType').distinct().execute();
    expect(used.map((u) => u.faultType).filter((n) => !names.some((d) => d.fullName === n))).toEqual([]);
  });

  it('0017 shows the translations in the dictionary list to whoever sees the item names', async () => {
    const db = handle.db;
    const menuId = 'menu-systemData.dictionary';
    const cols = () =>
      db
        .selectFrom('menu_column')
        .select('enCode')
        .where('menuId', '=', menuId)
        .execute()
        .then((r) => r.map((c) => c.enCode));
    const granted = (enCode: string) =>
      db
        .selectFrom('role_column')
        .select('roleId')
        .where('menuId', '=', menuId)
        .where('enCode', '=', enCode)
        .execute()
        .then((r) => r.map((g) => g.roleId).sort());
    // a fresh seed has them; the database as it was before 0017 does not
    expect(await cols()).toEqual(expect.arrayContaining(['fullNameZhtw', 'fullNameEn']));
    await db
      .deleteFrom('role_column')
      .where('menuId', '=', menuId)
      .where('enCode', 'in', ['fullNameZhtw', 'fullNameEn'])
      .execute();
    await db
      .deleteFrom('menu_column')
      .where('menuId', '=', menuId)
      .where('enCode', 'in', ['fullNameZhtw', 'fullNameEn'])
      .execute();
    await dictionaryColumnsMigration.up(db as unknown as Kysely<unknown>);
    await dictionaryColumnsMigration.up(db as unknown as Kysely<unknown>); // again: the same
    expect(await cols()).toEqual(expect.arrayContaining(['fullNameZhtw', 'fullNameEn']));
    expect((await granted('fullName')).length).toBeGreaterThan(0);
    expect(await granted('fullNameEn')).toEqual(await granted('fullName'));
  });
});
