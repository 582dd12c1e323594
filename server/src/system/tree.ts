/** Builds nested trees from flat rows by parent id (pure). Roots: parent null, '', '-1' or absent. */

export interface FlatRow {
  id: string;
  parentId: string | null;
  sortCode?: number;
}

export type TreeNode<T> = T & { parentId: string; hasChildren: boolean; children: Array<TreeNode<T>> };

export function buildTree<T extends FlatRow>(rows: readonly T[]): Array<TreeNode<T>> {
  const nodes = new Map<string, TreeNode<T>>();
  for (const r of rows)
    nodes.set(r.id, { ...r, parentId: r.parentId ?? '-1', hasChildren: false, children: [] });
  const roots: Array<TreeNode<T>> = [];
  for (const n of nodes.values()) {
    const parent = n.parentId && n.parentId !== '-1' ? nodes.get(n.parentId) : undefined;
    if (parent && parent !== n) parent.children.push(n);
    else roots.push(n);
  }
  const seen = new Set<string>();
  const finish = (list: Array<TreeNode<T>>): void => {
    list.sort((a, b) => (a.sortCode ?? 0) - (b.sortCode ?? 0) || a.id.localeCompare(b.id));
    for (const n of list) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      finish(n.children);
      n.hasChildren = n.children.length > 0;
    }
  };
  finish(roots);
  return roots;
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

/** Ids of `rootId` and everything below it. */
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
