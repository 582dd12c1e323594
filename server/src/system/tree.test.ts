import { buildTree, subtreeIds, withAncestors } from './tree';

const rows = [
  { id: 'a', parentId: null, sortCode: 2 },
  { id: 'b', parentId: 'a', sortCode: 1 },
  { id: 'c', parentId: 'b', sortCode: 1 },
  { id: 'd', parentId: '-1', sortCode: 1 },
  { id: 'e', parentId: 'missing', sortCode: 3 },
];

describe('tree', () => {
  it('nests by parent id, sorts, marks hasChildren; orphans become roots', () => {
    const t = buildTree(rows);
    expect(t.map((n) => n.id)).toEqual(['d', 'a', 'e']);
    expect(t[1]?.children[0]?.children[0]?.id).toBe('c');
    expect(t[1]?.hasChildren).toBe(true);
    expect(t[0]?.parentId).toBe('-1');
  });

  it('keeps matches with their ancestors', () => {
    expect(withAncestors(rows, (r) => r.id === 'c').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('collects a subtree, cycle-safe', () => {
    expect([...subtreeIds(rows, 'a')].sort()).toEqual(['a', 'b', 'c']);
    expect(
      [
        ...subtreeIds(
          [
            { id: 'x', parentId: 'y' },
            { id: 'y', parentId: 'x' },
          ],
          'x',
        ),
      ].sort(),
    ).toEqual(['x', 'y']);
  });
});
