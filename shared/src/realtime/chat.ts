// Internal chat over the tab's one socket (issue 15): the state every view of the chat reads (the
// navbar's blinking entry in the host, the drawer and page in remote-chat) and the calls they make.
//
// - Unread counts and read pointers come from the server with a version per conversation; the newer
//   version wins (several tabs, reconnects, frames in any order).
// - A send goes into an outbox with a client id and stays there until the server acknowledges it.
//   Every (re)connection sends the outbox again with the same ids: the server stores each once.
// - Lists (MessageList) wait for a connection and are asked again after a drop.
// - The live stream is subscribed to before any list is asked for, so nothing falls between them.
import { Subject, filter, type Observable } from 'rxjs';
import { create } from 'zustand';
import { useSession } from '@lighting/shared';
import {
  FINAL_SEND_ERRORS,
  applyReadState,
  settleOutbox,
  totalUnread,
  type ChatContentType,
  type ChatMessage,
  type ReadState,
} from '../core/chat';
import { connected$, isConnected, on, send, type SocketMessage } from './socket';

export interface ChatPreview {
  text: string;
  type: ChatContentType | '';
  time: number;
  seq: number;
}

export interface PendingSend {
  clientMsgId: string;
  toUserId: string;
  messageType: ChatContentType;
  messageContent: string;
  createdAt: number;
  /** sending: waiting for the ack (sent again on every reconnection); failed: shown as not sent */
  state: 'sending' | 'failed';
  error?: string;
  /**
   * The server refused the frame itself (400, 403): sending it again cannot help, so a reconnection
   * leaves it alone (the user may still retry or discard it). A send that failed for want of an
   * answer (a lost ack) or for the rate limit is sent again on the next connection.
   */
  final?: boolean;
}

export interface ChatState {
  reads: Record<string, ReadState>;
  previews: Record<string, ChatPreview>;
  online: Record<string, true>;
  outbox: Record<string, PendingSend>;
  connected: boolean;
}

const initial: ChatState = { reads: {}, previews: {}, online: {}, outbox: {}, connected: false };

export const useChat = create<ChatState>()(() => initial);

export const chatUnreadTotal = (s: ChatState): number => totalUnread(s.reads);

/** After this long without an acknowledgement a send shows as not sent (it is still retried). */
export const SEND_TIMEOUT_MS = 15_000;

const stored = new Subject<ChatMessage>();
/** Every message this tab learns of live (received, sent from here or from another tab). */
export const chatMessages$: Observable<ChatMessage> = stored.asObservable();

/** A 32-hex-digit client id (crypto.getRandomValues works on plain-http origins too). */
export function newClientMsgId(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

interface ListRequest {
  frame: SocketMessage;
  resolve(v: { list: ChatMessage[]; hasMore: boolean }): void;
  reject(e: Error): void;
}
const requests = new Map<string, ListRequest>();
/** Read pointers to send once connected (latest per peer). */
const readsToSend = new Map<string, number | undefined>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export class ChatRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function setPreview(peer: string, m: ChatMessage): void {
  useChat.setState((s) => {
    const cur = s.previews[peer];
    if (cur && cur.seq >= m.seq) return s;
    return {
      previews: {
        ...s.previews,
        [peer]: {
          text: m.contentType === 'text' ? m.content : '',
          type: m.contentType,
          time: m.sendTime,
          seq: m.seq,
        },
      },
    };
  });
}

function setRead(peer: string, frame: Record<string, unknown>): void {
  useChat.setState((s) => {
    const next = applyReadState(s.reads[peer], {
      unread: Number(frame.unreadNum),
      readSeq: Number(frame.readSeq),
      version: frame.version as number,
    });
    return next === s.reads[peer] || !next ? s : { reads: { ...s.reads, [peer]: next } };
  });
}

function armTimeout(clientMsgId: string): void {
  clearTimeout(timers.get(clientMsgId));
  timers.set(
    clientMsgId,
    setTimeout(() => {
      timers.delete(clientMsgId);
      markFailed(clientMsgId);
    }, SEND_TIMEOUT_MS),
  );
}

function markFailed(clientMsgId: string, error?: string, code?: number): void {
  useChat.setState((s) => {
    const p = s.outbox[clientMsgId];
    if (!p) return s;
    const failed: PendingSend = {
      ...p,
      state: 'failed',
      ...(error ? { error } : {}),
      ...(code !== undefined && FINAL_SEND_ERRORS.includes(code) ? { final: true } : {}),
    };
    return { outbox: { ...s.outbox, [clientMsgId]: failed } };
  });
}

/** Stored messages settle the outbox entries they answer (a lost ack: the stored copy wins). */
function settle(list: readonly ChatMessage[]): void {
  useChat.setState((s) => {
    const outbox = settleOutbox(s.outbox, list);
    if (outbox === s.outbox) return s;
    for (const id of Object.keys(s.outbox))
      if (!(id in outbox)) {
        clearTimeout(timers.get(id));
        timers.delete(id);
      }
    return { outbox: outbox as Record<string, PendingSend> };
  });
}

function transmit(p: PendingSend): void {
  if (!isConnected()) return; // sent on the next connection
  send({
    method: 'SendMessage',
    toUserId: p.toUserId,
    messageType: p.messageType,
    messageContent: p.messageContent,
    clientMsgId: p.clientMsgId,
  });
  armTimeout(p.clientMsgId);
}

let started = false;

/** Wires the chat to the socket once per page (the host's navbar and remote-chat both call it). */
export function startChatFeed(): void {
  if (started) return;
  started = true;
  on('initMessage').subscribe((m) => {
    const nums = Array.isArray(m.unreadNums) ? (m.unreadNums as Record<string, unknown>[]) : [];
    const online = Array.isArray(m.onlineUsers) ? (m.onlineUsers as unknown[]).map(String) : [];
    useChat.setState((s) => {
      const reads = { ...s.reads };
      const previews = { ...s.previews };
      for (const n of nums) {
        const peer = String(n.sendUserId ?? n.formUserId ?? '');
        if (!peer) continue;
        const next = applyReadState(reads[peer], {
          unread: Number(n.unreadNum),
          readSeq: Number(n.readSeq),
          version: n.version as number,
        });
        if (next) reads[peer] = next;
        const seq = Number(n.lastSeq) || 0;
        if (!previews[peer] || previews[peer].seq < seq)
          previews[peer] = {
            text: String(n.defaultMessage ?? ''),
            type: (n.defaultMessageType ?? '') as ChatContentType | '',
            time: Number(n.defaultMessageTime) || 0,
            seq,
          };
      }
      return { reads, previews, online: Object.fromEntries(online.map((u) => [u, true as const])) };
    });
  });
  on('receiveMessage').subscribe((f) => {
    const m = f.message as ChatMessage | undefined;
    if (!m) return;
    setPreview(m.sendUserId, m);
    setRead(m.sendUserId, f);
    stored.next(m);
  });
  on('sendMessage').subscribe((f) => {
    const m = f.message as ChatMessage | undefined;
    if (!m) return;
    clearTimeout(timers.get(m.clientMsgId));
    timers.delete(m.clientMsgId);
    useChat.setState((s) => {
      if (!s.outbox[m.clientMsgId]) return s;
      const outbox = { ...s.outbox };
      delete outbox[m.clientMsgId];
      return { outbox };
    });
    setPreview(m.receiveUserId, m);
    stored.next(m);
  });
  on('readMessage').subscribe((f) => setRead(String(f.formUserId), f));
  on('Online').subscribe((f) =>
    useChat.setState((s) => ({ online: { ...s.online, [String(f.userId)]: true } })),
  );
  on('Offline').subscribe((f) =>
    useChat.setState((s) => {
      const online = { ...s.online };
      delete online[String(f.userId)];
      return { online };
    }),
  );
  on('messageList').subscribe((f) => {
    const r = requests.get(String(f.requestId));
    if (!r) return;
    requests.delete(String(f.requestId));
    const list = (f.list as ChatMessage[]) ?? [];
    settle(list);
    r.resolve({ list, hasMore: f.hasMore === true });
  });
  on('chatError').subscribe((f) => {
    if (typeof f.clientMsgId === 'string') {
      clearTimeout(timers.get(f.clientMsgId));
      markFailed(f.clientMsgId, String(f.msg ?? ''), Number(f.code));
    }
    if (typeof f.requestId === 'string') {
      const r = requests.get(f.requestId);
      if (r) {
        requests.delete(f.requestId);
        r.reject(new ChatRequestError(Number(f.code) || 400, String(f.msg ?? '')));
      }
    }
  });
  // Signing out (or in as someone else) forgets the previous user's chat.
  useSession.subscribe((s, prev) => {
    if (s.token !== prev.token) resetChat();
  });
  connected$.subscribe((up) => {
    useChat.setState({ connected: up });
    if (!up) return;
    // A new connection: whatever was in flight on the old one is asked again, with the same ids, and
    // so is what was marked not sent for want of an answer (the server stores a client id once and
    // answers a retry of a stored one with the original, never throttled).
    for (const p of Object.values(useChat.getState().outbox))
      if (p.state === 'sending') transmit(p);
      else if (!p.final) retryChat(p.clientMsgId);
    for (const r of requests.values()) send(r.frame);
    for (const [peer, seq] of readsToSend) sendRead(peer, seq);
    readsToSend.clear();
  });
}

/** Queues a message to `toUserId`; returns its client id (pending until acknowledged). */
export function sendChat(
  toUserId: string,
  messageType: ChatContentType,
  messageContent: string,
  now: number = Date.now(),
): string {
  const p: PendingSend = {
    clientMsgId: newClientMsgId(),
    toUserId,
    messageType,
    messageContent,
    createdAt: now,
    state: 'sending',
  };
  useChat.setState((s) => ({ outbox: { ...s.outbox, [p.clientMsgId]: p } }));
  transmit(p);
  return p.clientMsgId;
}

/** Sends a not-sent message again, with its original client id (never stored twice). */
export function retryChat(clientMsgId: string): void {
  const p = useChat.getState().outbox[clientMsgId];
  if (!p) return;
  const again: PendingSend = { ...p, state: 'sending' };
  delete again.error;
  delete again.final;
  useChat.setState((s) => ({ outbox: { ...s.outbox, [clientMsgId]: again } }));
  transmit(again);
}

/** Drops a not-sent message from the outbox (the user gave up on it). */
export function discardChat(clientMsgId: string): void {
  clearTimeout(timers.get(clientMsgId));
  useChat.setState((s) => {
    const outbox = { ...s.outbox };
    delete outbox[clientMsgId];
    return { outbox };
  });
}

let requestSeq = 0;

/** MessageList over the socket: answered once, asked again after a reconnection. */
export function listMessages(q: {
  toUserId: string;
  pageSize: number;
  sord?: 'asc' | 'desc';
  keyword?: string;
  beforeSeq?: number;
  afterSeq?: number;
}): Promise<{ list: ChatMessage[]; hasMore: boolean }> {
  const requestId = `r${++requestSeq}-${newClientMsgId().slice(0, 8)}`;
  const frame: SocketMessage = { method: 'MessageList', requestId, ...q };
  return new Promise((resolve, reject) => {
    requests.set(requestId, { frame, resolve, reject });
    if (isConnected()) send(frame);
  });
}

function sendRead(peer: string, seq: number | undefined): void {
  send({ method: 'UpdateReadMessage', formUserId: peer, ...(seq !== undefined ? { seq } : {}) });
}

/** Moves my read pointer of the conversation with `peer` to `seq` (every tab of mine follows). */
export function markChatRead(peer: string, seq?: number): void {
  if (isConnected()) sendRead(peer, seq);
  else readsToSend.set(peer, seq);
}

/** Messages of one conversation as they arrive live. */
export const conversationMessages$ = (self: string, peer: string): Observable<ChatMessage> =>
  chatMessages$.pipe(
    filter(
      (m) =>
        (m.sendUserId === peer && m.receiveUserId === self) ||
        (m.sendUserId === self && m.receiveUserId === peer),
    ),
  );

/** Sign-out: forget everything of the previous user. */
export function resetChat(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  requests.clear();
  readsToSend.clear();
  useChat.setState(initial, true);
}
