// Pure rules of the personal profile page (spec §2 /profile, §5, §7 Users/Current, §9).
import { DEFAULT_UPLOAD_LIMIT, exceedsSize, fileTooLargeMessage } from '@lighting/shared';
import type { ApiData, ApiTree } from '@lighting/shared/api';

/** The profile's own information (the server's answer, shared/src/api/schema.gen.ts). */
export type BaseInfo = ApiData<'/api/system/Permission/Users/Current/BaseInfo', 'get'>;

/** The fields PUT BaseInfo accepts (the server rejects any other). */
export const EDITABLE_FIELDS = [
  'realName',
  'gender',
  'mobile',
  'email',
  'telePhone',
  'postalAddress',
  'signature',
  'birthday',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type BaseInfoPayload = { realName: string } & Partial<{
  gender: number;
  mobile: string;
  email: string;
  telePhone: string;
  postalAddress: string;
  signature: string;
  birthday: number | null;
}>;

export interface BaseInfoForm {
  realName?: string;
  gender?: number | null;
  mobile?: string;
  email?: string;
  telePhone?: string;
  postalAddress?: string;
  signature?: string;
  /** milliseconds (the form converts its date picker value) */
  birthday?: number | null;
}

/** The edit form's values as the PUT body: trimmed strings, only accepted fields. */
export function baseInfoPayload(v: BaseInfoForm): BaseInfoPayload {
  const out: BaseInfoPayload = { realName: (v.realName ?? '').trim() };
  if (v.gender === 1 || v.gender === 2) out.gender = v.gender;
  for (const k of ['mobile', 'email', 'telePhone', 'postalAddress', 'signature'] as const) {
    if (v[k] !== undefined && v[k] !== null) out[k] = String(v[k]).trim();
  }
  if (v.birthday !== undefined) out.birthday = typeof v.birthday === 'number' ? v.birthday : null;
  return out;
}

/** Avatar check before upload: images only, at most 2 MB (spec §5). Null when fine. */
export function avatarProblem(file: { type?: string; size: number }): string | null {
  if (!file.type || !file.type.startsWith('image/')) return 'notImage';
  if (exceedsSize(file.size, DEFAULT_UPLOAD_LIMIT.size, DEFAULT_UPLOAD_LIMIT.unit))
    return fileTooLargeMessage(DEFAULT_UPLOAD_LIMIT.size, DEFAULT_UPLOAD_LIMIT.unit);
  return null;
}

export interface UploadAnswer {
  code?: number;
  msg?: string;
  data?: { name?: string; url?: string } | null;
}

/** The stored name from the uploader's answer, or the error to show. */
export function uploadResult(
  answer: unknown,
): { ok: true; name: string; url: string } | { ok: false; msg: string } {
  const a = (answer ?? {}) as UploadAnswer;
  if (a.code === 200 && a.data && typeof a.data.name === 'string' && a.data.name)
    return { ok: true, name: a.data.name, url: a.data.url ?? '' };
  return { ok: false, msg: a.msg || '请求出错，请重试' };
}

/** Confirm-password check: null when it matches. */
export const passwordsMatch = (password: unknown, confirm: unknown): boolean =>
  typeof password === 'string' && password === confirm;

export const THEMES = ['classic', 'functional', 'plain'] as const;
export type Theme = (typeof THEMES)[number];

/** System-log categories of the SystemLog call (1 login, 5 request, 4 error). */
export const LOG_CATEGORIES = [
  { value: 1, key: 'logLogin' },
  { value: 5, key: 'logRequest' },
  { value: 4, key: 'logError' },
] as const;

export interface AuthModule {
  id: string;
  fullName: string;
  enCode?: string;
  children?: AuthModule[];
}
export interface AuthItem {
  menuId: string;
  menuCode?: string;
  enCode: string;
  fullName: string;
}
type Authorize = ApiData<'/api/system/Permission/Users/Current/Authorize', 'get'>;
/** What the user may open and press (the server's answer; the menu tree whole at every depth). */
export type AuthorizeAnswer = Omit<Authorize, 'module'> & {
  module: Array<ApiTree<Authorize['module'][number]>>;
};

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

/** The module tree as antd tree nodes. */
export function moduleTree(mods: AuthModule[] = []): TreeNode[] {
  return mods.map((m) => {
    const children = moduleTree(m.children ?? []);
    return { key: m.id, title: m.fullName, ...(children.length ? { children } : {}) };
  });
}

/**
 * Buttons or columns as a tree: the module tree pruned to the menus that hold any of the items,
 * with the items (fullName (enCode)) as leaves under their menu.
 */
export function itemTree(mods: AuthModule[] = [], items: AuthItem[] = [], prefix = 'item'): TreeNode[] {
  const byMenu = new Map<string, AuthItem[]>();
  for (const it of items) byMenu.set(it.menuId, [...(byMenu.get(it.menuId) ?? []), it]);
  const seen = new Set<string>();
  const walk = (list: AuthModule[]): TreeNode[] =>
    list.flatMap((m) => {
      seen.add(m.id);
      const leaves = (byMenu.get(m.id) ?? []).map((it) => ({
        key: `${prefix}:${m.id}:${it.enCode}`,
        title: `${it.fullName} (${it.enCode})`,
      }));
      const children = [...walk(m.children ?? []), ...leaves];
      return children.length ? [{ key: `${prefix}:${m.id}`, title: m.fullName, children }] : [];
    });
  const tree = walk(mods);
  // Items whose menu is not in the module tree still show, under their menu code.
  for (const [menuId, list] of byMenu) {
    if (seen.has(menuId)) continue;
    tree.push({
      key: `${prefix}:${menuId}`,
      title: list[0]?.menuCode ?? menuId,
      children: list.map((it) => ({
        key: `${prefix}:${menuId}:${it.enCode}`,
        title: `${it.fullName} (${it.enCode})`,
      })),
    });
  }
  return tree;
}

/** Every key of a tree (to expand it all). */
export function allKeys(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** 'YYYY-MM-DD' of a native date input → local midnight in ms, '' → null. */
export function dateInputToMs(value: string | undefined | null): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
}

/** ms → 'YYYY-MM-DD' (local) for a native date input, null → ''. */
export function msToDateInput(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
