import { MENU_LABELS } from '@lighting/shared/core';
import { MENU_TREE as MENUS } from '../domains';
import { flattenMenus, menuCodesUnder } from '../kernel';
import { CREW_USER, DEMO_ACCOUNTS, DICTIONARIES, DISTRICT_USER, buildUsers, rolesFor } from './seed-people';

const ROLES = rolesFor(MENUS);

describe('seed data', () => {
  const flat = flattenMenus(MENUS);
  const byCode = new Map(flat.map((m) => [m.seed.enCode, m.seed]));

  it('gives every seeded menu its three languages (the Chinese as seeded)', () => {
    const missing = flat.filter((m) => MENU_LABELS[m.seed.enCode]?.zh !== m.seed.fullName);
    expect(missing.map((m) => m.seed.enCode)).toEqual([]);
  });

  it('uses all seven menu types with the contract urlAddress values', () => {
    expect(new Set(flat.map((m) => m.seed.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    const urls: Record<string, string> = {
      'bt.map.assets': 'bt/map/assets',
      'bt.gzyp.statistic': 'bt/gzyp/statistic',
      'bt.map.fault': 'bt/map/fault',
      'onlineDev.webDesign': 'onlineDev/webDesign',
      'dynamicModel.repairReport': 'dynamicModel/repairReport',
      'dynamicModel.assetKind': 'dynamicModel/assetKind',
      'dynamicModel.faultReport': 'dynamicModel/faultReport',
      'extend.manual': '/help/index.html',
      'workFlow.flowLaunch': 'workFlow/flowLaunch',
      'workFlow.flowTodo': 'workFlow/flowTodo',
      'workFlow.flowCirculate': 'workFlow/flowCirculate',
      'workFlow.flowEngine': 'workFlow/flowEngine',
      'permission.user': 'permission/user',
      'permission.organize': 'permission/organize',
      'permission.role': 'permission/role',
      'system.area': 'system/area',
      'system.billRule': 'system/billRule',
      'system.notice': 'system/notice',
      'systemData.dictionary': 'systemData/dictionary',
      'chat.contacts': 'chat/contacts',
    };
    for (const [code, url] of Object.entries(urls))
      expect([code, byCode.get(code)?.urlAddress]).toEqual([code, url]);
    expect(byCode.get('dashboard.city')).toMatchObject({
      type: 6,
      propertyJson: '{"moduleId":"screen-city"}',
    });
    expect(byCode.get('extend.manualTab')).toMatchObject({ type: 7, linkTarget: '_blank' });
    expect(byCode.get('dynamicModel.faultReport')?.propertyJson).toBe('{"moduleId":"rp-fault","isTree":0}');
  });

  it('has unique menu codes and top-level directories of type 1', () => {
    expect(new Set(flat.map((m) => m.seed.enCode)).size).toBe(flat.length);
    expect(MENUS.every((m) => m.type === 1)).toBe(true);
  });

  it('roles: operator without permission/system menus; manager read-only users', () => {
    const op = ROLES.find((r) => r.enCode === 'operator');
    expect(op?.menus.some((c) => /^(permission|system)/.test(c))).toBe(false);
    expect(menuCodesUnder(['chat'], MENUS)).toEqual(['chat', 'chat.contacts']);
    const mgr = ROLES.find((r) => r.enCode === 'manager');
    expect(mgr?.menus).toEqual(
      expect.arrayContaining(['permission', 'permission.user', 'workFlow', 'lighting', 'chat']),
    );
    expect(mgr?.buttonOverrides['permission.user']).not.toContain('btn_add');
  });

  it('about forty users plus three demo accounts with valid passwords and unique accounts', () => {
    const users = buildUsers();
    expect(users.length).toBe(43);
    expect(new Set(users.map((u) => u.account)).size).toBe(users.length);
    expect(users.every((u) => /^[A-Za-z0-9]+$/.test(u.account) && /^1[3-9]\d{9}$/.test(u.mobile))).toBe(true);
    for (const d of DEMO_ACCOUNTS) {
      expect(d.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,16}$/);
      // the district operator and the crew leader come with the stations (seed-data-scope.ts)
      expect([...users, DISTRICT_USER, CREW_USER].find((u) => u.account === d.account)?.password).toBe(
        d.password,
      );
      for (const scoped of [DISTRICT_USER, CREW_USER])
        expect(
          users.some(
            (u) =>
              u.account === scoped.account || u.mobile === scoped.mobile || u.realName === scoped.realName,
          ),
        ).toBe(false);
    }
    const ids = new Set(users.map((u) => u.id));
    expect(users.every((u) => u.managerId === null || ids.has(u.managerId))).toBe(true);
  });

  it('dictionaries cover asset kinds, status kinds, fault types and urgency', () => {
    expect(DICTIONARIES.map((d) => d.enCode)).toEqual(
      expect.arrayContaining(['assetKind', 'assetStatus', 'faultType', 'urgency']),
    );
    expect(DICTIONARIES.find((d) => d.enCode === 'assetKind')?.items).toHaveLength(12);
  });
});
