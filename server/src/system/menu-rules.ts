/** Menu entry checks (pure): what each of the seven types needs. Messages name the field. */
import { isEnCode, isSafeLink, MESSAGES } from '@lighting/shared/core';

/** A console route as pages (types 2–5) name it: 'system/user', 'bt/map/fault' (no scheme, no host). */
export const ROUTE_PATH = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export interface MenuInput {
  type: number;
  enCode: string;
  urlAddress?: string;
  propertyJson?: string;
  linkTarget?: string;
}

/** The problem with a menu entry as "field: message", or null. */
export function menuProblem(m: MenuInput): string | null {
  if (!isEnCode(m.enCode)) return `enCode: ${MESSAGES.enCode}`;
  const url = (m.urlAddress ?? '').trim();
  if ([2, 3, 4, 5, 7].includes(m.type) && !url) return 'urlAddress: required';
  if (m.type === 7) {
    // a stored link is opened by every user the menu reaches, in a tab or a frame: only safe ones
    if (!isSafeLink(url)) return `urlAddress: ${MESSAGES.safeLink}`;
  } else if (url && /^(https?:)?\/\//i.test(url)) return 'urlAddress: 页面地址不能是外部链接';
  else if (url && !ROUTE_PATH.test(url)) return 'urlAddress: 页面地址只能包含英文字母、数字和 / _ . -';
  if ([3, 4, 5, 6].includes(m.type)) {
    let p: unknown;
    try {
      p = JSON.parse(m.propertyJson ?? '');
    } catch {
      return 'propertyJson: must be a JSON object';
    }
    if (!p || typeof p !== 'object' || Array.isArray(p)) return 'propertyJson: must be a JSON object';
    const o = p as Record<string, unknown>;
    if (typeof o.moduleId !== 'string' || !o.moduleId) return 'propertyJson: moduleId required';
    if (o.isTree !== undefined && o.isTree !== 0 && o.isTree !== 1)
      return 'propertyJson: isTree must be 0 or 1';
  }
  if (m.type === 7 && !['_self', '_blank'].includes(m.linkTarget ?? '_blank'))
    return 'linkTarget: must be one of _self, _blank';
  return null;
}

export interface MenuBodyInput extends MenuInput {
  fullName: string;
  icon?: string;
  sortCode?: number;
  enabledMark?: number;
}

/** The columns a checked menu body writes (its parent already resolved). */
export function menuValues(b: MenuBodyInput, parentId: string | null) {
  const typed = [3, 4, 5, 6].includes(b.type);
  return {
    parentId,
    type: b.type,
    enCode: b.enCode,
    fullName: b.fullName.trim(),
    icon: b.icon ?? '',
    urlAddress: b.type === 1 || b.type === 6 ? (b.urlAddress ?? '') : (b.urlAddress ?? '').trim(),
    propertyJson: typed ? JSON.stringify(JSON.parse(b.propertyJson ?? '{}')) : '{}',
    linkTarget: b.type === 7 ? (b.linkTarget ?? '_blank') : b.type === 6 ? (b.linkTarget ?? '_blank') : '',
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
  };
}

/** The first code named twice in a list, or undefined. */
export function firstDuplicate(codes: readonly string[]): string | undefined {
  return codes.find((c, i) => codes.indexOf(c) !== i);
}

/** A menu entry's propertyJson as the JNPF 3.x form sends it (an object) or as ours does (JSON text). */
export type PropertyJsonInput = string | { moduleId?: string; iconBackgroundColor?: string; isTree?: number };

/** propertyJson as text, whichever way it came. */
export function propertyJsonText(p: PropertyJsonInput | undefined): string | undefined {
  return p === undefined || typeof p === 'string' ? p : JSON.stringify(p);
}

/**
 * What the JNPF 3.x client reads on a menu row beside our fields: its category (we have the web
 * console's menu only) and whether the row has a button and a column catalogue (pages, types 2–5),
 * which decides whether its menu page offers 按钮权限 / 列表权限.
 */
export function jnpfMenuFlags(type: number) {
  const page = type >= 2 && type <= 5 ? 1 : 0;
  return { category: 'Web', isButtonAuthorize: page, isColumnAuthorize: page } as const;
}

/** A button's or a column's code and name in a menu's catalogue (one schema for every path that writes them). */
export const catalogueCodeField = {
  type: 'string',
  minLength: 1,
  maxLength: 50,
  pattern: '^[A-Za-z0-9_.]+$',
  'x-msg': '只能包含字母、数字、_ 和 .',
} as const;
export const catalogueNameField = { type: 'string', minLength: 1, maxLength: 50 } as const;
