/**
 * Authorisation (permission/authorize): the four grant kinds and which tree ids each save sends.
 * Button / column / data-scope leaves have ids `${menuId}:b|c|d:${code}`; the menus above them in
 * those trees are structure only, so only leaves of the kind are sent.
 */
export const GRANT_KINDS = ['module', 'button', 'column', 'resource'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];
export type Grants = Record<GrantKind, string[]>;

const MARK: Record<Exclude<GrantKind, 'module'>, string> = { button: ':b:', column: ':c:', resource: ':d:' };

export function grantIds(kind: GrantKind, ids: readonly string[]): string[] {
  const uniq = [...new Set(ids)];
  if (kind === 'module') return uniq.filter((id) => !/:[bcd]:/.test(id));
  return uniq.filter((id) => id.includes(MARK[kind]));
}

export function grantsBody(state: Grants): Grants {
  return {
    module: grantIds('module', state.module),
    button: grantIds('button', state.button),
    column: grantIds('column', state.column),
    resource: grantIds('resource', state.resource),
  };
}

/** Menu ids that a granted button/column/scope leaf needs but the module grants lack. */
export function missingMenus(state: Grants): string[] {
  const menus = new Set(state.module);
  const out = new Set<string>();
  for (const kind of ['button', 'column', 'resource'] as const) {
    for (const id of grantIds(kind, state[kind])) {
      const menuId = id.slice(0, id.indexOf(MARK[kind]));
      if (!menus.has(menuId)) out.add(menuId);
    }
  }
  return [...out];
}
