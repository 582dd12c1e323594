/**
 * Key sets for checkable trees (permission trees, organisation trees): every key, the keys of nodes
 * with children (what "expand all" opens), and what a save sends (checked plus half-checked parents,
 * so a granted button keeps its menu).
 */
export interface KeyNode {
  id: string;
  children?: readonly KeyNode[] | null;
}

/** Every id, depth-first. */
export function allKeys(tree: readonly KeyNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly KeyNode[]): void => {
    for (const n of nodes) {
      out.push(n.id);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Ids of nodes that have children: "expand all". */
export function parentKeys(tree: readonly KeyNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly KeyNode[]): void => {
    for (const n of nodes) {
      if (n.children && n.children.length > 0) {
        out.push(n.id);
        walk(n.children);
      }
    }
  };
  walk(tree);
  return out;
}

/** Ids of nodes without children. */
export function leafKeys(tree: readonly KeyNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly KeyNode[]): void => {
    for (const n of nodes) {
      if (n.children && n.children.length > 0) walk(n.children);
      else out.push(n.id);
    }
  };
  walk(tree);
  return out;
}

/**
 * Splits saved ids into what an antd checkable Tree shows as checked: a parent is shown checked only
 * when all its descendants are (otherwise antd's conduction would check children that were never
 * granted); the rest of the granted parents come out half-checked by conduction.
 */
export function checkedForDisplay(tree: readonly KeyNode[], granted: readonly string[]): string[] {
  const set = new Set(granted);
  const out: string[] = [];
  const walk = (nodes: readonly KeyNode[]): boolean => {
    let all = true;
    for (const n of nodes) {
      const kids = n.children ?? [];
      const full = kids.length > 0 ? walk(kids) && set.has(n.id) : set.has(n.id);
      if (kids.length === 0 && set.has(n.id)) out.push(n.id);
      if (kids.length > 0 && full) out.push(n.id);
      if (!full) all = false;
    }
    return all;
  };
  walk(tree);
  return out;
}

/** What a save sends: checked ids plus half-checked ancestors, without duplicates, tree order. */
export function keysToSave(
  tree: readonly KeyNode[],
  checked: readonly string[],
  halfChecked: readonly string[],
): string[] {
  const set = new Set([...checked, ...halfChecked]);
  return allKeys(tree).filter((k) => set.has(k));
}

/** Ids whose node (or an ancestor's subtree) matches the text; for search-and-expand. */
export function matchingAncestors(
  tree: readonly (KeyNode & { fullName?: string })[],
  text: string,
): string[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const out = new Set<string>();
  const walk = (nodes: readonly (KeyNode & { fullName?: string })[], path: string[]): void => {
    for (const n of nodes) {
      if ((n.fullName ?? '').toLowerCase().includes(needle)) path.forEach((p) => out.add(p));
      if (n.children) walk(n.children as (KeyNode & { fullName?: string })[], [...path, n.id]);
    }
  };
  walk(tree, []);
  return [...out];
}

export interface AntNode {
  key: string;
  title: string;
  children?: AntNode[];
  isLeaf?: boolean;
}

/** { id, fullName, children } → antd Tree data { key, title, children }. */
export function toAntTree(nodes: readonly (KeyNode & { fullName?: string })[]): AntNode[] {
  return nodes.map((n) => {
    const kids = (n.children ?? []) as (KeyNode & { fullName?: string })[];
    return kids.length > 0
      ? { key: n.id, title: n.fullName ?? n.id, children: toAntTree(kids) }
      : { key: n.id, title: n.fullName ?? n.id };
  });
}

/** Nodes whose fullName contains the text (case-insensitive), with their ancestors; all when blank. */
export function filterByName<N extends KeyNode & { fullName?: string }>(
  nodes: readonly N[],
  text: string,
): N[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: N[] = [];
  for (const n of nodes) {
    const kids = filterByName((n.children ?? []) as N[], text);
    if ((n.fullName ?? '').toLowerCase().includes(needle) || kids.length > 0)
      out.push({ ...n, children: kids });
  }
  return out;
}
