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
import { unreadCounts } from '../services/messages';
import type { Peer } from './hub';
import { initMessage, isOnConnection, logoutMessage, parseClientMessage } from './protocol';

export const SOCKET_PATH = '/api/message/websocket';
const CONNECT_TIMEOUT_MS = 30_000;

function peerOf(socket: WebSocket, id: string): Peer {
  return {
    id,
    send(data) {
      if (socket.readyState === socket.OPEN) socket.send(data);
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    },
  };
}

export function registerSocketRoute(app: FastifyInstance): void {
  const { tokens, realtime, db, config } = app.ctx;

  app.get(SOCKET_PATH, { websocket: true, config: { public: true } }, (socket, req) => {
    const peer = peerOf(socket, randomUUID());
    let attached = false;
    let busy = false;
    let alive = true;
    let token: string | null = null;
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
      if (isBinary) return;
      const msg = parseClientMessage(raw.toString());
      if (!msg) return;
      if (isOnConnection(msg)) {
        if (attached || busy) return;
        busy = true;
        void (async () => {
          const check = await tokens.check(msg.token);
          if (check.status !== 'ok' || !check.row) {
            refuse('invalid token');
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          attached = true;
          token = check.row.token;
          clearTimeout(connectTimer);
          await realtime.attach(peer, check.row.userId, check.row.token);
          const [online, counts] = await Promise.all([
            realtime.onlineUsers(),
            unreadCounts(db, check.row.userId),
          ]);
          peer.send(JSON.stringify(initMessage(online, peer.id, counts)));
        })()
          .catch((err: unknown) => {
            req.log.error({ err }, 'socket OnConnection failed');
            peer.close(1011, 'server error');
          })
          .finally(() => {
            busy = false;
          });
      }
      // SendMessage, MessageList, UpdateReadMessage: chat is not implemented yet (no message store).
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
