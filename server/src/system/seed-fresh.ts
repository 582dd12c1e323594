/**
 * The system domain's first seed: the demo city's organisations, positions, users (passwords hashed
 * with argon2 first, in parallel), the three roles with their grants over every domain's menus, the
 * menus with their buttons and columns, and the first dictionaries. Runs inside the first start's one
 * transaction (src/seeding.ts).
 */
import type { Insertable } from 'kysely';
import { hashPassword, LOCKED_PASSWORD_HASH, md5Hex } from '../auth';
import type { Database, Db } from '../database';
import { insertChunked } from '../kernel';
import type { SeedContext } from '../kernel';
import { insertDictionaries } from './dictionary-seed';
import type { MenuTable } from './schema';
import { DICTIONARIES, ORGANIZES, POSITIONS, buildUsers, rolesFor } from './seed-people';

/** The people, roles, menus and dictionaries a new database starts with (in the first start's transaction). */
export async function seedSystemFresh(trx: Db, s: SeedContext): Promise<void> {
  const now = s.now;
  const ROLES = rolesFor(s.menuTree);
  const users = buildUsers();
  // Hash outside the transaction (argon2 runs on the thread pool, in parallel).
  const hashes = await Promise.all(
    users.map((u) =>
      u.password === null ? Promise.resolve(LOCKED_PASSWORD_HASH) : hashPassword(md5Hex(u.password)),
    ),
  );
  const flat = s.menus;
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
}
