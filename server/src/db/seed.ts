/**
 * Writes the demo city (seed-data.ts) into an empty database, in one transaction with batch inserts.
 */
import type { Insertable } from 'kysely';
import { hashPassword, LOCKED_PASSWORD_HASH } from '../auth/password';
import { md5Hex } from '../auth/md5';
import { insertDictionaries } from './dictionary-seed';
import { insertChunked, type Db } from './index';
import type { Database, MenuTable } from './schema';
import {
  DICTIONARIES,
  FLOW_ENGINES,
  ORGANIZES,
  POSITIONS,
  ROLES,
  VISUALDEV_BASES,
  buildUsers,
  flattenMenus,
} from './seed-data';
import { buildHomeSeed, type SeedUsers } from '../home/seed';
import { seedLowcodeIfEmpty } from '../lowcode/seed';
import { isPostgresDb, seedMapIfEmpty } from '../map/seed';
import { seedSystemIfEmpty } from '../system/seed';
import { seedWorkflowIfEmpty } from '../workflow/seed';

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds when the database has no users; returns whether it did. A database seeded before the
 * messages/home tables existed (migration 0003) gets their demo rows once, while they are empty.
 */
/** Seeds what is missing; `mapAssets` is the demo city's size (config.mapAssets, 0: none). */
export async function seedIfEmpty(db: Db, mapAssets: number, now: number = Date.now()): Promise<boolean> {
  const fresh = await isEmpty(db);
  if (fresh) await seed(db, now);
  else await seedHomeIfEmpty(db, now);
  await seedSystemIfEmpty(db, now);
  await seedLowcodeIfEmpty(db, now);
  await seedMapIfEmpty(db, mapAssets, now);
  await seedWorkflowIfEmpty(db, isPostgresDb(db) ? 'postgres' : 'sqlite', now);
  return fresh;
}

async function countOf(db: Db, table: 'article' | 'fault' | 'message'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Writes the messages and dashboard demo rows when those tables are all empty. */
export async function seedHomeIfEmpty(db: Db, now: number = Date.now()): Promise<boolean> {
  if ((await countOf(db, 'article')) + (await countOf(db, 'fault')) + (await countOf(db, 'message')) > 0)
    return false;
  const ids = (await db.selectFrom('user').select('id').orderBy('sortCode').orderBy('id').execute()).map(
    (u) => u.id,
  );
  const admin = (await db.selectFrom('user').select('id').where('account', '=', 'admin').executeTakeFirst())
    ?.id;
  const manager = (
    await db.selectFrom('user').select('id').where('account', '=', 'manager').executeTakeFirst()
  )?.id;
  if (!admin) return false;
  await db
    .transaction()
    .execute((trx) => writeHomeSeed(trx, now, { admin, manager: manager ?? admin, all: ids }));
  return true;
}

async function writeHomeSeed(db: Db, now: number, users: SeedUsers): Promise<void> {
  const rows = buildHomeSeed(now, users);
  // Parents first (receipts reference messages).
  for (const table of HOME_TABLES) await insertChunked(db, table, rows[table] as never[], 100);
}

const HOME_TABLES = [
  'message',
  'message_receiver',
  'article',
  'maintenance_plan',
  'fault',
  'calendar_event',
  'cable_line',
  'power_stat',
  'lamp_status',
  'work_order',
  'feedback',
  'safety_record',
] as const;

export async function seed(db: Db, now: number = Date.now()): Promise<void> {
  const users = buildUsers();
  // Hash outside the transaction (argon2 runs on the thread pool, in parallel).
  const hashes = await Promise.all(
    users.map((u) =>
      u.password === null ? Promise.resolve(LOCKED_PASSWORD_HASH) : hashPassword(md5Hex(u.password)),
    ),
  );
  const flat = flattenMenus();
  const byCode = new Map(flat.map((m) => [m.seed.enCode, m]));

  const menus: Insertable<MenuTable>[] = flat.map((m) => ({
    id: m.id,
    parentId: m.parentId,
    type: m.seed.type,
    enCode: m.seed.enCode,
    fullName: m.seed.fullName,
    urlAddress: m.seed.urlAddress ?? '',
    icon: m.seed.icon,
    propertyJson: m.seed.propertyJson ?? '{}',
    linkTarget: m.seed.linkTarget ?? '',
    sortCode: m.sortCode,
    enabledMark: 1,
  }));
  const menuButtons: Insertable<Database['menu_button']>[] = [];
  const menuColumns: Insertable<Database['menu_column']>[] = [];
  for (const m of flat) {
    m.seed.buttons?.forEach((b, i) =>
      menuButtons.push({
        id: `${m.id}:b:${b.enCode}`,
        menuId: m.id,
        enCode: b.enCode,
        fullName: b.fullName,
        sortCode: i,
      }),
    );
    m.seed.columns?.forEach((c, i) =>
      menuColumns.push({
        id: `${m.id}:c:${c.enCode}`,
        menuId: m.id,
        enCode: c.enCode,
        fullName: c.fullName,
        sortCode: i,
      }),
    );
  }

  const roleMenus: Insertable<Database['role_menu']>[] = [];
  const roleButtons: Insertable<Database['role_button']>[] = [];
  const roleColumns: Insertable<Database['role_column']>[] = [];
  for (const role of ROLES) {
    for (const code of role.menus) {
      const m = byCode.get(code);
      if (!m) throw new Error(`seed: role ${role.enCode} names unknown menu ${code}`);
      roleMenus.push({ roleId: role.id, menuId: m.id });
      const allowed = role.buttonOverrides[code];
      for (const b of m.seed.buttons ?? []) {
        if (allowed && !allowed.includes(b.enCode)) continue;
        roleButtons.push({ roleId: role.id, menuId: m.id, enCode: b.enCode, fullName: b.fullName });
      }
      for (const c of m.seed.columns ?? [])
        roleColumns.push({ roleId: role.id, menuId: m.id, enCode: c.enCode, fullName: c.fullName });
    }
  }

  await db.transaction().execute(async (trx) => {
    await insertChunked(
      trx,
      'organize',
      ORGANIZES.map((o, i) => ({ ...o, managerId: null, sortCode: i * 10, enabledMark: 1, createdAt: now })),
    );
    await insertChunked(
      trx,
      'position',
      POSITIONS.map((p, i) => ({ ...p, sortCode: i * 10, enabledMark: 1, createdAt: now })),
    );
    await insertChunked(
      trx,
      'user',
      users.map((u, i) => ({
        id: u.id,
        account: u.account,
        realName: u.realName,
        passwordHash: hashes[i] ?? LOCKED_PASSWORD_HASH,
        gender: u.gender,
        mobile: u.mobile,
        email: u.email,
        organizeId: u.organizeId,
        positionId: u.positionId,
        managerId: u.managerId,
        quickQuery: u.quickQuery,
        isAdministrator: u.isAdministrator ? 1 : 0,
        sortCode: i,
        createdAt: now - (users.length - i) * 86_400_000,
      })),
    );
    // Department heads are recorded on the organisation too.
    for (const u of users) {
      if (u.positionId === 'pos-head')
        await trx.updateTable('organize').set({ managerId: u.id }).where('id', '=', u.organizeId).execute();
    }
    await insertChunked(
      trx,
      'role',
      ROLES.map((r, i) => ({
        id: r.id,
        enCode: r.enCode,
        fullName: r.fullName,
        description: r.description,
        sortCode: i,
        enabledMark: 1,
        createdAt: now,
      })),
    );
    await insertChunked(
      trx,
      'user_role',
      users.flatMap((u) => u.roleIds.map((roleId) => ({ userId: u.id, roleId }))),
    );
    await insertChunked(trx, 'menu', menus);
    await insertChunked(trx, 'menu_button', menuButtons);
    await insertChunked(trx, 'menu_column', menuColumns);
    await insertChunked(trx, 'role_menu', roleMenus);
    await insertChunked(trx, 'role_button', roleButtons);
    await insertChunked(trx, 'role_column', roleColumns);
    await insertDictionaries(trx, DICTIONARIES);
    await insertChunked(
      trx,
      'flow_engine',
      FLOW_ENGINES.map((f, i) => ({ ...f, sortCode: i, enabledMark: 1, createdAt: now })),
    );
    await insertChunked(
      trx,
      'visualdev_base',
      VISUALDEV_BASES.map((v, i) => ({ ...v, sortCode: i, createdAt: now })),
    );
    await writeHomeSeed(trx, now, {
      admin: 'u-admin',
      manager: 'u-manager',
      operator: 'u-operator',
      all: users.map((u) => u.id),
    });
  });
}
