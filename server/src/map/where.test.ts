import { evalWhere, isTrivial, parseWhere, WhereError } from './where';

const FIELDS = ['objectid', 'code', 'kind', 'status', 'powerW', 'district'];

describe('parseWhere', () => {
  it('treats empty and 1=1 as everything', () => {
    expect(isTrivial(parseWhere('', FIELDS))).toBe(true);
    expect(isTrivial(parseWhere('1=1', FIELDS))).toBe(true);
    expect(isTrivial(parseWhere(' 1 = 1 ', FIELDS))).toBe(true);
  });

  it('parses comparisons, IN, LIKE, BETWEEN, IS NULL, AND/OR/NOT and parentheses', () => {
    const w = parseWhere(
      "(kind = 'streetLamp' OR kind IN ('wallLamp','floodLight')) AND NOT status <> 'fault' AND code LIKE 'SL-%' AND powerW BETWEEN 50 AND 200 AND district IS NOT NULL",
      FIELDS,
    );
    const row = { kind: 'wallLamp', status: 'fault', code: 'SL-000001', powerW: 100, district: '东城区' };
    expect(evalWhere(w, row)).toBe(true);
    expect(evalWhere(w, { ...row, status: 'lightOn' })).toBe(false);
    expect(evalWhere(w, { ...row, powerW: 250 })).toBe(false);
    expect(evalWhere(w, { ...row, district: null })).toBe(false);
  });

  it('matches field names case-insensitively and supports UPPER()', () => {
    const w = parseWhere("UPPER(CODE) LIKE 'SL-0000%' and OBJECTID >= 3", FIELDS);
    expect(evalWhere(w, { code: 'sl-000012', objectid: 3 })).toBe(true);
    expect(evalWhere(w, { code: 'sl-000012', objectid: 2 })).toBe(false);
  });

  it("unescapes '' inside strings and keeps negative numbers", () => {
    const w = parseWhere("code = 'O''Brien' AND powerW > -1", FIELDS);
    expect(evalWhere(w, { code: "O'Brien", powerW: 0 })).toBe(true);
  });

  it.each([
    ['unknown field', 'foo = 1', "unknown field 'foo'"],
    ['SQL injection', "kind = 'a'; DROP TABLE map_asset", "unexpected character ';'"],
    ['comment', "kind = 'a' -- x", "unexpected character '-'"],
    ['unterminated string', "kind = 'a", 'unterminated string'],
    ['dangling AND', "kind = 'a' AND", 'expected a field or a value'],
    ['subquery', 'objectid IN (SELECT 1)', 'expected a number or a quoted string'],
    ['function', "lower(kind) = 'a' OR sleep(1) = 0", "unknown field 'sleep'"],
  ])('rejects %s', (_name, src, msg) => {
    expect(() => parseWhere(src, FIELDS)).toThrow(WhereError);
    expect(() => parseWhere(src, FIELDS)).toThrow(msg);
  });

  it('limits the size of the clause', () => {
    expect(() => parseWhere(`kind = '${'a'.repeat(9000)}'`, FIELDS)).toThrow('longer than');
  });
});
