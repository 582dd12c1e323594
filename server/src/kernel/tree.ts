/**
 * Trees over flat {id, parentId} rows (pure). The nesting is shared/core's `buildTree` (the same
 * rule the console uses); the server's answers add JNPF's shape: `parentId` '-1' at the top and
 * `hasChildren`. Roots: parent null, '', '-1', '0' or a parent not in the list; siblings by
 * sortCode, then id.
 */
import { buildTree as nest, type TreeNode as Nested } from '@lighting/shared/core';

export interface FlatRow {
  id: string;
  parentId: string | null;
  sortCode?: number;
}

export type TreeNode<T> = T & { parentId: string; hasChildren: boolean; children: Array<TreeNode<T>> };

export function buildTree<T extends FlatRow>(rows: readonly T[]): Array<TreeNode<T>> {
  const ordered = [...rows].sort(
    (a, b) => (a.sortCode ?? 0) - (b.sortCode ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const shape = (n: Nested<T>): TreeNode<T> => {
    const children = n.children.map(shape);
    const parentId = (n as unknown as T).parentId;
    return {
      ...(n as unknown as T),
      parentId: parentId && parentId !== '0' ? parentId : '-1',
      hasChildren: children.length > 0,
      children,
    };
  };
  return nest(ordered, { rootValue: '-1' }).map(shape);
}

/** The rows matching `keep` plus all their ancestors (keyword search in a tree). */
export function withAncestors<T extends FlatRow>(rows: readonly T[], keep: (r: T) => boolean): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Set<string>();
  for (const r of rows) {
    if (!keep(r)) continue;
    let cur: T | undefined = r;
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
  }
  return rows.filter((r) => out.has(r.id));
}

/** Ids of `rootId` and everything below it (cycle-safe; an unknown root is its own subtree). */
export function subtreeIds(rows: readonly FlatRow[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.parentId) continue;
    const l = children.get(r.parentId) ?? [];
    l.push(r.id);
    children.set(r.parentId, l);
  }
  const out = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
