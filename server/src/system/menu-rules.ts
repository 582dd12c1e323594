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
