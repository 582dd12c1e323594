import { isAccount, isEnCode, isFullName, isMobile } from '@lighting/shared/core';
import { buildUsers } from './seed-people';
import {
  BILL_RULES,
  DATA_INTERFACES,
  EXTRA_DICTIONARIES,
  EXTRA_ORGANIZES,
  buildAreas,
  buildStaff,
} from './seed-data';
import { sqlProblem } from './data-interface-rules';
import { isDateFormat } from './bill-rules';

describe('system seed data', () => {
  it('staff: a few hundred valid, unique accounts that do not clash with the base users', () => {
    const staff = buildStaff();
    expect(staff).toHaveLength(300);
    const accounts = new Set([...staff, ...buildUsers()].map((u) => u.account.toLowerCase()));
    expect(accounts.size).toBe(staff.length + buildUsers().length);
    for (const s of staff) {
      expect([s.account, isAccount(s.account)]).toEqual([s.account, true]);
      expect([s.mobile, isMobile(s.mobile)]).toEqual([s.mobile, true]);
      expect(isFullName(s.realName)).toBe(true);
    }
  });

  it('areas: province, city, six districts with their streets; unique valid codes', () => {
    const areas = buildAreas();
    expect(areas.filter((a) => a.type === 3)).toHaveLength(6);
    expect(areas.filter((a) => a.type === 4).length).toBeGreaterThan(18);
    expect(new Set(areas.map((a) => a.enCode)).size).toBe(areas.length);
    const ids = new Set(areas.map((a) => a.id));
    expect(areas.every((a) => a.parentId === '-1' || ids.has(a.parentId))).toBe(true);
    expect(areas.every((a) => isEnCode(a.enCode))).toBe(true);
  });

  it('bill rules, data interfaces, dictionaries and organisations are well-formed', () => {
    expect(BILL_RULES.map((r) => r.enCode)).toEqual(expect.arrayContaining(['RepairOrder', 'WorkTicket']));
    expect(BILL_RULES.every((r) => isDateFormat(r.dateFormat))).toBe(true);
    for (const d of DATA_INTERFACES.filter((x) => x.dataType === 1)) expect(sqlProblem(d.query)).toBeNull();
    expect(EXTRA_DICTIONARIES.map((d) => d.enCode)).toEqual(
      expect.arrayContaining(['repairCrew', 'district', 'cableType']),
    );
    expect(EXTRA_ORGANIZES.every((o) => isEnCode(o.enCode) && isFullName(o.fullName))).toBe(true);
  });
});
