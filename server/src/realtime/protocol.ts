/** The socket's JSON messages (spec §7 "Realtime socket"). Pure. */

export const LOGOUT_MSG = '登录过期,请重新登录';

export interface OnConnection {
  method: 'OnConnection';
  token: string;
  mobileDevice: boolean;
  /** the page's language (a language tag: 'zh-CN', 'zh-TW', 'en'): the socket's messages are in it */
  language?: string;
}

export interface OtherClientMessage {
  method: string;
  [key: string]: unknown;
}

export type ClientMessage = OnConnection | OtherClientMessage;

/** The largest text frame a client may send (characters). */
export const MAX_FRAME_CHARS = 64 * 1024;

/** A frame that is not a message: what is wrong with it (answered with a chatError, never dropped). */
export interface BadFrame {
  bad: string;
}

/**
 * Parses one text frame: the message, or what is wrong with it (`field: problem`, as every 400 says)
 * for anything that is not a JSON object with a string `method`.
 */
export function parseClientMessage(raw: string): ClientMessage | BadFrame {
  if (raw.length > MAX_FRAME_CHARS) return { bad: `frame: must be at most ${MAX_FRAME_CHARS} characters` };
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return { bad: 'frame: must be JSON' };
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { bad: 'frame: must be a JSON object' };
  const o = v as Record<string, unknown>;
  if (o.method === undefined) return { bad: 'method: required' };
  if (typeof o.method !== 'string' || o.method === '') return { bad: 'method: must be a non-empty string' };
  if (o.method === 'OnConnection') {
    return {
      method: 'OnConnection',
      token: typeof o.token === 'string' ? o.token : '',
      mobileDevice: o.mobileDevice === true,
      ...(typeof o.language === 'string' ? { language: o.language.slice(0, 35) } : {}),
    };
  }
  return { ...o, method: o.method };
}

export const isBadFrame = (m: ClientMessage | BadFrame): m is BadFrame => 'bad' in m && !('method' in m);

export function isOnConnection(m: ClientMessage): m is OnConnection {
  return m.method === 'OnConnection';
}

export interface ServerMessage {
  method: string;
  [key: string]: unknown;
}

export const logoutMessage = (msg: string = LOGOUT_MSG): ServerMessage => ({ method: 'logout', msg });

/** A user's unread in-app messages: all types, and notices (type 1) only. */
export interface UnreadCounts {
  unreadMessageCount: number;
  unreadNoticeCount: number;
}

export const NO_UNREAD: UnreadCounts = { unreadMessageCount: 0, unreadNoticeCount: 0 };

export function initMessage(
  onlineUsers: string[],
  socketId: string,
  counts: UnreadCounts = NO_UNREAD,
  /** chat: the user's conversations with their unread counts (chat/store.ts summary) */
  unreadNums: readonly object[] = [],
): ServerMessage {
  return {
    method: 'initMessage',
    unreadMessageCount: counts.unreadMessageCount,
    unreadNoticeCount: counts.unreadNoticeCount,
    unreadNums,
    onlineUsers,
    // Lets a tab name its own socket when it signs out (GET /api/oauth/Logout?socketId=…), so the
    // logout push reaches only the OTHER tabs of that token.
    socketId,
  };
}

export const onlineMessage = (userId: string): ServerMessage => ({ method: 'Online', userId });
export const offlineMessage = (userId: string): ServerMessage => ({ method: 'Offline', userId });

/** A message was released to the user: its summary and the user's new unread counts. */
export const messagePushMessage = (
  m: { id: string; title: string; type: number },
  counts: UnreadCounts,
): ServerMessage => ({
  method: 'messagePush',
  messageId: m.id,
  title: m.title,
  type: m.type,
  unreadMessageCount: counts.unreadMessageCount,
  unreadNoticeCount: counts.unreadNoticeCount,
});

/* ---- lighting map (issue 5): live changes for every open map ---- */

export interface MapAssetChange {
  objectid: number;
  code: string;
  kind: string;
  status: string;
  symbol: string;
  x: number;
  y: number;
}

/** Assets changed status; layer 0's lastEditDate is now `lastEditDate`. */
export const mapAssetChangeMessage = (assets: MapAssetChange[], lastEditDate: number): ServerMessage => ({
  method: 'mapAssetChange',
  layerId: 0,
  lastEditDate,
  assets,
});

export const mapFaultChangeMessage = (action: 'created' | 'closed', fault: object): ServerMessage => ({
  method: 'mapFaultChange',
  action,
  fault,
});

export const mapRepairOrderChangeMessage = (order: object): ServerMessage => ({
  method: 'mapRepairOrderChange',
  order,
});
