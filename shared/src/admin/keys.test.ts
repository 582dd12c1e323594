import {
  allKeys,
  checkedForDisplay,
  filterByName,
  keysToSave,
  leafKeys,
  matchingAncestors,
  parentKeys,
  toAntTree,
} from './keys';

const tree = [
  {
    id: 'a',
    fullName: 'System',
    children: [
      { id: 'a1', fullName: 'Users', children: [{ id: 'a1x', fullName: 'Add' }] },
      { id: 'a2', fullName: 'Roles', children: [] },
    ],
  },
  { id: 'b', fullName: 'Map' },
];

describe('tree keys', () => {
  it('lists every key depth-first', () => {
    expect(allKeys(tree)).toEqual(['a', 'a1', 'a1x', 'a2', 'b']);
  });
  it('lists parents for expand all (empty children are leaves)', () => {
    expect(parentKeys(tree)).toEqual(['a', 'a1']);
    expect(leafKeys(tree)).toEqual(['a1x', 'a2', 'b']);
  });
  it('shows a parent checked only when its whole subtree is granted', () => {
    expect(checkedForDisplay(tree, ['a', 'a1', 'a1x'])).toEqual(['a1x', 'a1']);
    expect(checkedForDisplay(tree, ['a', 'a1', 'a1x', 'a2'])).toEqual(['a1x', 'a1', 'a2', 'a']);
    expect(checkedForDisplay(tree, ['b'])).toEqual(['b']);
    expect(checkedForDisplay(tree, [])).toEqual([]);
  });
  it('saves checked and half-checked ids in tree order without duplicates', () => {
    expect(keysToSave(tree, ['a1x', 'b'], ['a1', 'a', 'a1'])).toEqual(['a', 'a1', 'a1x', 'b']);
  });
  it('finds ancestors of matching nodes', () => {
    expect(matchingAncestors(tree, 'add').sort()).toEqual(['a', 'a1']);
    expect(matchingAncestors(tree, '  ')).toEqual([]);
  });
});

describe('antd tree data', () => {
  it('maps ids and names, leaves without children', () => {
    expect(toAntTree(tree)).toEqual([
      {
        key: 'a',
        title: 'System',
        children: [
          { key: 'a1', title: 'Users', children: [{ key: 'a1x', title: 'Add' }] },
          { key: 'a2', title: 'Roles' },
        ],
      },
      { key: 'b', title: 'Map' },
    ]);
  });
  it('filters by name keeping ancestors', () => {
    expect(allKeys(filterByName(tree, 'ADD'))).toEqual(['a', 'a1', 'a1x']);
    expect(filterByName(tree, '')).toHaveLength(2);
    expect(filterByName(tree, 'zzz')).toEqual([]);
  });
});
