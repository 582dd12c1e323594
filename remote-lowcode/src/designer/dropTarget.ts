/**
 * Where a drop lands (pure): from what the pointer is over (a control in some list, or a list's
 * own area) and the pointer's position, the list and the insertion index; and which of several
 * nested drop areas under the pointer wins (the innermost, i.e. the smallest).
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type Over =
  /** a control at `index` of `list`; `wide` when it takes the whole row (span 24) */
  | { kind: 'item'; list: string; index: number; rect: Box; wide: boolean }
  /** a list's own area (empty space at its end, or an empty list) of `length` controls */
  | { kind: 'list'; list: string; length: number };

export interface Point {
  x: number;
  y: number;
}

/** The insertion index (in the list as it is now) of a drop at `p` over `over`. */
export function insertionPoint(over: Over, p: Point): { list: string; index: number } {
  if (over.kind === 'list') return { list: over.list, index: over.length };
  const r = over.rect;
  // a whole-row control splits top / bottom; a narrower one (in a grid row) splits left / right
  const after = over.wide ? p.y > r.top + r.height / 2 : p.x > r.left + r.width / 2;
  return { list: over.list, index: over.index + (after ? 1 : 0) };
}

/**
 * A move's final index from an insertion index: taking the control out of the same list first
 * shifts the places after it by one.
 */
export function finalIndex(
  from: { list: string; index: number },
  to: { list: string; index: number },
): number {
  return from.list === to.list && from.index < to.index ? to.index - 1 : to.index;
}

/** Of the boxes under the pointer, the innermost (smallest area) wins; ties keep the first. */
export function innermost<T extends { rect: Box }>(hits: readonly T[]): T | null {
  let best: T | null = null;
  for (const h of hits)
    if (!best || h.rect.width * h.rect.height < best.rect.width * best.rect.height) best = h;
  return best;
}

export const contains = (r: Box, p: Point): boolean =>
  p.x >= r.left && p.x <= r.left + r.width && p.y >= r.top && p.y <= r.top + r.height;
