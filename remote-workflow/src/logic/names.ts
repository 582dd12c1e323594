// Names of the organisation's people, positions and roles for the designer's summaries and the
// task pages: the selector trees (users and positions hang under their organisation units) are
// flattened into id → name maps. Pure.

export interface TreeNodeLike {
  id: string;
  fullName: string;
  type?: string;
  children?: readonly TreeNodeLike[] | null;
}

/** Ids and names of the nodes of `type` anywhere in the trees (every node when type is null). */
export function namesOfType(trees: readonly TreeNodeLike[], type: string | null): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (n: TreeNodeLike) => {
    if (type === null || n.type === type) out.set(n.id, n.fullName);
    n.children?.forEach(visit);
  };
  trees.forEach(visit);
  return out;
}

/** The user part of a selector's 'realName/account' label. */
export const personName = (label: string): string => {
  const i = label.lastIndexOf('/');
  return i > 0 ? label.slice(0, i) : label;
};

export interface Directory {
  users: ReadonlyMap<string, string>;
  positions: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, string>;
}

export const EMPTY_DIRECTORY: Directory = { users: new Map(), positions: new Map(), roles: new Map() };

/**
 * The names of the chosen users, positions and roles in that order; an id no longer in the
 * organisation shows as itself (a removed user is still named by something).
 */
export function chosenNames(
  dir: Directory,
  users: readonly string[] = [],
  positions: readonly string[] = [],
  roles: readonly string[] = [],
): string[] {
  return [
    ...users.map((id) => personName(dir.users.get(id) ?? id)),
    ...positions.map((id) => dir.positions.get(id) ?? id),
    ...roles.map((id) => dir.roles.get(id) ?? id),
  ];
}

export interface PickNode {
  value: string;
  title: string;
  /** only nodes of the wanted type can be picked; the units above them only open */
  selectable: boolean;
  children?: PickNode[];
}

/**
 * A selector tree as antd TreeSelect data where only nodes of `type` can be picked; units with
 * nothing of that type below them are left out.
 */
export function pickableTree(trees: readonly TreeNodeLike[], type: string): PickNode[] {
  const conv = (n: TreeNodeLike): PickNode | null => {
    const children = (n.children ?? []).map(conv).filter((c): c is PickNode => c !== null);
    const own = n.type === type;
    if (!own && children.length === 0) return null;
    return {
      value: n.id,
      title: type === 'user' && own ? personName(n.fullName) : n.fullName,
      selectable: own,
      ...(children.length ? { children } : {}),
    };
  };
  return trees.map(conv).filter((c): c is PickNode => c !== null);
}
