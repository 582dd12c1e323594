import {
  JSON_MAX_DEPTH,
  columnDataProblem,
  copyNames,
  formatChinaTime,
  jsonProblem,
  menuModuleId,
  parseJsonField,
  relationPickerFields,
  reportFilterValues,
  systemValue,
  wasIssued,
  type Json,
  type RuleState,
} from './rules';

describe('JSON inside bodies', () => {
  it('refuses what is not JSON, naming the field', () => {
    expect(parseJsonField('{"a":', 'formData')).toEqual({ ok: false, message: 'formData: must be JSON' });
    expect(parseJsonField('{"a":[1,2]}', 'data')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('refuses control, bidi and broken characters escaped inside the JSON, naming their path', () => {
    expect(jsonProblem(JSON.parse('{"items":[{"qty":1},{"name":"a\\u0000b"}]}'), 'data')).toBe(
      'data.items[1].name: must not contain control characters',
    );
    expect(jsonProblem({ note: 'x\u202Ey' }, 'data')).toBe(
      'data.note: must not contain bidirectional-override characters',
    );
    expect(jsonProblem(JSON.parse('{"a":"\\ud800"}'), 'data')).toMatch(/^data\.a: must be valid text/);
    expect(jsonProblem({ 'bad\nkey': 1 }, 'data')).toBe('data: a key must be a single line');
    expect(jsonProblem({ text: '两行\n文字\t可以' }, 'data')).toBeNull();
  });

  it('refuses documents nested deeper than the limit without recursion', () => {
    let deep: Json = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonProblem(deep, 'formData')).toMatch(
      new RegExp(`^formData(\\[0\\])+: nested more than ${JSON_MAX_DEPTH} levels$`),
    );
    let ok: Json = 1;
    for (let i = 0; i < JSON_MAX_DEPTH - 1; i++) ok = { a: ok };
    expect(jsonProblem(ok, 'x')).toBeNull();
  });
});

describe('list JSON shape', () => {
  it('accepts the JNPF list shape and extra keys', () => {
    expect(
      columnDataProblem({
        columnList: [{ label: '报修人', prop: 'reporter', align: 'left', width: 120 }],
        searchList: [],
        type: 1,
        pageSize: 20,
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [{ value: 'edit', label: '编辑' }],
        somethingIssue13Adds: { x: 1 },
      }),
    ).toBeNull();
  });

  it('names the path of what is wrong', () => {
    expect(columnDataProblem([])).toBe('columnData: must be object');
    expect(columnDataProblem({ columnList: [{ label: 1 }] })).toBe(
      'columnData.columnList[0].label: must be string',
    );
    expect(columnDataProblem({ type: 9 })).toBe(
      'columnData.type: must be equal to one of the allowed values',
    );
    expect(columnDataProblem({ columnList: new Array(201).fill({}) })).toBe(
      'columnData.columnList: must NOT have more than 200 items',
    );
  });
});

describe('copies', () => {
  it('suffix the name and code, within 50 characters', () => {
    expect(copyNames('报修登记', 'repairReport', 1)).toEqual({
      fullName: '报修登记副本',
      enCode: 'repairReport.copy1',
    });
    expect(copyNames('报修登记', 'repairReport', 3)).toEqual({
      fullName: '报修登记副本3',
      enCode: 'repairReport.copy3',
    });
    const long = copyNames('路'.repeat(50), `${'a'.repeat(44)}.b.cd`, 12);
    expect(Array.from(long.fullName)).toHaveLength(50);
    expect(long.enCode).toHaveLength(50);
    expect(long.enCode.endsWith('.copy12')).toBe(true);
    // a code cut at a dot stays a valid code (no dot before the suffix's)
    expect(copyNames('x', `${'a'.repeat(43)}.bbbbbb`, 1).enCode).toBe(`${'a'.repeat(43)}.copy1`);
  });
});

describe('bill numbers a rule issued', () => {
  const rule: RuleState = {
    prefix: 'SL',
    suffix: '',
    digit: 4,
    dateFormat: 'yyyyMMdd',
    startNumber: 1,
    currentDate: '20261123',
    currentSeq: 7,
    issued: 1,
  };

  it('accepts numbers up to the last one of the period, and earlier periods', () => {
    expect(wasIssued(rule, 'SL202611230001')).toBe(true);
    expect(wasIssued(rule, 'SL202611230007')).toBe(true);
    expect(wasIssued(rule, 'SL202611220099')).toBe(true);
  });

  it('refuses numbers not issued yet, malformed ones and other rules', () => {
    expect(wasIssued(rule, 'SL202611230008')).toBe(false);
    expect(wasIssued(rule, 'SL202611240001')).toBe(false);
    expect(wasIssued(rule, 'SL20261123001')).toBe(false);
    expect(wasIssued(rule, 'SL202611230000')).toBe(false);
    expect(wasIssued(rule, 'XJ202611230001')).toBe(false);
    expect(wasIssued(rule, 'SL2026112x0001')).toBe(false);
    expect(wasIssued({ ...rule, issued: 0 }, 'SL202611230001')).toBe(false);
  });

  it('handles rules without a date part and with a suffix', () => {
    const plain = { ...rule, dateFormat: '', currentDate: '', suffix: '-A', currentSeq: 12 };
    expect(wasIssued(plain, 'SL0012-A')).toBe(true);
    expect(wasIssued(plain, 'SL0013-A')).toBe(false);
    // more digits than the padding once the sequence outgrows it
    expect(wasIssued({ ...plain, currentSeq: 12345 }, 'SL12345-A')).toBe(true);
  });
});

describe('system fields', () => {
  const saver = { userId: 'u1', companyId: 'org-root', departmentId: 'dept-1', positionId: 'pos-1' };
  const now = Date.UTC(2026, 10, 23, 1, 2, 3); // 09:02:03 in China

  it('on create: the creator, the time and where they sit; no modifier', () => {
    expect(systemValue('createUser', saver, now, null, 'c')).toBe('u1');
    expect(systemValue('createTime', saver, now, null, 't')).toBe('2026-11-23 09:02:03');
    expect(systemValue('modifyUser', saver, now, null, 'm')).toBeNull();
    expect(systemValue('modifyTime', saver, now, null, 'm')).toBeNull();
    expect(systemValue('currOrganize', saver, now, null, 'o')).toBe('org-root');
    expect(systemValue('currDept', saver, now, null, 'd')).toBe('dept-1');
    expect(systemValue('currPosition', saver, now, null, 'p')).toBe('pos-1');
  });

  it('on update: creation kept, modifier set', () => {
    const prev = { c: 'u0', t: '2026-01-01 08:00:00', d: 'dept-0' };
    const other = { ...saver, userId: 'u2', departmentId: 'dept-9' };
    expect(systemValue('createUser', other, now, prev, 'c')).toBe('u0');
    expect(systemValue('createTime', other, now, prev, 't')).toBe('2026-01-01 08:00:00');
    expect(systemValue('currDept', other, now, prev, 'd')).toBe('dept-0');
    expect(systemValue('modifyUser', other, now, prev, 'm')).toBe('u2');
    expect(systemValue('modifyTime', other, now, prev, 'm')).toBe('2026-11-23 09:02:03');
  });
});

describe('small helpers', () => {
  it('formats times in China time with dayjs tokens', () => {
    const t = Date.UTC(2026, 0, 31, 16, 30, 0); // 2026-02-01 00:30 in China
    expect(formatChinaTime(t, 'YYYY-MM-DD')).toBe('2026-02-01');
    expect(formatChinaTime(t)).toBe('2026-02-01 00:30:00');
    expect(formatChinaTime('x')).toBe('');
  });

  it("reads a menu's moduleId", () => {
    expect(menuModuleId('{"moduleId":"vd-repair","isTree":0}')).toBe('vd-repair');
    expect(menuModuleId('{}')).toBeNull();
    expect(menuModuleId('not json')).toBeNull();
  });
});

describe("a relation picker's fields", () => {
  it('asks for the shown field first, then each column once', () => {
    expect(relationPickerFields('name', undefined)).toEqual({ ok: true, keys: ['name'] });
    expect(relationPickerFields('name', ' mobile, name,address,,mobile ')).toEqual({
      ok: true,
      keys: ['name', 'mobile', 'address'],
    });
    expect(relationPickerFields('name', Array.from({ length: 21 }, (_, i) => `c${i}`).join(','))).toEqual({
      ok: false,
      message: 'columns: 最多20列',
    });
  });
});

describe("a report's filter values", () => {
  const filters = [
    { param: 'name', kind: 'text' },
    { param: 'from', kind: 'dateFrom' },
  ];
  it('keeps the filled filters as text and drops the empty ones', () => {
    expect(reportFilterValues({ name: 'lamp', from: 1700000000000 }, filters)).toEqual({
      ok: true,
      values: { name: 'lamp', from: '1700000000000' },
    });
    expect(reportFilterValues({ name: '', from: null }, filters)).toEqual({ ok: true, values: {} });
  });
  it("refuses what is not an object of the report's filters with values", () => {
    expect(reportFilterValues([1], filters)).toEqual({
      ok: false,
      message: 'queryJson: must be a JSON object',
    });
    expect(reportFilterValues(null, filters)).toEqual({
      ok: false,
      message: 'queryJson: must be a JSON object',
    });
    expect(reportFilterValues({ other: 'x' }, filters)).toEqual({
      ok: false,
      message: 'queryJson.other: not a filter of this report',
    });
    expect(reportFilterValues({ name: { a: 1 } }, filters)).toEqual({
      ok: false,
      message: 'queryJson.name: must be a value',
    });
    expect(reportFilterValues({ from: 'soon' }, filters)).toEqual({
      ok: false,
      message: 'queryJson.from: must be a number',
    });
  });
});
