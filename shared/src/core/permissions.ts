/**
 * Column and button permissions (spec §6): the route's modelId is matched to a permission entry; a column/button is
 * granted when the entry's list contains the code. No modelId or no matching entry means denied.
 */

export interface PermissionItem {
  enCode: string;
}

export interface PermissionEntry {
  modelId: string;
  column?: readonly PermissionItem[] | null;
  button?: readonly PermissionItem[] | null;
}

export type PermissionList = readonly PermissionEntry[] | null | undefined;

export const DEFAULT_BUTTONS: readonly string[] = ['btn_add', 'btn_edit', 'btn_remove'];

export function findPermission(
  list: PermissionList,
  modelId: string | null | undefined,
): PermissionEntry | undefined {
  if (!modelId || !list) return undefined;
  return list.find((p) => p.modelId === modelId);
}

function listHas(items: readonly PermissionItem[] | null | undefined, code: string): boolean {
  return !!items && items.some((i) => i.enCode === code);
}

export function hasColumn(list: PermissionList, modelId: string | null | undefined, code: string): boolean {
  return listHas(findPermission(list, modelId)?.column, code);
}

export function hasButton(list: PermissionList, modelId: string | null | undefined, code: string): boolean {
  return listHas(findPermission(list, modelId)?.button, code);
}

/** True when at least one of `codes` (default btn_add, btn_edit, btn_remove) is granted. */
export function hasAnyButton(
  list: PermissionList,
  modelId: string | null | undefined,
  codes: readonly string[] = DEFAULT_BUTTONS,
): boolean {
  return codes.some((c) => hasButton(list, modelId, c));
}
