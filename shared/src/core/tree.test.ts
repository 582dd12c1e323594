import { buildTree, expandedKeys, filterTree, flattenTree } from './tree';

interface Item {
  id: string;
  parentId: string | null;
  fullName: string;
  sortCode?: number;
}

const flat: Item[] = [
  { id: 'c2', parentId: 'a', fullName: 'C2', sortCode: 2 },
  { id: 'a', parentId: '-1', fullName: 'A' },
  { id: 'c1', parentId: 'a', fullName: 'C1', sortCode: 1 },
  { id: 'g', parentId: 'c1', fullName: 'G' },
  { id: 'b', parentId: null, fullName: 'B' },
  { id: 'orphan', parentId: 'missing', fullName: 'O' },
];

const names = (nodes: { fullName: string; children: unknown[] }[]): string[] => nodes.map((n) => n.fullName);

describe('buildTree', () => {
  const tree = buildTree(flat, { rootValue: '-1' });
  it('builds roots from rootValue, null and missing parents', () => {
    expect(names(tree)).toEqual(['A', 'B', 'O']);
  });
  it('sorts children by sortCode', () => {
    const a = tree[0]!;
    expect(names(a.children)).toEqual(['C1', 'C2']);
    expect(names(a.children[0]!.children)).toEqual(['G']);
    expect(a.children[1]!.children).toEqual([]);
  });
  it('does not mutate input', () => {
    expect(flat[1]).toEqual({ id: 'a', parentId: '-1', fullName: 'A' });
    expect('children' in flat[1]!).toBe(false);
  });
  it('supports custom keys', () => {
    const t = buildTree(
      [
        { key: 1, pid: 0, fullName: 'R' },
        { key: 2, pid: 1, fullName: 'S' },
      ],
      { id: 'key', parentId: 'pid', rootValue: 0 },
    );
    expect(t).toEqual([
      { key: 1, pid: 0, fullName: 'R', children: [{ key: 2, pid: 1, fullName: 'S', children: [] }] },
    ]);
  });
  it('sorts roots with sortCode first, keeping order otherwise', () => {
    const t = buildTree([
      { id: 'x', parentId: null, fullName: 'X' },
      { id: 'y', parentId: null, fullName: 'Y', sortCode: 5 },
      { id: 'z', parentId: null, fullName: 'Z', sortCode: 1 },
      { id: 'w', parentId: null, fullName: 'W' },
    ]);
    expect(names(t)).toEqual(['Z', 'Y', 'X', 'W']);
  });
  it('survives cycles and self-parents without losing nodes', () => {
    const t = buildTree<Item>([
      { id: 'p', parentId: 'q', fullName: 'P' },
      { id: 'q', parentId: 'p', fullName: 'Q' },
      { id: 's', parentId: 's', fullName: 'S' },
    ]);
    expect(names(t)).toEqual(['S', 'P']);
    expect(names(t[1]!.children)).toEqual(['Q']);
    expect(flattenTree(t)).toHaveLength(3);
  });
  it('empty list', () => {
    expect(buildTree([])).toEqual([]);
  });
});

describe('expandedKeys / filterTree / flattenTree', () => {
  const tree = buildTree(flat, { rootValue: '-1' });
  it('expandedKeys lists every node with children', () => {
    expect(expandedKeys(tree)).toEqual(['a', 'c1']);
    expect(
      expandedKeys(
        buildTree(
          [
            { k: 'r', parentId: null },
            { k: 's', parentId: 'r' },
          ],
          { id: 'k' },
        ),
        'k',
      ),
    ).toEqual(['r']);
  });
  it('filterTree keeps matches and their ancestors', () => {
    const f = filterTree(tree, (n) => n.fullName === 'G');
    expect(names(f)).toEqual(['A']);
    expect(names(f[0]!.children)).toEqual(['C1']);
    expect(names(f[0]!.children[0]!.children)).toEqual(['G']);
    expect(filterTree(tree, () => false)).toEqual([]);
    expect(names(tree[0]!.children)).toEqual(['C1', 'C2']); // untouched
  });
  it('filterTree without keepDescendants drops non-matching children of a match', () => {
    const f = filterTree(tree, (n) => n.fullName === 'A');
    expect(f[0]!.children).toEqual([]);
    const k = filterTree(tree, (n) => n.fullName === 'A', { keepDescendants: true });
    expect(flattenTree(k)).toHaveLength(4);
  });
  it('flattenTree is depth-first', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual(['a', 'c1', 'g', 'c2', 'b', 'orphan']);
  });
});
