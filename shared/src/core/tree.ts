/**
 * Trees built from flat lists by parent id (spec §4: "Trees built from flat lists by parent id, expanded by default").
 *
 * - An item is a root when its parent id is null/undefined/'', equals `rootValue`, equals its own id, or is not the
 *   id of any item in the list. Items caught in a parent cycle are promoted to roots (first in list order) so
 *   nothing is lost and no node appears twice.
 * - Input items are not mutated: each node is a shallow copy with a fresh `children` array ([] for leaves).
 * - Siblings are sorted by numeric `sortCode` when present (items without one keep their order, after those with one).
 * - Duplicate ids: every duplicate is placed by its own parent id, but children attach only to the first one built.
 */

export type TreeNode<T> = Omit<T, 'children'> & { children: TreeNode<T>[] };

export interface BuildTreeOptions {
  id?: string;
  parentId?: string;
  rootValue?: unknown;
}

type Rec = Record<string, unknown>;

function sortKey(item: object): number {
  const v = (item as Rec).sortCode;
  return typeof v === 'number' && Number.isFinite(v) ? v : Infinity;
}

function bySortCode<N extends object>(list: N[]): N[] {
  return list
    .map((n, i) => ({ n, i, k: sortKey(n) }))
    .sort((a, b) => (a.k === b.k ? a.i - b.i : a.k < b.k ? -1 : 1))
    .map((x) => x.n);
}

export function buildTree<T extends object>(
  flatList: readonly T[],
  options: BuildTreeOptions = {},
): TreeNode<T>[] {
  const idKey = options.id ?? 'id';
  const parentKey = options.parentId ?? 'parentId';
  const idOf = (item: T): unknown => (item as Rec)[idKey];
  const parentOf = (item: T): unknown => (item as Rec)[parentKey];

  const ids = new Set<unknown>();
  for (const item of flatList) ids.add(idOf(item));

  const childrenOf = new Map<unknown, number[]>();
  const isRoot = (item: T): boolean => {
    const p = parentOf(item);
    if (p === null || p === undefined || p === '') return true;
    if ('rootValue' in options && p === options.rootValue) return true;
    if (p === idOf(item)) return true;
    return !ids.has(p);
  };
  flatList.forEach((item, i) => {
    if (isRoot(item)) return;
    const p = parentOf(item);
    const list = childrenOf.get(p);
    if (list) list.push(i);
    else childrenOf.set(p, [i]);
  });

  const visited = new Set<number>();
  const expandedIds = new Set<unknown>();
  const build = (index: number): TreeNode<T> => {
    visited.add(index);
    const item = flatList[index] as T; // index comes from flatList itself
    const node = { ...item, children: [] as TreeNode<T>[] } as TreeNode<T>;
    const id = idOf(item);
    if (!expandedIds.has(id)) {
      expandedIds.add(id);
      const kids: TreeNode<T>[] = [];
      for (const ci of childrenOf.get(id) ?? []) if (!visited.has(ci)) kids.push(build(ci));
      node.children = bySortCode(kids);
    }
    return node;
  };

  const roots: TreeNode<T>[] = [];
  flatList.forEach((item, i) => {
    if (isRoot(item) && !visited.has(i)) roots.push(build(i));
  });
  // cycles: nodes never reached from a root
  flatList.forEach((_item, i) => {
    if (!visited.has(i)) roots.push(build(i));
  });
  return bySortCode(roots);
}

/** Keys of every node that has children (trees are expanded by default), depth-first. */
export function expandedKeys<T extends object>(tree: readonly TreeNode<T>[], idKey = 'id'): unknown[] {
  const out: unknown[] = [];
  const walk = (nodes: readonly TreeNode<T>[]): void => {
    for (const n of nodes) {
      if (n.children.length > 0) {
        out.push((n as Rec)[idKey]);
        walk(n.children);
      }
    }
  };
  walk(tree);
  return out;
}

export interface FilterTreeOptions {
  /** Keep the whole subtree under a matching node (default false: only matches and their ancestors). */
  keepDescendants?: boolean;
}

/** Nodes matching `predicate` plus their ancestors; returns new nodes, input untouched. */
export function filterTree<T extends object>(
  tree: readonly TreeNode<T>[],
  predicate: (node: TreeNode<T>) => boolean,
  options: FilterTreeOptions = {},
): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  for (const node of tree) {
    const matched = predicate(node);
    if (matched && options.keepDescendants) {
      out.push(node);
      continue;
    }
    const children = filterTree(node.children, predicate, options);
    if (matched || children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** Depth-first list of all nodes. */
export function flattenTree<T extends object>(tree: readonly TreeNode<T>[]): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  const walk = (nodes: readonly TreeNode<T>[]): void => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}
