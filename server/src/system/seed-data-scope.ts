/**
 * Data permissions on first start, and on every start what a database lacks (issue 24): the district
 * each station looks after, the map's data-permission fields and schemes (全部数据, 本区数据), and a
 * district operator (account `east`, 东城运维站) whose role sees the lighting map's assets, faults
 * and repair orders of 东城区 only; and a crew leader (account `crew1`, role 班组长) whose repair
 * orders are those of the crews they lead (the repair page's 维修班组 field and its 本班组工单
 * scheme, `@crewId`). A database that already has any of these keeps its own.
 */
import { hashPassword, md5Hex } from '../auth';
import type { Db } from '../database';
import { menuCodesUnder, type SeedContext } from '../kernel';
import { CREW_ROLE, CREW_USER, DISTRICT_ROLE, DISTRICT_USER, type UserSeed } from './seed-people';

/** The station of each district (organize.district): what `@district` reads. */
export const STATION_DISTRICTS: Readonly<Record<string, string>> = {
  'dept-east': '东城区',
  'dept-west': '西城区',
  'dept-south': '南湖区',
  'dept-north': '北山区',
  'dept-hitech': '高新区',
  'dept-river': '滨江区',
};

/** The map's scoped menus (map/scope.ts), each with its district field and two schemes. */
const SCOPED_MENUS = ['bt.map.assets', 'bt.map.fault', 'bt.map.repair'] as const;
const DISTRICT_SCHEME = 'district';
/** The repair-order page (map/scope.ts MENU_REPAIR), its crew field and the crew leader's scheme. */
const REPAIR_MENU = 'bt.map.repair';
const CREW_SCHEME = 'crew';

const districtCondition = JSON.stringify([
  {
    logic: 'and',
    groups: [{ id: 'district', field: 'district', type: 'String', op: '==', value: '@district' }],
  },
]);

export async function seedDataScopes(db: Db, s: SeedContext): Promise<boolean> {
  let changed = false;
  await db.transaction().execute(async (trx) => {
    for (const [id, district] of Object.entries(STATION_DISTRICTS)) {
      const r = await trx
        .updateTable('organize')
        .set({ district })
        .where('id', '=', id)
        .where('district', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) changed = true;
    }
    const menus = await trx
      .selectFrom('menu')
      .select(['id', 'enCode'])
      .where('enCode', 'in', [...SCOPED_MENUS])
      .execute();
    for (const m of menus) {
      const hasField = await trx
        .selectFrom('menu_data_field')
        .select('id')
        .where('menuId', '=', m.id)
        .executeTakeFirst();
      if (!hasField) {
        await trx
          .insertInto('menu_data_field')
          .values({
            id: `${m.id}:df:district`,
            menuId: m.id,
            enCode: 'district',
            fullName: '所属区域',
            type: 'String',
            conditionSymbol: '==,<>,in,notIn',
            conditionText: '@district',
            description: '',
            sortCode: 0,
            enabledMark: 1,
            createdAt: s.now,
          })
          .execute();
        changed = true;
      }
      const hasScheme = await trx
        .selectFrom('menu_data_scheme')
        .select('id')
        .where('menuId', '=', m.id)
        .executeTakeFirst();
      if (!hasScheme) {
        const scheme = (enCode: string, fullName: string, sortCode: number, more: object) => ({
          id: `${m.id}:ds:${enCode}`,
          menuId: m.id,
          enCode,
          fullName,
          conditionText: '',
          matchLogic: 'and' as const,
          description: '',
          sortCode,
          enabledMark: 1,
          createdAt: s.now,
          conditionJson: '[]',
          allData: 0,
          ...more,
        });
        await trx
          .insertInto('menu_data_scheme')
          .values([
            scheme('jnpf_alldata', '全部数据', 0, { allData: 1 }),
            scheme(DISTRICT_SCHEME, '本区数据', 1, {
              conditionJson: districtCondition,
              conditionText: '所属区域 等于 当前用户的区域',
            }),
          ])
          .execute();
        changed = true;
      }
    }
  });
  if (await seedScopedOperator(db, s, DISTRICT_ROLE, DISTRICT_USER, DISTRICT_SCHEME)) changed = true;
  if (await seedCrewLeader(db, s)) changed = true;
  return changed;
}

/**
 * The repair page's 维修班组 field and 本班组工单 scheme, then the crew leader's role and user: once,
 * with the role (a database whose administrator removed the scheme later keeps it removed).
 */
async function seedCrewLeader(db: Db, s: SeedContext): Promise<boolean> {
  const exists = await db.selectFrom('role').select('id').where('id', '=', CREW_ROLE.id).executeTakeFirst();
  if (exists) return false;
  const menu = await db.selectFrom('menu').select('id').where('enCode', '=', REPAIR_MENU).executeTakeFirst();
  if (!menu) return false;
  await db.transaction().execute(async (trx) => {
    const field = await trx
      .selectFrom('menu_data_field')
      .select('id')
      .where('menuId', '=', menu.id)
      .where('enCode', '=', 'crewId')
      .executeTakeFirst();
    if (!field)
      await trx
        .insertInto('menu_data_field')
        .values({
          id: `${menu.id}:df:crewId`,
          menuId: menu.id,
          enCode: 'crewId',
          fullName: '维修班组',
          type: 'String',
          conditionSymbol: '==,<>,in,notIn',
          conditionText: '@crewId',
          description: '',
          sortCode: 1,
          enabledMark: 1,
          createdAt: s.now,
        })
        .execute();
    const scheme = await trx
      .selectFrom('menu_data_scheme')
      .select('id')
      .where('menuId', '=', menu.id)
      .where('enCode', '=', CREW_SCHEME)
      .executeTakeFirst();
    if (!scheme)
      await trx
        .insertInto('menu_data_scheme')
        .values({
          id: `${menu.id}:ds:${CREW_SCHEME}`,
          menuId: menu.id,
          enCode: CREW_SCHEME,
          fullName: '本班组工单',
          conditionJson: JSON.stringify([
            {
              logic: 'and',
              groups: [{ id: 'crewId', field: 'crewId', type: 'String', op: '==', value: '@crewId' }],
            },
          ]),
          conditionText: '维修班组 等于 当前用户带领的班组',
          matchLogic: 'and',
          description: '',
          sortCode: 2,
          enabledMark: 1,
          allData: 0,
          createdAt: s.now,
        })
        .execute();
  });
  return seedScopedOperator(db, s, CREW_ROLE, CREW_USER, CREW_SCHEME);
}

/**
 * A role with the menus under `role.menuRoots` (their buttons and columns) and the schemes coded
 * `scheme` of those menus, and its demo user; nothing when the role exists.
 */
async function seedScopedOperator(
  db: Db,
  s: SeedContext,
  role: { id: string; enCode: string; fullName: string; description: string; menuRoots: readonly string[] },
  demo: UserSeed & { password: string },
  scheme: string,
): Promise<boolean> {
  const exists = await db.selectFrom('role').select('id').where('id', '=', role.id).executeTakeFirst();
  if (exists) return false;
  const station = await db
    .selectFrom('organize')
    .select('id')
    .where('id', '=', demo.organizeId)
    .executeTakeFirst();
  if (!station) return false;
  const codes = menuCodesUnder(role.menuRoots, s.menuTree);
  const menus = codes.length
    ? await db.selectFrom('menu').select(['id', 'enCode']).where('enCode', 'in', codes).execute()
    : [];
  const menuIds = menus.map((m) => m.id);
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where('account', '=', demo.account)
    .executeTakeFirst();
  const hash = taken ? null : await hashPassword(md5Hex(demo.password));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('role')
      .values({
        id: role.id,
        enCode: role.enCode,
        fullName: role.fullName,
        description: role.description,
        sortCode: 40,
        enabledMark: 1,
        category: 'role',
        createdAt: s.now,
      })
      .execute();
    if (menuIds.length) {
      await trx
        .insertInto('role_menu')
        .values(menuIds.map((menuId) => ({ roleId: role.id, menuId })))
        .execute();
      const buttons = await trx
        .selectFrom('menu_button')
        .select(['menuId', 'enCode', 'fullName'])
        .where('menuId', 'in', menuIds)
        .execute();
      if (buttons.length)
        await trx
          .insertInto('role_button')
          .values(buttons.map((b) => ({ roleId: role.id, ...b })))
          .execute();
      const columns = await trx
        .selectFrom('menu_column')
        .select(['menuId', 'enCode', 'fullName'])
        .where('menuId', 'in', menuIds)
        .execute();
      if (columns.length)
        await trx
          .insertInto('role_column')
          .values(columns.map((c) => ({ roleId: role.id, ...c })))
          .execute();
      const schemes = await trx
        .selectFrom('menu_data_scheme')
        .select(['menuId', 'enCode', 'fullName'])
        .where('menuId', 'in', menuIds)
        .where('enCode', '=', scheme)
        .execute();
      if (schemes.length)
        await trx
          .insertInto('role_data')
          .values(schemes.map((d) => ({ roleId: role.id, ...d })))
          .execute();
    }
    if (hash) {
      const { password: _password, roleIds, isAdministrator, ...user } = demo;
      await trx
        .insertInto('user')
        .values({
          ...user,
          passwordHash: hash,
          isAdministrator: isAdministrator ? 1 : 0,
          sortCode: 4,
          createdAt: s.now,
        })
        .execute();
      await trx
        .insertInto('user_role')
        .values(roleIds.map((roleId) => ({ userId: user.id, roleId })))
        .execute();
    }
  });
  return true;
}
