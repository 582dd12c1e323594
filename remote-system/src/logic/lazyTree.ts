/**
 * The area tree loads children on expand (GET Area/{parentId}; -1 is the root). Pure updates of the
 * loaded tree: put an id's children in place, and know whether a row may still have children.
 */
export interface LazyNode {
  id: string;
  isLeaf?: boolean;
  hasChildren?: boolean;
  children?: LazyNode[] | undefined;
}

/** Leaves get no expander; unloaded parents get an empty children array so the table offers one. */
export function prepareRows<N extends LazyNode>(rows: readonly N[]): N[] {
  return rows.map((r) => {
    const leaf = r.isLeaf === true || r.hasChildren === false;
    const { children: _drop, ...rest } = r;
    return (leaf ? rest : { ...rest, children: [] }) as N;
  });
}

/** A copy of the tree with `parentId`'s children replaced (root when parentId is '-1'). */
export function setChildren<N extends LazyNode>(
  tree: readonly N[],
  parentId: string,
  children: readonly N[],
): N[] {
  const prepared = prepareRows(children);
  if (parentId === '-1') return prepared;
  const walk = (nodes: readonly N[]): N[] =>
    nodes.map((n) => {
      if (n.id === parentId) {
        return (
          prepared.length ? { ...n, children: prepared } : { ...n, children: undefined, isLeaf: true }
        ) as N;
      }
      return n.children ? ({ ...n, children: walk(n.children as N[]) } as N) : n;
    });
  return walk(tree);
}

/** True when the node's children were never loaded (empty placeholder array). */
export function needsLoad(n: LazyNode): boolean {
  return Array.isArray(n.children) && n.children.length === 0 && n.isLeaf !== true;
}
