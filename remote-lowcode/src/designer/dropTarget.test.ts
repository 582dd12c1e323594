import { contains, finalIndex, innermost, insertionPoint, type Box } from './dropTarget';

const rect: Box = { left: 100, top: 100, width: 200, height: 40 };

describe('insertionPoint', () => {
  it('drops before or after a whole-row control by the vertical middle', () => {
    const over = { kind: 'item' as const, list: 'root', index: 3, rect, wide: true };
    expect(insertionPoint(over, { x: 290, y: 110 })).toEqual({ list: 'root', index: 3 });
    expect(insertionPoint(over, { x: 110, y: 130 })).toEqual({ list: 'root', index: 4 });
  });

  it('drops before or after a control in a grid row by the horizontal middle', () => {
    const over = { kind: 'item' as const, list: '7', index: 0, rect, wide: false };
    expect(insertionPoint(over, { x: 150, y: 139 })).toEqual({ list: '7', index: 0 });
    expect(insertionPoint(over, { x: 250, y: 101 })).toEqual({ list: '7', index: 1 });
  });

  it('appends when over a list area', () => {
    expect(insertionPoint({ kind: 'list', list: '9', length: 2 }, { x: 0, y: 0 })).toEqual({
      list: '9',
      index: 2,
    });
  });
});

describe('finalIndex', () => {
  it('shifts a move down the same list by one, nothing else', () => {
    expect(finalIndex({ list: 'root', index: 1 }, { list: 'root', index: 4 })).toBe(3);
    expect(finalIndex({ list: 'root', index: 4 }, { list: 'root', index: 1 })).toBe(1);
    expect(finalIndex({ list: 'root', index: 1 }, { list: '5', index: 4 })).toBe(4);
  });
});

describe('innermost and contains', () => {
  it('picks the smallest box under the pointer', () => {
    const outer = { id: 'row', rect: { left: 0, top: 0, width: 500, height: 300 } };
    const inner = { id: 'cell', rect: { left: 10, top: 10, width: 100, height: 40 } };
    expect(innermost([outer, inner])?.id).toBe('cell');
    expect(innermost([])).toBeNull();
    expect(contains(inner.rect, { x: 110, y: 50 })).toBe(true);
    expect(contains(inner.rect, { x: 111, y: 50 })).toBe(false);
  });
});
