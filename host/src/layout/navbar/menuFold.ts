// Functional layout (spec §2, §9): the top menu fits floor(width / 116) items; the rest fold into
// a '更多' item. Pure.
export const TOP_ITEM_WIDTH = 116;

/** How many of `count` items show directly in a menu `width` pixels wide (the rest fold). */
export function visibleTopItems(width: number, count: number): number {
  const fit = Math.max(0, Math.floor(width / TOP_ITEM_WIDTH));
  if (count <= fit) return count;
  // one slot goes to the '更多' item itself
  return Math.max(0, fit - 1);
}

export function foldItems<T>(items: readonly T[], width: number): { shown: T[]; folded: T[] } {
  const n = visibleTopItems(width, items.length);
  return { shown: items.slice(0, n), folded: items.slice(n) };
}
