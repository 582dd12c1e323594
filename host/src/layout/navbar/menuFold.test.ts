import { foldItems, visibleTopItems } from './menuFold';

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
