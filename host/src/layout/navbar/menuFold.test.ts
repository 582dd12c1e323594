import { fittingTopItems, foldItems, visibleTopItems } from './menuFold';

test('items beyond floor(width/116) fold into the more item', () => {
  expect(visibleTopItems(1160, 10)).toBe(10);
  expect(visibleTopItems(1160, 11)).toBe(9);
  expect(visibleTopItems(1159, 9)).toBe(9);
  expect(visibleTopItems(1159, 10)).toBe(8);
  expect(visibleTopItems(115, 3)).toBe(0);
  expect(visibleTopItems(0, 0)).toBe(0);
  const { shown, folded } = foldItems(['a', 'b', 'c', 'd', 'e'], 400);
  expect(shown).toEqual(['a', 'b']);
  expect(folded).toEqual(['c', 'd', 'e']);
  expect(foldItems(['a', 'b', 'c'], 400).folded).toEqual([]);
});

describe('fittingTopItems (measured widths)', () => {
  it('shows every item when they all fit', () => {
    expect(fittingTopItems(500, [100, 100, 100, 100, 100], 60)).toBe(5);
  });
  it('uses the space when the items are narrower than 116 px (the issue: 3 shown, 270 px empty)', () => {
    // 580 px: the spec's floor gives floor(580/116) - 1 = 4; 96 px items fit 5 beside '更多'
    const widths = Array.from({ length: 9 }, () => 96);
    expect(visibleTopItems(580, 9)).toBe(4);
    expect(fittingTopItems(580, widths, 60)).toBe(5);
  });
  it('keeps room for the more item when some fold', () => {
    expect(fittingTopItems(300, [100, 100, 100, 100], 60)).toBe(2);
  });
  it('never shows fewer than floor(width/116)', () => {
    expect(fittingTopItems(600, [200, 200, 200, 200, 200, 200], 60)).toBe(4);
  });
  it('folds by measured widths in foldItems, by the spec without them', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(foldItems(items, 400, { widths: [90, 90, 90, 90, 90], moreWidth: 60 }).shown).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(foldItems(items, 400, { widths: [70, 70], moreWidth: 60 }).shown).toEqual(['a', 'b']);
  });
});
