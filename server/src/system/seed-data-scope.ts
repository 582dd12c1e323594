/**
 * Data permissions on first start, and on every start what a database lacks (issue 24): the district
 * each station looks after, the map's data-permission fields and schemes (全部数据, 本区数据), and a
 * district operator (account `east`, 东城运维站) whose role sees the lighting map's assets, faults
 * and repair orders of 东城区 only. A database that already has any of these keeps its own.
 */
import { hashPassword, md5Hex } from '../auth';
import type { Db } from '../database';
import { menuCodesUnder, type SeedContext } from '../kernel';
import { DISTRICT_ROLE, DISTRICT_USER } from './seed-people';

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
  if (await seedDistrictOperator(db, s)) changed = true;
  return changed;
}

/** The district role with the lighting map and its 本区数据 schemes, and its demo user. */
async function seedDistrictOperator(db: Db, s: SeedContext): Promise<boolean> {
  const exists = await db
    .selectFrom('role')
    .select('id')
    .where('id', '=', DISTRICT_ROLE.id)
    .executeTakeFirst();
  if (exists) return false;
  const station = await db
    .selectFrom('organize')
    .select('id')
    .where('id', '=', DISTRICT_USER.organizeId)
    .executeTakeFirst();
  if (!station) return false;
  const codes = menuCodesUnder(DISTRICT_ROLE.menuRoots, s.menuTree);
  const menus = codes.length
    ? await db.selectFrom('menu').select(['id', 'enCode']).where('enCode', 'in', codes).execute()
    : [];
  const menuIds = menus.map((m) => m.id);
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where('account', '=', DISTRICT_USER.account)
    .executeTakeFirst();
  const hash = taken ? null : await hashPassword(md5Hex(DISTRICT_USER.password));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('role')
      .values({
        id: DISTRICT_ROLE.id,
        enCode: DISTRICT_ROLE.enCode,
        fullName: DISTRICT_ROLE.fullName,
        description: DISTRICT_ROLE.description,
        sortCode: 40,
        enabledMark: 1,
        category: 'role',
        createdAt: s.now,
      })
      .execute();
    if (menuIds.length) {
      await trx
        .insertInto('role_menu')
        .values(menuIds.map((menuId) => ({ roleId: DISTRICT_ROLE.id, menuId })))
        .execute();
      const buttons = await trx
        .selectFrom('menu_button')
        .select(['menuId', 'enCode', 'fullName'])
        .where('menuId', 'in', menuIds)
        .execute();
      if (buttons.length)
        await trx
          .insertInto('role_button')
          .values(buttons.map((b) => ({ roleId: DISTRICT_ROLE.id, ...b })))
          .execute();
      const columns = await trx
        .selectFrom('menu_column')
        .select(['menuId', 'enCode', 'fullName'])
        .where('menuId', 'in', menuIds)
        .execute();
      if (columns.length)
        await trx
          .insertInto('role_column')
          .values(columns.map((c) => ({ roleId: DISTRICT_ROLE.id, ...c })))
          .execute();
      const schemes = await trx
        .selectFrom('menu_data_scheme')
        .select(['menuId', 'enCode', 'fullName'])
        .where('menuId', 'in', menuIds)
        .where('enCode', '=', DISTRICT_SCHEME)
        .execute();
      if (schemes.length)
        await trx
          .insertInto('role_data')
          .values(schemes.map((d) => ({ roleId: DISTRICT_ROLE.id, ...d })))
          .execute();
    }
    if (hash) {
      const { password: _password, roleIds, isAdministrator, ...user } = DISTRICT_USER;
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
