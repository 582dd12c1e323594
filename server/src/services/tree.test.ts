import { descendantIds } from './tree';

describe('descendantIds', () => {
  const rows = [
    { id: 'root', parentId: null },
    { id: 'a', parentId: 'root' },
    { id: 'a1', parentId: 'a' },
    { id: 'b', parentId: 'root' },
    { id: 'loop1', parentId: 'loop2' },
    { id: 'loop2', parentId: 'loop1' },
  ];
  it('collects the subtree', () => {
    expect(descendantIds(rows, 'a').sort()).toEqual(['a', 'a1']);
    expect(descendantIds(rows, 'root').sort()).toEqual(['a', 'a1', 'b', 'root']);
    expect(descendantIds(rows, 'none')).toEqual(['none']);
  });
  it('survives cycles', () => {
    expect(descendantIds(rows, 'loop1').sort()).toEqual(['loop1', 'loop2']);
  });
});
