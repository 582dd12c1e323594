import { buildTree, subtreeIds, withAncestors, type FlatRow } from './tree';

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
    expect(t[1]?.children[0]?.children[0]?.hasChildren).toBe(false);
    expect(t[0]?.parentId).toBe('-1');
    expect(t[1]?.parentId).toBe('-1');
    expect(t[1]?.children[0]?.parentId).toBe('a');
  });

  it('orders siblings by sortCode, then id, whatever the input order', () => {
    const t = buildTree<FlatRow>([
      { id: 'z', parentId: null, sortCode: 1 },
      { id: 'y', parentId: null, sortCode: 1 },
      { id: 'x', parentId: null, sortCode: 0 },
    ]);
    expect(t.map((n) => n.id)).toEqual(['x', 'y', 'z']);
  });

  it('keeps rows caught in a parent cycle (as roots) instead of losing them', () => {
    const t = buildTree<FlatRow>([
      { id: 'p', parentId: 'q' },
      { id: 'q', parentId: 'p' },
    ]);
    const ids = (list: typeof t): string[] => list.flatMap((n) => [n.id, ...ids(n.children)]);
    expect(ids(t).sort()).toEqual(['p', 'q']);
  });

  it('keeps matches with their ancestors', () => {
    expect(withAncestors(rows, (r) => r.id === 'c').map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('collects a subtree, cycle-safe; an unknown root is itself', () => {
    expect([...subtreeIds(rows, 'a')].sort()).toEqual(['a', 'b', 'c']);
    expect([...subtreeIds(rows, 'none')]).toEqual(['none']);
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
