/**
 * The socket at /api/message/websocket. A client authenticates with its first message
 * {method:'OnConnection', token}; a bad token gets {method:'logout'} and the socket closes.
 * Every heartbeat re-checks the token of a connected socket: an open page (a wall display left
 * running for days) keeps its sign-in alive by the token's sliding expiry, and a token that
 * expired anyway (the machine slept past it) gets logout like a bad one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { languageOf, translateMessage, type MessageLanguage } from '../http/messages';
import type { Peer } from './hub';
import {
  initMessage,
  isBadFrame,
  isOnConnection,
  logoutMessage,
  parseClientMessage,
  type ServerMessage,
  type UnreadCounts,
} from './protocol';

export const SOCKET_PATH = '/api/message/websocket';

/** A signed-in socket as the socket route hands it to a method. */
export interface SocketConn {
  peer: Peer;
  userId: string;
}

export type SocketMethod = (conn: SocketConn, frame: Record<string, unknown>) => Promise<void>;

/** What a domain answers on the socket (its descriptor's `socket`). */
export interface SocketMethods {
  methods: Record<string, SocketMethod>;
  /** What initMessage carries for the user beyond the shell's counts. */
  initExtras(userId: string): Promise<{ unreadNums: readonly object[] }>;
}

/** The socket's frames beyond OnConnection, and the counts initMessage starts with. */
export interface SocketSetup extends SocketMethods {
  counts(userId: string): Promise<UnreadCounts>;
  /** The language the user chose (their account's), when the socket does not say one. */
  language(userId: string): Promise<string | undefined>;
}
const CONNECT_TIMEOUT_MS = 30_000;
/** Frames of one socket waiting for their turn; beyond this a frame is refused (a flood). */
const MAX_QUEUED_FRAMES = 200;

const frameError = (requestMethod: string, code: number, msg: string, frame?: Record<string, unknown>) =>
  JSON.stringify({
    method: 'chatError',
    requestMethod,
    code,
    msg,
    ...(typeof frame?.clientMsgId === 'string' ? { clientMsgId: frame.clientMsgId.slice(0, 64) } : {}),
    ...(typeof frame?.requestId === 'string' ? { requestId: frame.requestId.slice(0, 64) } : {}),
  } satisfies ServerMessage);

/**
 * A socket as the hub sees it. Its frames' `msg` (logout reasons, chat refusals) speaks the language
 * the page named in OnConnection, else its user's chosen one: the same catalogue as every HTTP
 * answer (http/messages.ts).
 */
function peerOf(socket: WebSocket, id: string): Peer & { language: MessageLanguage | null } {
  const peer = {
    id,
    language: null as MessageLanguage | null,
    send(data: string) {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(peer.language && data.includes('"msg"') ? inLanguage(data, peer.language) : data);
    },
    close(code: number, reason: string) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    },
  };
  return peer;
}

/** A frame with its `msg` in `lang`. */
function inLanguage(data: string, lang: MessageLanguage): string {
  try {
    const frame = JSON.parse(data) as { msg?: unknown };
    if (typeof frame.msg !== 'string') return data;
    return JSON.stringify({ ...frame, msg: translateMessage(frame.msg, lang) });
  } catch {
    return data;
  }
}

/**
 * `methods`: the frames beyond OnConnection (chat), run one at a time per socket in arrival order, so
 * two sends from one tab are stored in the order they were sent.
 */
export function registerSocketRoute(app: FastifyInstance, methods: SocketSetup): void {
  const { tokens, realtime, config } = app.ctx;

  app.get(SOCKET_PATH, { websocket: true, config: { public: true } }, (socket, req) => {
    const peer = peerOf(socket, randomUUID());
    let attached = false;
    let busy = false;
    let alive = true;
    let token: string | null = null;
    let userId: string | null = null;
    let queue: Promise<void> = Promise.resolve();
    let queued = 0;
    const refuse = (reason: string) => {
      peer.send(JSON.stringify(logoutMessage()));
      peer.close(4001, reason);
    };

    const connectTimer = setTimeout(() => {
      if (!attached) peer.close(4000, 'OnConnection expected');
    }, CONNECT_TIMEOUT_MS);
    const heartbeat = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
      if (token)
        void tokens
          .check(token)
          .then((c) => c.status !== 'ok' && refuse(`token ${c.status}`))
          .catch((err: unknown) => req.log.error({ err }, 'socket token check failed'));
    }, config.socketHeartbeatMs);
    socket.on('pong', () => {
      alive = true;
    });

    socket.on('message', (raw, isBinary) => {
      alive = true;
      if (isBinary) {
        peer.send(frameError('', 400, 'frame: must be a text frame of JSON'));
        return;
      }
      const msg = parseClientMessage(raw.toString());
      // Answered, not dropped: a client (or its developer) learns what is wrong; the socket stays.
      if (isBadFrame(msg)) {
        peer.send(frameError('', 400, msg.bad));
        return;
      }
      if (isOnConnection(msg)) {
        if (attached || busy) return;
        busy = true;
        const connecting = (async () => {
          const check = await tokens.check(msg.token);
          if (check.status !== 'ok' || !check.row) {
            refuse('invalid token');
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          attached = true;
          token = check.row.token;
          userId = check.row.userId;
          peer.language = languageOf(msg.language, await methods.language(check.row.userId));
          clearTimeout(connectTimer);
          // Attached before the counts are read: whatever is stored after this reaches the socket live,
          // whatever before is in initMessage (a client that also catches up by seq misses nothing).
          await realtime.attach(peer, check.row.userId, check.row.token);
          const [online, counts, extras] = await Promise.all([
            realtime.onlineUsers(),
            methods.counts(check.row.userId),
            methods.initExtras(check.row.userId),
          ]);
          peer.send(JSON.stringify(initMessage(online, peer.id, counts, extras.unreadNums)));
        })()
          .catch((err: unknown) => {
            req.log.error({ err }, 'socket OnConnection failed');
            peer.close(1011, 'server error');
          })
          .finally(() => {
            busy = false;
          });
        // Frames sent right behind OnConnection wait for it instead of being refused.
        queue = queue.then(() => connecting);
        return;
      }
      const method = methods.methods[msg.method];
      const frame = msg as Record<string, unknown>;
      if (!method) {
        const name = msg.method.slice(0, 64);
        peer.send(frameError(name, 400, `method: unknown method ${JSON.stringify(name)}`, frame));
        return;
      }
      if (!attached && !busy) {
        peer.send(frameError(msg.method, 602, 'OnConnection: required before ' + msg.method, frame));
        return;
      }
      if (queued >= MAX_QUEUED_FRAMES) {
        peer.send(frameError(msg.method, 429, '发送过于频繁，请稍后再试', frame));
        return;
      }
      queued++;
      queue = queue
        .then(() => {
          if (!attached || !userId) {
            peer.send(frameError(msg.method, 602, 'OnConnection: required before ' + msg.method, frame));
            return;
          }
          return method({ peer, userId }, frame);
        })
        .catch((err: unknown) => req.log.error({ err }, 'socket method failed'))
        .finally(() => {
          queued--;
        });
    });

    socket.on('close', () => {
      clearTimeout(connectTimer);
      clearInterval(heartbeat);
      if (attached)
        void realtime.detach(peer.id).catch((err: unknown) => req.log.error({ err }, 'socket detach failed'));
    });
    socket.on('error', (err) => req.log.warn({ err }, 'socket error'));
  });
}
