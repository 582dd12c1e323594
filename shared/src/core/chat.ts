/**
 * Internal chat: the wire shapes and the pure rules both ends keep (issue 15). No I/O.
 *
 * - Every stored message has a server `id`, its conversation's `seq` (1, 2, 3 … per pair of users)
 *   and the sender's `clientMsgId`; lists are ordered by `seq`, never by time.
 * - Read state is a pointer per conversation; the server keeps the unread count beside it with a
 *   `version` bumped by every change, so of two frames about one conversation the newer version wins
 *   whatever order they arrive in (several tabs, several server instances, a replay).
 */

import { compareText } from './collate';

export type ChatContentType = 'text' | 'image' | 'card';

/** One stored message (the `messageList` item, and `message` in `receiveMessage`/`sendMessage`). */
export interface ChatMessage {
  id: string;
  seq: number;
  sendUserId: string;
  receiveUserId: string;
  /** ms since the epoch */
  sendTime: number;
  contentType: ChatContentType;
  /** text: the text with emoji alt codes ([微笑]); image and card: JSON (see below). */
  content: string;
  clientMsgId: string;
}

/** An image message's content, after an HTTP upload of type IM (never base64 over the socket). */
export interface ChatImage {
  path: string;
  /** A smaller copy for the list (absent when the image is small already). */
  thumbPath?: string;
  width: number;
  height: number;
}

export type ChatCardKind = 'asset' | 'order' | 'fault';

/**
 * A card for an asset, a repair order or a fault, as stored (the client sends kind and id only; the
 * server looks up the rest with the sender's permission). A reader without the map's read permission
 * gets kind, id and code only: `status` and `title` are then empty.
 */
export interface ChatCard {
  kind: ChatCardKind;
  /** asset: objectid as a string; order: the order id; fault: the fault id */
  id: string;
  /** asset code, order number, or the faulty asset's code, at the time of sending */
  code: string;
  /** asset status, order state, or open/closed for a fault, at the time of sending ('' if withheld) */
  status: string;
  title: string;
}

/** The console's map page a card opens, by kind (the map remote's urlAddress values). */
export const CARD_MAP_PAGES: Readonly<Record<ChatCardKind, string>> = {
  asset: 'bt/map/assets',
  order: 'bt/map/repair',
  fault: 'bt/map/fault',
};

/**
 * The query parameter a map page reads to open one item (`?asset=<objectid>`, `?order=<id>`,
 * `?fault=<id>`): the chat's cards link with it, remote-map's pages select the item from it.
 */
export const MAP_ITEM_PARAM: Readonly<Record<ChatCardKind, string>> = {
  asset: 'asset',
  order: 'order',
  fault: 'fault',
};

/** Where a card opens its item: the map page with the item's parameter. */
export function mapLinkOf(card: Pick<ChatCard, 'kind' | 'id'>): string {
  return `/${CARD_MAP_PAGES[card.kind]}?${MAP_ITEM_PARAM[card.kind]}=${encodeURIComponent(card.id)}`;
}

/** Limits both ends check (the server refuses, the client does not offer). */
export const CHAT_LIMITS = {
  /** characters of a text message */
  textMax: 2000,
  /** bytes of an image (spec §5) */
  imageBytes: 5_242_880,
  imageTooLarge: '图片大小不能超过5M',
  /** the conversation window's first page (spec §9) and the history panel's */
  openPage: 30,
  historyPage: 50,
  /** the history panel loads more this close to its bottom (px) */
  historyThresholdPx: 100,
  clientMsgIdMax: 64,
} as const;

export function parseChatImage(content: string): ChatImage | null {
  try {
    const v = JSON.parse(content) as Partial<ChatImage>;
    if (typeof v.path !== 'string' || typeof v.width !== 'number' || typeof v.height !== 'number')
      return null;
    return {
      path: v.path,
      width: v.width,
      height: v.height,
      ...(typeof v.thumbPath === 'string' ? { thumbPath: v.thumbPath } : {}),
    };
  } catch {
    return null;
  }
}

export function parseChatCard(content: string): ChatCard | null {
  try {
    const v = JSON.parse(content) as Partial<ChatCard>;
    if (!v || !(v.kind === 'asset' || v.kind === 'order' || v.kind === 'fault')) return null;
    if (typeof v.id !== 'string' || typeof v.code !== 'string') return null;
    return {
      kind: v.kind,
      id: v.id,
      code: v.code,
      status: typeof v.status === 'string' ? v.status : '',
      title: typeof v.title === 'string' ? v.title : '',
    };
  } catch {
    return null;
  }
}

/** Only our own stored chat images are shown (/api/file/Image/IM/<name>). */
export const CHAT_IMAGE_PATH = /^\/api\/file\/Image\/IM\/[0-9a-f]{32}\.(png|jpg|gif|webp|bmp)$/;

/* ---------------- message lists: merge live frames and pages ---------------- */

/**
 * Merges `incoming` into `list` (both ordered by seq): by id, never twice, ordered by seq. Returns
 * `list` itself when nothing new arrived (cheap re-render checks).
 */
export function mergeMessages<T extends Pick<ChatMessage, 'id' | 'seq'>>(
  list: readonly T[],
  incoming: readonly T[],
): readonly T[] {
  if (incoming.length === 0) return list;
  const seen = new Set(list.map((m) => m.id));
  const fresh = incoming.filter((m) => {
    if (seen.has(m.id)) return false;
    seen.add(m.id);
    return true;
  });
  if (fresh.length === 0) return list;
  const last = list[list.length - 1];
  const sorted = [...fresh].sort((a, b) => a.seq - b.seq);
  // The common case: everything new comes after what we hold.
  if (!last || (sorted[0] && sorted[0].seq > last.seq)) return [...list, ...sorted];
  return [...list, ...sorted].sort((a, b) => a.seq - b.seq);
}

/**
 * The highest seq up to which `list` holds every message without a hole, starting from `from`
 * (the seq the list is known complete up to, e.g. 0 for a list loaded from the start). A live frame
 * beyond it means something was missed: ask for everything after it.
 */
export function contiguousSeq(list: readonly Pick<ChatMessage, 'seq'>[], from: number): number {
  let upTo = from;
  for (const m of list) {
    if (m.seq <= upTo) continue;
    if (m.seq === upTo + 1) upTo = m.seq;
    else break;
  }
  return upTo;
}

/* ---------------- the outbox against what is stored ---------------- */

/** An unacknowledged send as the outbox keeps it (only what matching needs). */
export interface OutboxEntry {
  clientMsgId: string;
  toUserId: string;
}

/**
 * My send stored under an outbox entry: the same client id, to the same peer (client ids are unique
 * per sender, and a message to my peer in our conversation is mine).
 */
const storedKey = (m: Pick<ChatMessage, 'clientMsgId' | 'receiveUserId'>) =>
  `${m.clientMsgId}\n${m.receiveUserId}`;
const entryKey = (p: OutboxEntry) => `${p.clientMsgId}\n${p.toUserId}`;

/**
 * Drops from the outbox every entry a stored message answers (its ack was lost, but a catch-up page
 * brought the stored copy): the stored copy wins. Returns `outbox` itself when nothing changed.
 */
export function settleOutbox<P extends OutboxEntry>(
  outbox: Readonly<Record<string, P>>,
  stored: readonly Pick<ChatMessage, 'clientMsgId' | 'receiveUserId'>[],
): Readonly<Record<string, P>> {
  let next: Record<string, P> | null = null;
  for (const m of stored) {
    const p = outbox[m.clientMsgId];
    if (!p || entryKey(p) !== storedKey(m)) continue;
    next ??= { ...outbox };
    delete next[m.clientMsgId];
  }
  return next ?? outbox;
}

/** The outbox entries to draw under `messages`: none whose stored copy is drawn already. */
export function unsettled<P extends OutboxEntry>(
  pending: readonly P[],
  messages: readonly Pick<ChatMessage, 'clientMsgId' | 'receiveUserId'>[],
): readonly P[] {
  if (pending.length === 0) return pending;
  const drawn = new Set(messages.map(storedKey));
  return pending.filter((p) => !drawn.has(entryKey(p)));
}

/** HTTP-like codes of a refused send that a resend cannot change (the frame itself is wrong). */
export const FINAL_SEND_ERRORS: readonly number[] = [400, 403];

/* ---------------- unread state per conversation ---------------- */

/** The reader's state of one conversation, as the server sends it (initMessage, frames). */
export interface ReadState {
  unread: number;
  readSeq: number;
  version: number;
}

/** Applies a frame's state when it is newer (higher version) than what we hold. */
export function applyReadState(
  current: ReadState | undefined,
  next: Partial<ReadState> & { version?: unknown },
): ReadState | undefined {
  const version = Number(next.version);
  if (!Number.isFinite(version)) return current;
  if (current && current.version >= version) return current;
  return {
    unread: Math.max(0, Math.floor(Number(next.unread) || 0)),
    readSeq: Math.max(current?.readSeq ?? 0, Math.floor(Number(next.readSeq) || 0)),
    version,
  };
}

export function totalUnread(states: Readonly<Record<string, ReadState>>): number {
  let n = 0;
  for (const s of Object.values(states)) n += s.unread;
  return n;
}

/* ---------------- the socket frames (spec §7 names, our additions) ---------------- */

/** One conversation in initMessage.unreadNums (JNPF names; ours after them). */
export interface UnreadNum {
  sendUserId: string;
  unreadNum: number;
  defaultMessage: string;
  defaultMessageType: ChatContentType | '';
  defaultMessageTime: number;
  readSeq: number;
  lastSeq: number;
  version: number;
}

/** Server → the receiver's every socket. */
export interface ReceiveMessageFrame {
  method: 'receiveMessage';
  formUserId: string;
  messageType: ChatContentType;
  formMessage: string;
  dateTime: number;
  headIcon: string;
  realName: string;
  message: ChatMessage;
  /** the receiver's read state of this conversation after this message */
  unreadNum: number;
  readSeq: number;
  version: number;
}

/** Server → the sender's every socket; on the sending socket it is the acknowledgement. */
export interface SendMessageFrame {
  method: 'sendMessage';
  toUserId: string;
  messageType: ChatContentType;
  toMessage: string;
  dateTime: number;
  clientMsgId: string;
  message: ChatMessage;
  /** true when this client id had been stored before (a retry): the original is returned */
  duplicate: boolean;
}

/** Server → the reader's every socket after UpdateReadMessage (from any tab). */
export interface ReadMessageFrame {
  method: 'readMessage';
  formUserId: string;
  unreadNum: number;
  readSeq: number;
  version: number;
}

export interface MessageListFrame {
  method: 'messageList';
  toUserId: string;
  requestId: string;
  list: ChatMessage[];
  /** more exist beyond this page in the direction asked */
  hasMore: boolean;
  pagination: { currentPage: number; pageSize: number };
}

/** A refused chat frame: which request, why (the message names the field). */
export interface ChatErrorFrame {
  method: 'chatError';
  requestMethod: string;
  code: number;
  msg: string;
  clientMsgId?: string;
  requestId?: string;
}

/* ---------------- one conversation as a client holds it ---------------- */

/**
 * What a client holds of one conversation: messages ordered by seq, and `upTo`, the seq up to which
 * it holds every message from its first one on (seqs have no holes: nothing is ever deleted). A live
 * message beyond `upTo + 1` means frames were missed: ask for everything after `upTo`.
 */
export interface ConversationLog {
  messages: readonly ChatMessage[];
  upTo: number;
  /** older messages exist before the first one held */
  hasOlder: boolean;
}

export const EMPTY_LOG: ConversationLog = { messages: [], upTo: 0, hasOlder: false };

/** The log from the opening page (the latest `pageSize`, newest first or oldest first). */
export function logFromLatest(list: readonly ChatMessage[], hasMore: boolean): ConversationLog {
  const messages = mergeMessages([], list);
  const first = messages[0];
  return {
    messages,
    upTo: first ? contiguousSeq(messages, first.seq - 1) : 0,
    hasOlder: hasMore,
  };
}

/** Adds messages from any source (live frame, catch-up page, older page). */
export function logAdd(log: ConversationLog, list: readonly ChatMessage[]): ConversationLog {
  const messages = mergeMessages(log.messages, list);
  if (messages === log.messages) return log;
  // An empty log's upTo is what the server said (0: the conversation was empty).
  const start = log.messages.length === 0 ? log.upTo : Math.min(log.upTo, (messages[0]?.seq ?? 1) - 1);
  return { ...log, messages, upTo: contiguousSeq(messages, start) };
}

/** Adds an older page (before the first held). */
export function logAddOlder(
  log: ConversationLog,
  list: readonly ChatMessage[],
  hasMore: boolean,
): ConversationLog {
  const messages = mergeMessages(log.messages, list);
  const first = messages[0];
  return {
    messages,
    upTo: first ? contiguousSeq(messages, first.seq - 1) : 0,
    hasOlder: hasMore,
  };
}

/** The seq after which a catch-up must ask, when a live message shows a hole (null: no hole). */
export function gapAfter(log: ConversationLog, incomingSeq: number): number | null {
  return incomingSeq > log.upTo + 1 ? log.upTo : null;
}

/* ---------------- the contact list ---------------- */

export interface ChatContact {
  id: string;
  realName: string;
  account: string;
  headIcon?: string;
  quickQuery?: string;
  department?: string;
}

/** Everyone but self whose realName, account or quickQuery contains the query (any case). */
export function filterContacts<T extends ChatContact>(
  list: readonly T[],
  query: string,
  selfId?: string,
): T[] {
  const q = query.trim().toLowerCase();
  return list.filter(
    (u) =>
      u.id !== selfId &&
      (!q || [u.realName, u.account, u.quickQuery ?? ''].some((f) => f.toLowerCase().includes(q))),
  );
}

/**
 * Spec §4: unread count first (most first), then online first, then by name — by pinyin in every
 * language (core/collate.ts).
 */
export function sortContacts<T extends ChatContact>(
  list: readonly T[],
  unreadOf: (id: string) => number,
  isOnline: (id: string) => boolean,
): T[] {
  return [...list].sort(
    (a, b) =>
      unreadOf(b.id) - unreadOf(a.id) ||
      Number(isOnline(b.id)) - Number(isOnline(a.id)) ||
      compareText(a.realName, b.realName) ||
      a.id.localeCompare(b.id),
  );
}
