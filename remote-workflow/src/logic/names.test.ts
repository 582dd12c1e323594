import { EMPTY_DIRECTORY, chosenNames, namesOfType, personName, pickableTree } from './names';

const tree = [
  {
    id: 'c1',
    fullName: '市照明处',
    type: 'company',
    children: [
      { id: 'u1', fullName: '王志刚/manager', type: 'user' },
      {
        id: 'd1',
        fullName: '运维科',
        type: 'department',
        children: [{ id: 'u2', fullName: '李明/operator', type: 'user' }],
      },
    ],
  },
];

describe('names', () => {
  it('flattens the nodes of a type at any depth', () => {
    expect([...namesOfType(tree, 'user')]).toEqual([
      ['u1', '王志刚/manager'],
      ['u2', '李明/operator'],
    ]);
    expect(namesOfType(tree, null).size).toBe(4);
  });
  it('takes the person out of realName/account', () => {
    expect(personName('王志刚/manager')).toBe('王志刚');
    expect(personName('a/b/c')).toBe('a/b');
    expect(personName('noaccount')).toBe('noaccount');
  });
  it('names users, positions and roles in order, unknown ids as themselves', () => {
    const dir = {
      users: namesOfType(tree, 'user'),
      positions: new Map([['p1', '科长']]),
      roles: new Map([['r1', '安全员']]),
    };
    expect(chosenNames(dir, ['u2', 'gone'], ['p1'], ['r1'])).toEqual(['李明', 'gone', '科长', '安全员']);
    expect(chosenNames(EMPTY_DIRECTORY)).toEqual([]);
  });
});

describe('pickableTree', () => {
  it('lets only nodes of the type be picked and drops units without any', () => {
    const trees = [
      ...tree,
      {
        id: 'c2',
        fullName: '空单位',
        type: 'company',
        children: [{ id: 'd9', fullName: '空科', type: 'department' }],
      },
    ];
    const out = pickableTree(trees, 'user');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ value: 'c1', selectable: false });
    expect(out[0]?.children?.[0]).toEqual({ value: 'u1', title: '王志刚', selectable: true });
    expect(out[0]?.children?.[1]?.children?.[0]).toMatchObject({
      value: 'u2',
      title: '李明',
      selectable: true,
    });
  });
});
