import {
  ALL,
  NONE,
  checkConditionJson,
  combine,
  fieldsOfConditionJson,
  grantedScope,
  rowInScope,
  schemePredicate,
  scopeOp,
  type ScopeField,
  type SchemeRule,
  type Viewer,
} from './data-scope';

const FIELDS: ScopeField[] = [
  { enCode: 'district', type: 'text' },
  { enCode: 'creatorUserId', type: 'text' },
  { enCode: 'organizeId', type: 'text' },
  { enCode: 'urgency', type: 'number' },
];
const viewer: Viewer = {
  '@userId': ['u1'],
  '@userAraSubordinates': ['u1', 'u2'],
  '@organizeId': ['o1'],
  '@organizationAndSuborganization': ['o1', 'o2'],
  '@dempmentId': ['o1'],
  '@subordinateId': ['u2'],
  '@district': ['东城区'],
  '@crewId': ['crew-1'],
};
const item = (field: string, op: string, value: unknown) => ({
  id: field,
  field,
  type: 'varchar',
  op,
  value,
});
const scheme = (groups: unknown[], matchLogic: 'and' | 'or' = 'and', allData = false): SchemeRule => ({
  allData,
  conditionJson: JSON.stringify(groups),
  matchLogic,
});
const rows = [
  { district: '东城区', creatorUserId: 'u1', organizeId: 'o1', urgency: 1 },
  { district: '西城区', creatorUserId: 'u2', organizeId: 'o2', urgency: 2 },
  { district: '南湖区', creatorUserId: 'u3', organizeId: 'o3', urgency: 3 },
  { district: '东城区', creatorUserId: 'u3', organizeId: null, urgency: 3 },
];
const seen = (s: SchemeRule, v: Viewer = viewer) =>
  rows.filter((r) => rowInScope(schemePredicate(s, FIELDS, v), r)).map((r) => rows.indexOf(r));

describe('data-permission schemes', () => {
  it('reads both 3.x operator vocabularies', () => {
    expect(scopeOp('Equal')).toBe('eq');
    expect(scopeOp('==')).toBe('eq');
    expect(scopeOp('Included')).toBe('in');
    expect(scopeOp('<>')).toBe('ne');
    expect(scopeOp('GreaterThanOrEqual')).toBe('ge');
    expect(scopeOp('toString')).toBeUndefined();
  });

  it.each([
    ['==', '东城区', [0, 3]],
    ['<>', '东城区', [1, 2]],
    ['in', '东城区,西城区', [0, 1, 3]],
    ['notIn', ['东城区', '西城区'], [2]],
    ['like', '城', [0, 1, 3]],
    ['notLike', '城', [2]],
  ])('text %s %j', (op, value, expected) => {
    expect(seen(scheme([{ logic: 'and', groups: [item('district', op, value)] }]))).toEqual(expected);
  });

  it.each([
    ['>', 1, [1, 2, 3]],
    ['>=', 2, [1, 2, 3]],
    ['<', 3, [0, 1]],
    ['<=', 1, [0]],
    ['between', [2, 3], [1, 2, 3]],
    ['GreaterThan', '2', [2, 3]],
  ])('number %s %j', (op, value, expected) => {
    expect(seen(scheme([{ logic: 'and', groups: [item('urgency', op, value)] }]))).toEqual(expected);
  });

  it('null and notNull', () => {
    expect(seen(scheme([{ logic: 'and', groups: [item('organizeId', 'null', '')] }]))).toEqual([3]);
    expect(seen(scheme([{ logic: 'and', groups: [item('organizeId', 'notNull', '')] }]))).toEqual([0, 1, 2]);
  });

  it('the viewer’s attributes: me, me and my subordinates, my organisation and below, my district', () => {
    const one = (field: string, op: string, value: string) =>
      seen(scheme([{ logic: 'and', groups: [item(field, op, value)] }]));
    expect(one('creatorUserId', '==', '@userId')).toEqual([0]);
    expect(one('creatorUserId', '==', '@userAraSubordinates')).toEqual([0, 1]);
    expect(one('creatorUserId', '<>', '@userAraSubordinates')).toEqual([2, 3]);
    expect(one('organizeId', 'Equal', '@organizeId')).toEqual([0]);
    expect(one('organizeId', 'in', '@organizationAndSuborganization')).toEqual([0, 1]);
    expect(one('district', '==', '@district')).toEqual([0, 3]);
  });

  it('an attribute the viewer lacks matches no row (and excludes none)', () => {
    const none: Viewer = { ...viewer, '@district': [] };
    expect(seen(scheme([{ logic: 'and', groups: [item('district', '==', '@district')] }]), none)).toEqual([]);
    expect(seen(scheme([{ logic: 'and', groups: [item('district', '<>', '@district')] }]), none)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('items combine by their group’s logic, groups by the scheme’s matchLogic', () => {
    const g1 = { logic: 'or', groups: [item('district', '==', '东城区'), item('urgency', '==', 2)] };
    const g2 = { logic: 'and', groups: [item('urgency', '>=', 2)] };
    expect(seen(scheme([g1]))).toEqual([0, 1, 3]);
    expect(seen(scheme([g1, g2], 'and'))).toEqual([1, 3]);
    expect(seen(scheme([g1, g2], 'or'))).toEqual([0, 1, 2, 3]);
  });

  it('granted schemes combine as a union; all data lifts every restriction; nothing granted is no restriction', () => {
    const east = scheme([{ logic: 'and', groups: [item('district', '==', '东城区')] }]);
    const mine = scheme([{ logic: 'and', groups: [item('creatorUserId', '==', '@userId')] }]);
    const p = grantedScope([east, mine], FIELDS, viewer);
    expect(rows.filter((r) => p && rowInScope(p, r)).length).toBe(2);
    expect(grantedScope([east, scheme([], 'and', true)], FIELDS, viewer)).toEqual(ALL);
    expect(grantedScope([], FIELDS, viewer)).toBeNull();
  });

  it('an empty scheme restricts nothing; a scheme that no longer checks matches nothing', () => {
    expect(schemePredicate(scheme([]), FIELDS, viewer)).toEqual(ALL);
    expect(schemePredicate(scheme([{ logic: 'and', groups: [] }]), FIELDS, viewer)).toEqual(ALL);
    const dropped = scheme([{ logic: 'and', groups: [item('gone', '==', 'x')] }]);
    expect(schemePredicate(dropped, FIELDS, viewer)).toEqual(NONE);
  });

  it('refuses what it cannot run, naming the item', () => {
    const check = (groups: unknown) => checkConditionJson(JSON.stringify(groups), FIELDS);
    expect(checkConditionJson('{', FIELDS)).toMatchObject({ ok: false, path: 'conditionJson' });
    expect(check([{ logic: 'and', groups: [item('password', '==', 'x')] }])).toMatchObject({
      ok: false,
      path: 'conditionJson[0].groups[0].field',
    });
    expect(check([{ logic: 'xor', groups: [] }])).toMatchObject({
      ok: false,
      path: 'conditionJson[0].logic',
    });
    expect(check([{ logic: 'and', groups: [item('district', 'drop', 'x')] }])).toMatchObject({
      path: 'conditionJson[0].groups[0].op',
    });
    expect(check([{ logic: 'and', groups: [item('urgency', '>', 'abc')] }])).toMatchObject({
      path: 'conditionJson[0].groups[0].value',
      message: '应为数字',
    });
    expect(check([{ logic: 'and', groups: [item('district', '==', '@password')] }])).toMatchObject({
      path: 'conditionJson[0].groups[0].value',
    });
    expect(check([{ logic: 'and', groups: [item('urgency', 'between', [1])] }])).toMatchObject({
      path: 'conditionJson[0].groups[0].value',
    });
  });

  it('an injection-shaped value is a value: it matches rows holding exactly that text', () => {
    const evil = "东城区' or '1'='1";
    expect(seen(scheme([{ logic: 'and', groups: [item('district', '==', evil)] }]))).toEqual([]);
    const p = schemePredicate(
      scheme([{ logic: 'and', groups: [item('district', '==', evil)] }]),
      FIELDS,
      viewer,
    );
    expect(p).toEqual({ kind: 'cmp', field: 'district', op: 'eq', values: [evil] });
  });

  it('names the fields a scheme tests', () => {
    const text = JSON.stringify([
      { logic: 'and', groups: [item('district', '==', 'x'), item('urgency', '>', 1)] },
      { logic: 'or', groups: [item('district', '<>', 'y'), { op: '==' }] },
    ]);
    expect(fieldsOfConditionJson(text)).toEqual(['district', 'urgency', 'district']);
    expect(fieldsOfConditionJson('{')).toEqual([]);
    expect(fieldsOfConditionJson('{"groups": []}')).toEqual([]);
  });

  it('folds constants', () => {
    expect(combine('and', [ALL, NONE])).toEqual(NONE);
    expect(combine('or', [NONE, ALL])).toEqual(ALL);
    expect(combine('or', [])).toEqual(NONE);
  });
});
