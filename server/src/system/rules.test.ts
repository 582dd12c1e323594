import {
  departmentsUnder,
  dictionaryCache,
  inIdOrder,
  onlinePeople,
  parseDetail,
  userValues,
  type LiveSession,
} from './rules';

const session = (userId: string, loginTime: number, ip = '10.0.0.1'): LiveSession => ({
  userId,
  userName: userId.toUpperCase(),
  account: userId,
  organize: 'org',
  sessionId: `${userId}-${loginTime}`,
  loginTime,
  loginIp: ip,
  loginAddress: '本地局域网',
  expiresAt: loginTime + 100,
});

describe('onlinePeople', () => {
  it('gives one row per person with their sessions inside, newest first', () => {
    const rows = onlinePeople(
      [session('admin', 1), session('admin', 3, '10.0.0.3'), session('manager', 2), session('admin', 2)],
      new Set(),
    );
    expect(rows.map((r) => r.userId)).toEqual(['admin', 'manager']);
    expect(rows[0]).toMatchObject({ sessionCount: 3, loginTime: 3, loginIp: '10.0.0.3', expiresAt: 103 });
    expect(rows[0]!.sessions.map((s) => s.loginTime)).toEqual([3, 2, 1]);
  });

  it('says online only for people with an open page, and lists them first', () => {
    const rows = onlinePeople([session('admin', 5), session('manager', 1)], new Set(['manager']));
    expect(rows.map((r) => [r.userId, r.connected])).toEqual([
      ['manager', true],
      ['admin', false],
    ]);
  });
});

describe('parseDetail', () => {
  it('keeps the text fields of a stored object', () => {
    expect(parseDetail('{"source":"browser","app":"main","count":3}')).toEqual({
      source: 'browser',
      app: 'main',
    });
  });
  it('reads anything else as nothing', () => {
    expect(parseDetail('')).toEqual({});
    expect(parseDetail('[1]')).toEqual({});
    expect(parseDetail('null')).toEqual({});
  });
});

describe('userValues', () => {
  it('fills the defaults and stores an emptied reference as none', () => {
    expect(userValues({ realName: '张三', organizeId: 'o', positionId: '', managerId: 'm' })).toEqual({
      realName: '张三',
      gender: 3,
      mobile: '',
      email: '',
      organizeId: 'o',
      positionId: null,
      managerId: 'm',
      enabledMark: 1,
      sortCode: 0,
      quickQuery: '',
    });
  });
});

describe('dictionaryCache', () => {
  it('hangs each type its items in order, a top item under 0, a type without items empty', () => {
    const item = { fullNameZhtw: '', fullNameEn: '', sortCode: 0 };
    const out = dictionaryCache(
      [
        { id: 't1', enCode: 'a', fullName: 'A', isTree: 1 },
        { id: 't2', enCode: 'b', fullName: 'B', isTree: 0 },
      ],
      [
        { ...item, id: 'd1', dictionaryTypeId: 't1', enCode: 'x', fullName: 'X', parentId: null },
        { ...item, id: 'd2', dictionaryTypeId: 't1', enCode: 'y', fullName: 'Y', parentId: 'd1' },
      ],
    );
    expect(out.map((t) => [t.id, t.dictionaryList.map((d) => [d.id, d.parentId])])).toEqual([
      [
        't1',
        [
          ['d1', '0'],
          ['d2', 'd1'],
        ],
      ],
      ['t2', []],
    ]);
  });
});

describe('departmentsUnder', () => {
  it('walks departments depth first and stops at another company', () => {
    const rows = [
      { id: 'c1', parentId: null, category: 'company' },
      { id: 'd1', parentId: 'c1', category: 'department' },
      { id: 'c2', parentId: 'c1', category: 'company' },
      { id: 'd2', parentId: 'c2', category: 'department' },
      { id: 'd3', parentId: 'd1', category: 'department' },
      { id: 'd4', parentId: 'c1', category: 'department' },
    ];
    expect(departmentsUnder(rows, 'c1').map((r) => r.id)).toEqual(['d1', 'd3', 'd4']);
  });
});

describe('rows in id order', () => {
  it('orders rows as the ids and leaves out ids without a row', () => {
    const rows = [
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
      { id: 'c', n: 3 },
    ];
    expect(inIdOrder(['c', 'x', 'a', 'b'], rows).map((r) => r.n)).toEqual([3, 1, 2]);
    expect(inIdOrder([], rows)).toEqual([]);
  });
});
