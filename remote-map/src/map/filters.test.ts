import { EMPTY_VISIBILITY, idsWhere, sqlString, toggle, visibilityWhere } from './filters';

const F = { kind: 'kind', status: 'status', district: 'district' };

describe('filters', () => {
  it('shows everything without a clause', () => {
    expect(visibilityWhere(EMPTY_VISIBILITY, F)).toBeNull();
  });

  it('builds NOT IN lists and the district, quoting values', () => {
    expect(
      visibilityWhere({ hiddenKinds: ['pole', 'meter'], hiddenStatuses: ['fault'], district: "O'Hare" }, F),
    ).toBe("kind NOT IN ('meter', 'pole') AND status NOT IN ('fault') AND district = 'O''Hare'");
    expect(sqlString("a'b")).toBe("'a''b'");
  });

  it('toggles a value in or out of a list', () => {
    expect(toggle(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggle(['a'], 'a', true)).toEqual(['a']);
  });

  it('object ids clause keeps integers only', () => {
    expect(idsWhere('objectid', [])).toBeNull();
    expect(idsWhere('objectid', [3, 1.5, 7])).toBe('objectid IN (3, 7)');
  });
});
