// The organisation's users, positions and roles (the Permission selector calls, spec §7), fetched
// once per page and shared by the designer's pickers, its summaries and the task pages (effects).
import { useEffect, useMemo, useState } from 'react';
import { request } from '@lighting/shared';
import { namesOfType, EMPTY_DIRECTORY, type Directory, type TreeNodeLike } from './logic/names';

export const SELECTOR_URLS = {
  users: '/system/Permission/Users/Selector',
  positions: '/system/Permission/Position/Selector',
  roles: '/system/Permission/Role/Selector',
} as const;

export interface DirectoryTrees {
  users: TreeNodeLike[];
  positions: TreeNodeLike[];
  roles: TreeNodeLike[];
}

let loading: Promise<DirectoryTrees> | null = null;

const list = async (url: string): Promise<TreeNodeLike[]> =>
  (await request<{ list: TreeNodeLike[] }>({ url, method: 'get' })).data?.list ?? [];

/** The three selector lists (a failed load is forgotten, so the next reader tries again). */
export function loadDirectory(): Promise<DirectoryTrees> {
  if (!loading) {
    loading = Promise.all([
      list(SELECTOR_URLS.users),
      list(SELECTOR_URLS.positions),
      list(SELECTOR_URLS.roles),
    ]).then(([users, positions, roles]) => ({
      users,
      positions,
      roles: roles.map((r) => ({ ...r, type: 'role' })),
    }));
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export function toDirectory(trees: DirectoryTrees): Directory {
  return {
    users: namesOfType(trees.users, 'user'),
    positions: namesOfType(trees.positions, 'position'),
    roles: namesOfType(trees.roles, 'role'),
  };
}

/** The trees and the names, once loaded (empty until then). */
export function useDirectory(): { trees: DirectoryTrees | null; dir: Directory } {
  const [trees, setTrees] = useState<DirectoryTrees | null>(null);
  useEffect(() => {
    let alive = true;
    loadDirectory().then(
      (t) => alive && setTrees(t),
      () => undefined, // the HTTP client showed why
    );
    return () => {
      alive = false;
    };
  }, []);
  const dir = useMemo(() => (trees ? toDirectory(trees) : EMPTY_DIRECTORY), [trees]);
  return { trees, dir };
}
