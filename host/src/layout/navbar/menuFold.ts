// Functional layout (spec §2, §9): the top menu fits floor(width / 116) items; the rest fold into
// a '更多' item. That count is a floor, not a cap: when the items, as drawn, are narrower than 116
// px, as many as fit are shown (measured widths). Pure.
export const TOP_ITEM_WIDTH = 116;

/** How many of `count` items show directly in a menu `width` pixels wide (the rest fold). */
export function visibleTopItems(width: number, count: number): number {
  const fit = Math.max(0, Math.floor(width / TOP_ITEM_WIDTH));
  if (count <= fit) return count;
  // one slot goes to the '更多' item itself
  return Math.max(0, fit - 1);
}

/**
 * How many items, `widths` as drawn (px, in order), show in `width` px, keeping `moreWidth` for the
 * '更多' item when some fold; never fewer than the spec's visibleTopItems.
 */
export function fittingTopItems(width: number, widths: readonly number[], moreWidth: number): number {
  const floor = visibleTopItems(width, widths.length);
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= width) return widths.length;
  let used = moreWidth;
  let n = 0;
  while (n < widths.length && used + widths[n]! <= width) used += widths[n++]!;
  return Math.max(floor, n);
}

export function foldItems<T>(
  items: readonly T[],
  width: number,
  measured?: { widths: readonly number[]; moreWidth: number },
): { shown: T[]; folded: T[] } {
  const n =
    measured && measured.widths.length === items.length
      ? fittingTopItems(width, measured.widths, measured.moreWidth)
      : visibleTopItems(width, items.length);
  return { shown: items.slice(0, n), folded: items.slice(n) };
}
