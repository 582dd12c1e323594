/** Pure rules of the system domain (no I/O). */

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
