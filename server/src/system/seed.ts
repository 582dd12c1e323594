/**
 * Seeds the system-administration demo data on every start, each part only when missing, so a fresh
 * database and one created by an earlier version (users already seeded) end the same way:
 * - the administration menus (permission, system, systemData) and their buttons/columns: any entry not
 *   in the database is added and granted to the admin role;
 * - companies, departments, positions and a few hundred staff members; areas; bill rules; data
 *   interfaces; the dictionaries the product uses.
 */
import { LOCKED_PASSWORD_HASH } from '../auth';
import { insertChunked } from '../kernel';
import type { Db } from '../database';
import { insertDictionaries } from './dictionary-seed';
import type { FlatMenu, MenuSeed, SeedContext } from '../kernel';
import { rolesFor, type RoleSeed } from './seed-people';
import { seedDataScopes } from './seed-data-scope';
import { ADMIN_ROOTS } from './menus';
import {
  BILL_RULES,
  DATA_INTERFACES,
  EXTRA_DICTIONARIES,
  EXTRA_ORGANIZES,
  EXTRA_POSITIONS,
  buildAreas,
  buildStaff,
} from './seed-data';

const ADMIN_ROLE = 'role-admin';

async function count(db: Db, table: 'area' | 'bill_rule' | 'data_interface'): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Adds the seeded menus (with their buttons and columns) a database lacks, and grants each new one to
 * the seeded roles that list it (a role an administrator deleted is left alone). Run on every start
 * for the sections a release may grow (administration, workflow), so an existing database gains them.
 */
export async function syncSeededMenus(
  db: Db,
  flat: readonly FlatMenu[],
  roles: readonly RoleSeed[],
): Promise<boolean> {
  const have = new Set((await db.selectFrom('menu').select('id').execute()).map((r) => r.id));
  const haveButtons = new Set((await db.selectFrom('menu_button').select('id').execute()).map((r) => r.id));
  const haveColumns = new Set((await db.selectFrom('menu_column').select('id').execute()).map((r) => r.id));
  const existing = new Set((await db.selectFrom('role').select('id').execute()).map((r) => r.id));
  const live = roles.filter((r) => existing.has(r.id));
  let changed = false;
  await db.transaction().execute(async (trx) => {
    for (const m of flat) {
      const s: MenuSeed = m.seed;
      const grantTo = live.filter((r) => r.menus.includes(s.enCode));
      if (!have.has(m.id)) {
        await trx
          .insertInto('menu')
          .values({
            id: m.id,
            parentId: m.parentId,
            type: s.type,
            enCode: s.enCode,
            fullName: s.fullName,
            urlAddress: s.urlAddress ?? '',
            icon: s.icon,
            propertyJson: s.propertyJson ?? '{}',
            linkTarget: s.linkTarget ?? '',
            sortCode: m.sortCode,
            enabledMark: 1,
          })
          .execute();
        for (const r of grantTo)
          await trx.insertInto('role_menu').values({ roleId: r.id, menuId: m.id }).execute();
        changed = true;
      }
      for (const [i, b] of (s.buttons ?? []).entries()) {
        const id = `${m.id}:b:${b.enCode}`;
        if (haveButtons.has(id)) continue;
        await trx
          .insertInto('menu_button')
          .values({ id, menuId: m.id, enCode: b.enCode, fullName: b.fullName, sortCode: i })
          .execute();
        for (const r of grantTo) {
          const allowed = r.buttonOverrides[s.enCode];
          if (allowed && !allowed.includes(b.enCode)) continue;
          await trx
            .insertInto('role_button')
            .values({ roleId: r.id, menuId: m.id, enCode: b.enCode, fullName: b.fullName })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        changed = true;
      }
      for (const [i, c] of (s.columns ?? []).entries()) {
        const id = `${m.id}:c:${c.enCode}`;
        if (haveColumns.has(id)) continue;
        await trx
          .insertInto('menu_column')
          .values({ id, menuId: m.id, enCode: c.enCode, fullName: c.fullName, sortCode: i })
          .execute();
        for (const r of grantTo)
          await trx
            .insertInto('role_column')
            .values({ roleId: r.id, menuId: m.id, enCode: c.enCode, fullName: c.fullName })
            .onConflict((oc) => oc.doNothing())
            .execute();
        changed = true;
      }
    }
  });
  return changed;
}

/** The administration sections' menus, granted to the administrator role. */
async function syncAdminMenus(db: Db, s: SeedContext): Promise<boolean> {
  const roots = new Set<string>(ADMIN_ROOTS);
  const flat = s.menus.filter((m) => roots.has(m.seed.enCode.split('.')[0] ?? ''));
  return syncSeededMenus(
    db,
    flat,
    rolesFor(s.menuTree).filter((r) => r.id === ADMIN_ROLE),
  );
}

async function seedPeople(db: Db, now: number): Promise<boolean> {
  const root = await db.selectFrom('organize').select('id').where('id', '=', 'org-root').executeTakeFirst();
  if (!root) return false;
  const orgs = new Set((await db.selectFrom('organize').select('id').execute()).map((r) => r.id));
  const positions = new Set((await db.selectFrom('position').select('id').execute()).map((r) => r.id));
  const staffThere = await db.selectFrom('user').select('id').where('id', '=', 'u-s0001').executeTakeFirst();
  const newOrgs = EXTRA_ORGANIZES.filter((o) => !orgs.has(o.id));
  const newPositions = EXTRA_POSITIONS.filter((p) => !positions.has(p.id));
  if (!newOrgs.length && !newPositions.length && staffThere) return false;
  await db.transaction().execute(async (trx) => {
    await insertChunked(
      trx,
      'organize',
      newOrgs.map((o, i) => ({
        ...o,
        managerId: null,
        sortCode: 200 + i * 10,
        enabledMark: 1,
        createdAt: now,
      })),
    );
    await insertChunked(
      trx,
      'position',
      newPositions.map((p, i) => ({ ...p, sortCode: 200 + i * 10, enabledMark: 1, createdAt: now })),
    );
    if (!staffThere) {
      const staff = buildStaff();
      const taken = new Set(
        (
          await trx
            .selectFrom('user')
            .select('account')
            .where(
              'account',
              'in',
              staff.map((s) => s.account),
            )
            .execute()
        ).map((r) => r.account),
      );
      const rows = staff.filter((s) => !taken.has(s.account));
      await insertChunked(
        trx,
        'user',
        rows.map((s, i) => ({
          ...s,
          passwordHash: LOCKED_PASSWORD_HASH,
          isAdministrator: 0,
          sortCode: 1000 + i,
          createdAt: now - (rows.length - i) * 3_600_000,
        })),
        100,
      );
      const operatorRole = await trx
        .selectFrom('role')
        .select('id')
        .where('id', '=', 'role-operator')
        .executeTakeFirst();
      if (operatorRole)
        await insertChunked(
          trx,
          'user_role',
          rows.map((s) => ({ userId: s.id, roleId: operatorRole.id })),
          200,
        );
    }
  });
  return true;
}

async function seedDictionaries(db: Db): Promise<boolean> {
  const have = new Set(
    (await db.selectFrom('dictionary_type').select('enCode').execute()).map((r) => r.enCode),
  );
  const missing = EXTRA_DICTIONARIES.filter((d) => !have.has(d.enCode));
  if (!missing.length) return false;
  // after the first seed's dictionaries
  await db.transaction().execute((trx) => insertDictionaries(trx, missing, 100));
  return true;
}

export async function seedSystemIfEmpty(db: Db, s: SeedContext): Promise<boolean> {
  const now = s.now;
  let changed = await syncAdminMenus(db, s);
  changed = (await seedPeople(db, now)) || changed;
  changed = (await seedDictionaries(db)) || changed;
  changed = (await seedDataScopes(db, s)) || changed;
  if ((await count(db, 'area')) === 0) {
    await insertChunked(
      db,
      'area',
      buildAreas().map((a, i) => ({ ...a, sortCode: i, enabledMark: 1, createdAt: now })),
    );
    changed = true;
  }
  if ((await count(db, 'bill_rule')) === 0) {
    await insertChunked(
      db,
      'bill_rule',
      BILL_RULES.map((r, i) => ({
        ...r,
        currentDate: '',
        periodKey: 0,
        currentSeq: 0,
        issued: 0,
        sortCode: i,
        enabledMark: 1,
        createdAt: now,
      })),
    );
    changed = true;
  }
  if ((await count(db, 'data_interface')) === 0) {
    await insertChunked(
      db,
      'data_interface',
      DATA_INTERFACES.map((d, i) => ({ ...d, sortCode: i, enabledMark: 1, createdAt: now })),
    );
    changed = true;
  }
  return changed;
}
