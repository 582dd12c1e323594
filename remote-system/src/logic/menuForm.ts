/**
 * The menu form (system/menu): the seven menu types, which fields each needs, and the body the
 * server takes (propertyJson for 3/4/5 carries moduleId and isTree; linkTarget only for 7).
 */
export const MENU_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** 1 directory, 2 page, 3 function (online form), 4 dictionary, 5 report, 6 large screen, 7 external link. */
export const needsUrl = (type: number): boolean => type !== 1 && type !== 6;
export const needsProperty = (type: number): boolean => type === 3 || type === 4 || type === 5;
export const needsLinkTarget = (type: number): boolean => type === 7;

export interface MenuFormValues {
  parentId?: string | null;
  type: number;
  fullName: string;
  enCode: string;
  icon?: string;
  urlAddress?: string;
  moduleId?: string;
  isTree?: boolean;
  linkTarget?: '_self' | '_blank';
  sortCode?: number | null;
  enabledMark?: boolean;
}

export interface MenuBody {
  parentId: string;
  type: number;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress?: string;
  propertyJson?: string;
  linkTarget?: '_self' | '_blank';
  sortCode: number;
  enabledMark: 0 | 1;
}

export function toMenuBody(v: MenuFormValues): MenuBody {
  const body: MenuBody = {
    parentId: v.parentId || '-1',
    type: v.type,
    fullName: v.fullName.trim(),
    enCode: v.enCode.trim(),
    icon: (v.icon ?? '').trim(),
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark === false ? 0 : 1,
  };
  if (needsUrl(v.type)) body.urlAddress = (v.urlAddress ?? '').trim();
  if (needsProperty(v.type))
    body.propertyJson = JSON.stringify({ moduleId: (v.moduleId ?? '').trim(), isTree: v.isTree ? 1 : 0 });
  if (needsLinkTarget(v.type)) body.linkTarget = v.linkTarget ?? '_blank';
  return body;
}

export interface MenuRow {
  id: string;
  parentId: string;
  type: number;
  fullName: string;
  enCode: string;
  icon?: string | null;
  urlAddress?: string | null;
  propertyJson?: string | null;
  linkTarget?: string | null;
  sortCode?: number | null;
  enabledMark?: number;
}

/** A stored menu back into form values (a broken propertyJson leaves the fields empty). */
export function fromMenuRow(m: MenuRow): MenuFormValues {
  let moduleId = '';
  let isTree = false;
  if (m.propertyJson) {
    try {
      const p = JSON.parse(m.propertyJson) as { moduleId?: unknown; isTree?: unknown };
      moduleId = typeof p.moduleId === 'string' ? p.moduleId : '';
      isTree = p.isTree === 1 || p.isTree === true;
    } catch {
      /* keep empty */
    }
  }
  return {
    parentId: m.parentId === '-1' ? null : m.parentId,
    type: m.type,
    fullName: m.fullName,
    enCode: m.enCode,
    icon: m.icon ?? '',
    urlAddress: m.urlAddress ?? '',
    moduleId,
    isTree,
    linkTarget: m.linkTarget === '_self' ? '_self' : '_blank',
    sortCode: m.sortCode ?? 0,
    enabledMark: m.enabledMark !== 0,
  };
}
