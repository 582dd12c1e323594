import { needsLoad, prepareRows, setChildren, type LazyNode } from './lazyTree';

describe('lazy area tree', () => {
  it('gives unloaded parents a placeholder and leaves none', () => {
    const rows = prepareRows<{ id: string; hasChildren?: boolean; isLeaf?: boolean }>([
      { id: 'a', hasChildren: true },
      { id: 'b', isLeaf: true },
    ]);
    expect(rows).toEqual([
      { id: 'a', hasChildren: true, children: [] },
      { id: 'b', isLeaf: true },
    ]);
    expect(needsLoad(rows[0]!)).toBe(true);
    expect(needsLoad(rows[1]!)).toBe(false);
  });

  it('places children under their parent anywhere in the tree', () => {
    let tree = setChildren<LazyNode>([], '-1', [{ id: 'p', hasChildren: true }]);
    tree = setChildren(tree, 'p', [{ id: 'c', hasChildren: true }]);
    tree = setChildren(tree, 'c', [{ id: 'g', isLeaf: true }]);
    expect(tree).toEqual([
      {
        id: 'p',
        hasChildren: true,
        children: [{ id: 'c', hasChildren: true, children: [{ id: 'g', isLeaf: true }] }],
      },
    ]);
    expect(needsLoad(tree[0]!)).toBe(false);
  });

  it('marks a parent with no children as a leaf', () => {
    const tree = setChildren([{ id: 'p', children: [] }], 'p', []);
    expect(tree).toEqual([{ id: 'p', children: undefined, isLeaf: true }]);
  });
});
