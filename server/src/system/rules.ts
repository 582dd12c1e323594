/** Pure rules of the system domain (no I/O). */
import { refId } from '../kernel';

/** One live session (token) of a user, as the online-user list reads it. */
export interface LiveSession {
  userId: string;
  userName: string;
  account: string;
  organize: string;
  sessionId: string;
  loginTime: number;
  loginIp: string;
  loginAddress: string;
  expiresAt: number;
}

/** A signed-in person: their sessions inside, the newest first; `connected` when a page of theirs is open. */
export interface OnlinePerson {
  userId: string;
  userName: string;
  account: string;
  organize: string;
  /** the newest session's sign-in */
  loginTime: number;
  loginIp: string;
  loginAddress: string;
  expiresAt: number;
  connected: boolean;
  sessionCount: number;
  sessions: Array<Pick<LiveSession, 'sessionId' | 'loginTime' | 'loginIp' | 'loginAddress' | 'expiresAt'>>;
}

/**
 * The online-user list: one row per person (not one per sign-in), people with an open page first,
 * then by their newest sign-in. `connected` names the users with a socket open anywhere.
 */
export function onlinePeople(
  sessions: readonly LiveSession[],
  connected: ReadonlySet<string>,
): OnlinePerson[] {
  const byUser = new Map<string, LiveSession[]>();
  for (const s of sessions) {
    const list = byUser.get(s.userId);
    if (list) list.push(s);
    else byUser.set(s.userId, [s]);
  }
  const people = [...byUser.values()].map((list): OnlinePerson => {
    const own = [...list].sort((a, b) => b.loginTime - a.loginTime);
    const newest = own[0]!;
    return {
      userId: newest.userId,
      userName: newest.userName,
      account: newest.account,
      organize: newest.organize,
      loginTime: newest.loginTime,
      loginIp: newest.loginIp,
      loginAddress: newest.loginAddress,
      expiresAt: Math.max(...own.map((s) => s.expiresAt)),
      connected: connected.has(newest.userId),
      sessionCount: own.length,
      sessions: own.map(({ sessionId, loginTime, loginIp, loginAddress, expiresAt }) => ({
        sessionId,
        loginTime,
        loginIp,
        loginAddress,
        expiresAt,
      })),
    };
  });
  return people.sort((a, b) => Number(b.connected) - Number(a.connected) || b.loginTime - a.loginTime);
}

/** An error row's stored details (source, app, stacks, browser), or {} when unreadable. */
export function parseDetail(json: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export interface UserInput {
  realName: string;
  gender?: number;
  mobile?: string;
  email?: string;
  organizeId: string;
  positionId?: string | null;
  managerId?: string | null;
  enabledMark?: number;
  sortCode?: number;
  quickQuery?: string;
}

/** The user columns an administrator's form writes, with their defaults (an empty reference is none). */
export function userValues(b: UserInput) {
  return {
    realName: b.realName,
    gender: b.gender ?? 3,
    mobile: b.mobile ?? '',
    email: b.email ?? '',
    organizeId: b.organizeId,
    positionId: refId(b.positionId),
    managerId: refId(b.managerId),
    enabledMark: b.enabledMark ?? 1,
    sortCode: b.sortCode ?? 0,
    quickQuery: b.quickQuery ?? '',
  };
}

export interface CachedItem {
  id: string;
  enCode: string;
  fullName: string;
  fullNameZhtw: string;
  fullNameEn: string;
  parentId: string;
  sortCode: number;
}

/**
 * The client's dictionary cache: each type with its items (in the order given), a top-level item's
 * parent written '0'.
 */
export function dictionaryCache(
  types: ReadonlyArray<{ id: string; enCode: string; fullName: string; isTree: number }>,
  data: ReadonlyArray<Omit<CachedItem, 'parentId'> & { dictionaryTypeId: string; parentId: string | null }>,
) {
  const byType = new Map<string, CachedItem[]>();
  for (const d of data) {
    const list = byType.get(d.dictionaryTypeId) ?? [];
    list.push({
      id: d.id,
      enCode: d.enCode,
      fullName: d.fullName,
      fullNameZhtw: d.fullNameZhtw,
      fullNameEn: d.fullNameEn,
      parentId: d.parentId ?? '0',
      sortCode: d.sortCode,
    });
    byType.set(d.dictionaryTypeId, list);
  }
  return types.map((t) => ({
    id: t.id,
    enCode: t.enCode,
    fullName: t.fullName,
    isTree: t.isTree,
    dictionaryList: byType.get(t.id) ?? [],
  }));
}

/**
 * The departments reachable from a company without passing through another company, depth first
 * in the rows' order.
 */
export function departmentsUnder<T extends { id: string; parentId: string | null; category: string }>(
  rows: readonly T[],
  companyId: string,
): T[] {
  const under: T[] = [];
  const walk = (parent: string): void => {
    for (const r of rows)
      if (r.parentId === parent && r.category === 'department') {
        under.push(r);
        walk(r.id);
      }
  };
  walk(companyId);
  return under;
}

/** Rows put in the order of `ids` (a page's ids in their sort order); ids without a row are left out. */
export function inIdOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}
