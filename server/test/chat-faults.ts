/**
 * The chat's fault-injection run (issue 15), shared by the test (chat-faults.test.ts) and the bench:
 * N pairs × M messages each way, sent through real server processes while sockets are dropped at
 * random, acks are lost (ignored, or the socket cut right after a send), the server is killed with
 * SIGKILL and started again, and — with PostgreSQL and Redis — every client moves between two server
 * instances at random on each reconnection. Then it checks what a user relies on:
 *   every acknowledged message is stored once; every receiver (and sender) holds every message of the
 *   conversation once and in seq order; the unread counts equal what is unread.
 *
 * The clients here keep the protocol as the browser's does (shared/src/core/chat.ts is the same
 * merge, hole and read-state logic): an outbox sent again with the same client ids on every connection,
 * a catch-up by seq after every reconnection and on every hole. Nothing waits on a clock: every wait is
 * for an event (an ack, a list answer, a process's "listening" line, an exit).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { ServerProcess, bundleServer, freePort, portRange, removeBundle } from './server-process';
import {
  EMPTY_LOG,
  applyReadState,
  gapAfter,
  logAdd,
  type ChatMessage,
  type ConversationLog,
  type ReadState,
} from '@lighting/shared/core';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/database';
import type { Db, DbHandle } from '../src/database';
import type { ChatMessageTable } from '../src/chat/schema';
import { prng } from '../src/map/city';

export interface FaultOptions {
  target: 'sqlite' | 'postgres';
  pairs: number;
  /** messages each user sends to its peer */
  perUser: number;
  /** two instances behind one Redis (needs PostgreSQL and Redis) */
  redisUrl?: string;
  seed?: number;
  /** ports to try for the server processes */
  ports?: [number, number];
}

export interface FaultCounts {
  target: string;
  instances: number;
  pairs: number;
  users: number;
  planned: number;
  sendFrames: number;
  acknowledged: number;
  stored: number;
  storedTwice: number;
  delivered: number;
  deliveredLive: number;
  deliveredByCatchUp: number;
  duplicateFrames: number;
  lost: number;
  outOfOrderFrames: number;
  receiversOutOfOrder: number;
  /** clients whose conversation differs from the database's (missing, extra, or out of order) */
  conversationsWrong: number;
  socketDrops: number;
  acksLost: number;
  kills: number;
  instanceMoves: number;
  unreadChecked: number;
  unreadWrong: number;
  ms: number;
}

interface Frame {
  method: string;
  [k: string]: unknown;
}

/** A chat user as a browser tab behaves (shared/src/realtime/chat.ts), with faults switched on. */
export class FaultClient {
  ws: WebSocket | null = null;
  connected = false;
  ignoreAcks = false;
  log: ConversationLog = EMPTY_LOG;
  read: ReadState | undefined;
  readonly outbox = new Map<string, string>();
  readonly acked = new Set<string>();
  readonly firstSeen = new Map<string, 'live' | 'list'>();
  duplicateFrames = 0;
  outOfOrderFrames = 0;
  sendFrames = 0;
  private lastLiveSeq = 0;
  private waiters: Array<() => void> = [];
  private catchingUp: Promise<void> | null = null;
  private requests = new Map<string, (f: Frame) => void>();
  private reqSeq = 0;

  constructor(
    readonly userId: string,
    readonly peerId: string,
    private readonly token: string,
  ) {}

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  /** Resolves when `check` holds, re-checked on every frame and close; rejects after `ms`. */
  until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`${this.userId}: timed out waiting for ${what}`)), ms);
      const again = () => {
        if (check()) {
          clearTimeout(guard);
          resolve();
        } else this.waiters.push(again);
      };
      this.waiters.push(again);
    });
  }

  /** Opens a socket to `url`, signs in, sends the outbox again and catches up. */
  async connect(url: string): Promise<void> {
    this.drop();
    const ws = new WebSocket(url);
    this.ws = ws;
    this.ignoreAcks = false;
    ws.on('message', (d) => this.onFrame(JSON.parse(String(d)) as Frame));
    ws.on('close', () => {
      if (this.ws === ws) {
        this.connected = false;
        for (const r of this.requests.values()) r({ method: 'closed' });
        this.requests.clear();
      }
      this.wake();
    });
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ method: 'OnConnection', token: this.token, mobileDevice: false }));
    await this.until(() => this.connected || ws.readyState !== WebSocket.OPEN, 'initMessage');
    if (!this.connected) throw new Error(`${this.userId}: connection refused`);
    for (const [id, text] of this.outbox) this.transmit(id, text);
    await this.catchUp();
  }

  drop(): void {
    const ws = this.ws;
    this.ws = null;
    this.connected = false;
    // The close event of a dropped socket no longer matches this.ws: answer its pending requests here,
    // or a catch-up waiting on one would wait for ever (and every later connect with it).
    for (const r of this.requests.values()) r({ method: 'closed' });
    this.requests.clear();
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.terminate();
  }

  private transmit(clientMsgId: string, text: string): void {
    if (!this.connected || !this.ws) return;
    this.sendFrames++;
    this.ws.send(
      JSON.stringify({
        method: 'SendMessage',
        toUserId: this.peerId,
        messageType: 'text',
        messageContent: text,
        clientMsgId,
      }),
    );
  }

  send(clientMsgId: string, text: string): void {
    this.outbox.set(clientMsgId, text);
    this.transmit(clientMsgId, text);
  }

  private take(m: ChatMessage, how: 'live' | 'list'): void {
    if (this.log.messages.some((x) => x.id === m.id)) {
      if (how === 'live') this.duplicateFrames++;
      return;
    }
    if (!this.firstSeen.has(m.id)) this.firstSeen.set(m.id, how);
    const hole = gapAfter(this.log, m.seq);
    this.log = logAdd(this.log, [m]);
    if (how === 'live') {
      if (m.seq < this.lastLiveSeq) this.outOfOrderFrames++;
      this.lastLiveSeq = Math.max(this.lastLiveSeq, m.seq);
      if (hole !== null) void this.catchUp();
    }
  }

  private onFrame(f: Frame): void {
    if (f.method === 'initMessage') {
      this.connected = true;
      const n = (f.unreadNums as Array<Record<string, unknown>>).find((x) => x.sendUserId === this.peerId);
      if (n)
        this.read = applyReadState(this.read, {
          unread: Number(n.unreadNum),
          readSeq: Number(n.readSeq),
          version: n.version as number,
        });
    } else if (f.method === 'sendMessage') {
      const m = f.message as ChatMessage;
      if (!this.ignoreAcks && this.outbox.has(m.clientMsgId)) {
        this.outbox.delete(m.clientMsgId);
        this.acked.add(m.clientMsgId);
      }
      this.take(m, 'live');
    } else if (f.method === 'receiveMessage') {
      this.take(f.message as ChatMessage, 'live');
      this.read = applyReadState(this.read, {
        unread: Number(f.unreadNum),
        readSeq: Number(f.readSeq),
        version: f.version as number,
      });
    } else if (f.method === 'readMessage') {
      this.read = applyReadState(this.read, {
        unread: Number(f.unreadNum),
        readSeq: Number(f.readSeq),
        version: f.version as number,
      });
    } else if (f.method === 'messageList' || f.method === 'chatError') {
      const r = this.requests.get(String(f.requestId));
      if (r) {
        this.requests.delete(String(f.requestId));
        r(f);
      }
    }
    this.wake();
  }

  private request(frame: Frame): Promise<Frame> {
    const requestId = `q${++this.reqSeq}`;
    return new Promise((resolve) => {
      if (!this.connected || !this.ws) {
        resolve({ method: 'closed' });
        return;
      }
      this.requests.set(requestId, resolve);
      this.ws.send(JSON.stringify({ ...frame, requestId }));
    });
  }

  /** Everything after the last seq held without a hole (repeated while pages are full). */
  catchUp(): Promise<void> {
    if (this.catchingUp) return this.catchingUp;
    this.catchingUp = (async () => {
      try {
        for (;;) {
          const r = await this.request({
            method: 'MessageList',
            toUserId: this.peerId,
            afterSeq: this.log.upTo,
            pageSize: 100,
          });
          if (r.method !== 'messageList') return; // the socket went: the next connection catches up
          for (const m of r.list as ChatMessage[]) this.take(m, 'list');
          if (r.hasMore !== true) return;
        }
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  async markRead(seq: number): Promise<void> {
    const before = this.read?.version ?? -1;
    this.ws?.send(JSON.stringify({ method: 'UpdateReadMessage', formUserId: this.peerId, seq }));
    await this.until(
      () => (this.read?.version ?? -1) > before && (this.read?.readSeq ?? 0) >= seq,
      'readMessage',
    );
  }
}

/** What chat clients hold, checked against the stored messages (a user relies on every part). */
export interface ConversationCounts {
  acknowledged: number;
  stored: number;
  storedTwice: number;
  delivered: number;
  deliveredLive: number;
  deliveredByCatchUp: number;
  duplicateFrames: number;
  /** acknowledged but not stored, or stored but missing from a client's conversation */
  lost: number;
  outOfOrderFrames: number;
  receiversOutOfOrder: number;
  conversationsWrong: number;
}

export async function checkConversations(
  db: Db,
  clients: FaultClient[],
): Promise<{ counts: ConversationCounts; stored: ChatMessageTable[] }> {
  const stored = await db
    .selectFrom('chat_message')
    .selectAll()
    .orderBy('conversationId')
    .orderBy('seq')
    .execute();
  const byClientId = new Map<string, number>();
  for (const m of stored)
    byClientId.set(
      `${m.senderId}/${m.clientMsgId}`,
      (byClientId.get(`${m.senderId}/${m.clientMsgId}`) ?? 0) + 1,
    );
  const storedTwice = [...byClientId.values()].filter((n) => n > 1).length;
  let acknowledged = 0;
  let lostAcked = 0;
  for (const c of clients)
    for (const id of c.acked) {
      acknowledged++;
      if (!byClientId.has(`${c.userId}/${id}`)) lostAcked++;
    }
  let delivered = 0;
  let deliveredLive = 0;
  let missing = 0;
  let receiversOutOfOrder = 0;
  let conversationsWrong = 0;
  for (const c of clients) {
    const conv = stored.filter(
      (m) =>
        (m.senderId === c.userId && m.receiverId === c.peerId) ||
        (m.senderId === c.peerId && m.receiverId === c.userId),
    );
    const held = c.log.messages;
    const heldIds = held.map((m) => m.id);
    if (new Set(heldIds).size !== heldIds.length || held.some((m, i) => i > 0 && m.seq <= held[i - 1]!.seq))
      receiversOutOfOrder++;
    const want = conv.map((m) => m.id);
    if (want.join() !== heldIds.join()) {
      conversationsWrong++;
      missing += want.filter((id) => !heldIds.includes(id)).length;
    }
    for (const m of conv)
      if (m.receiverId === c.userId && heldIds.includes(m.id)) {
        delivered++;
        if (c.firstSeen.get(m.id) === 'live') deliveredLive++;
      }
  }
  return {
    stored,
    counts: {
      acknowledged,
      stored: stored.length,
      storedTwice,
      delivered,
      deliveredLive,
      deliveredByCatchUp: delivered - deliveredLive,
      duplicateFrames: clients.reduce((a, c) => a + c.duplicateFrames, 0),
      lost: missing + lostAcked,
      outOfOrderFrames: clients.reduce((a, c) => a + c.outOfOrderFrames, 0),
      receiversOutOfOrder,
      conversationsWrong,
    },
  };
}

export async function runFaults(o: FaultOptions): Promise<FaultCounts> {
  const started = Date.now();
  const rand = prng(o.seed ?? 20261115);
  const twoInstances = o.target === 'postgres' && Boolean(o.redisUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-faults-'));
  const schema = o.target === 'postgres' ? `f_${randomBytes(6).toString('hex')}` : '';
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    MAP_ASSETS: '0',
    STATIC_ROOT: path.join(dataDir, 'static'),
    REMOTES_FILE: path.join(dataDir, 'remotes.json'),
    CHAT_SEND_BURST: '100000',
    CHAT_SEND_PER_SECOND: '100000',
    DATABASE_URL: o.target === 'postgres' ? (process.env.DATABASE_URL ?? '') : '',
    DATABASE_SCHEMA: schema,
    ...(twoInstances
      ? { REDIS_URL: o.redisUrl!, REDIS_PREFIX: `faults-${randomBytes(4).toString('hex')}` }
      : {}),
  };
  const main = await bundleServer();
  const [lo, hi] = o.ports ?? [8400, 8449];
  const portA = await freePort(portRange(lo, hi));
  const portB = await freePort(portRange(lo, hi).filter((p) => p !== portA));
  const servers = [
    new ServerProcess(main, portA, env),
    ...(twoInstances ? [new ServerProcess(main, portB, env)] : []),
  ];
  let db: DbHandle | null = null;
  const clients: FaultClient[] = [];
  const counts = { socketDrops: 0, acksLost: 0, kills: 0, instanceMoves: 0 };
  try {
    // The first instance migrates and seeds; the second starts on the migrated database.
    await servers[0]!.start();
    if (servers[1]) await servers[1].start();
    db = await openDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    // N pairs of seeded staff, each with a token of its own (as a sign-in would write it).
    const users = await db.db
      .selectFrom('user')
      .select('id')
      .where('enabledMark', '=', 1)
      .orderBy('id')
      .limit(o.pairs * 2)
      .execute();
    if (users.length < o.pairs * 2) throw new Error(`only ${users.length} users for ${o.pairs} pairs`);
    const now = Date.now();
    const tokens = users.map(() => randomBytes(32).toString('hex'));
    await db.db
      .insertInto('token')
      .values(
        users.map((u, i) => ({
          token: tokens[i]!,
          userId: u.id,
          createdAt: now,
          expiresAt: now + 3_600_000,
          revokedAt: null,
          revokeReason: null,
          ip: '127.0.0.1',
        })),
      )
      .execute();
    for (let p = 0; p < o.pairs; p++) {
      const a = users[2 * p]!.id;
      const b = users[2 * p + 1]!.id;
      clients.push(new FaultClient(a, b, tokens[2 * p]!), new FaultClient(b, a, tokens[2 * p + 1]!));
    }
    const instanceOf = new Map<FaultClient, number>();
    const connect = async (c: FaultClient) => {
      const i = servers.length > 1 ? Math.floor(rand() * servers.length) : 0;
      if (instanceOf.has(c) && instanceOf.get(c) !== i) counts.instanceMoves++;
      instanceOf.set(c, i);
      await c.connect(servers[i]!.url);
    };
    await Promise.all(clients.map(connect));

    const rounds = 6;
    const perRound = Math.ceil(o.perUser / rounds);
    const killRound = 3;
    let next = 0;
    const sentBy = new Map<FaultClient, number>();
    for (let r = 0; r < rounds; r++) {
      // 1. faults before sending: some sockets dropped (and back, perhaps on the other instance)
      await Promise.all(
        clients.map(async (c) => {
          if (!c.connected || rand() < 0.15) {
            if (c.connected) counts.socketDrops++;
            await connect(c);
          }
          if (rand() < 0.1) {
            c.ignoreAcks = true; // every ack on this connection is lost
            counts.acksLost++;
          }
        }),
      );
      // 2. every user sends a batch without waiting
      for (const c of clients) {
        const from = sentBy.get(c) ?? 0;
        const to = Math.min(o.perUser, from + perRound);
        for (let i = from; i < to; i++)
          c.send(`${c.userId}-${i}`, `m${next++} from ${c.userId} #${i} [微笑]`);
        sentBy.set(c, to);
        // the socket cut right behind the sends: their acks (and some of the sends) are lost
        if (rand() < 0.2) {
          counts.socketDrops++;
          counts.acksLost++;
          c.drop();
        }
      }
      // 3. a kill -9 in the middle of the traffic, then a restart
      if (r === killRound) {
        const victim = servers[Math.floor(rand() * servers.length)]!;
        await victim.kill9();
        counts.kills++;
        await victim.start();
      }
      // 4. the round settles: connected clients with acks flowing wait for them
      await Promise.all(
        clients.map((c) => c.until(() => !c.connected || c.ignoreAcks || c.outbox.size === 0, 'round acks')),
      );
    }
    // Settle: everyone (re)connects until every send is acknowledged, then catches up.
    for (let attempt = 0; clients.some((c) => c.outbox.size > 0); attempt++) {
      if (attempt > 20) throw new Error('sends never acknowledged');
      await Promise.all(
        clients.map(async (c) => {
          if (c.outbox.size === 0 && c.connected) return;
          await connect(c);
          await c.until(() => !c.connected || c.outbox.size === 0, 'settle acks');
        }),
      );
    }
    await Promise.all(clients.map(async (c) => (c.connected ? c.catchUp() : connect(c))));

    // Checks against the database.
    const checked = await checkConversations(db.db, clients);
    const stored = checked.stored;
    // Unread: each user reads up to a random point; the frames, a fresh connection's initMessage and
    // the database must all say the same, and equal the peer's messages after the pointer.
    let unreadWrong = 0;
    for (const c of clients) {
      const last = c.log.messages[c.log.messages.length - 1]?.seq ?? 0;
      await c.markRead(Math.floor(rand() * (last + 1)));
    }
    for (const c of clients) {
      await connect(c); // initMessage of a fresh connection
      const readSeq = c.read?.readSeq ?? 0;
      const truth = stored.filter(
        (m) => m.senderId === c.peerId && m.receiverId === c.userId && Number(m.seq) > readSeq,
      ).length;
      const row = await db.db
        .selectFrom('chat_member')
        .select(['unread', 'readSeq'])
        .where('userId', '=', c.userId)
        .where('peerId', '=', c.peerId)
        .executeTakeFirst();
      if (c.read?.unread !== truth || Number(row?.unread) !== truth || Number(row?.readSeq) !== readSeq)
        unreadWrong++;
    }
    const planned = clients.length * o.perUser;
    return {
      target: o.target,
      instances: servers.length,
      pairs: o.pairs,
      users: clients.length,
      planned,
      sendFrames: clients.reduce((a, c) => a + c.sendFrames, 0),
      ...checked.counts,
      ...counts,
      unreadChecked: clients.length,
      unreadWrong,
      ms: Date.now() - started,
    };
  } finally {
    clients.forEach((c) => c.drop());
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    if (schema) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await removeBundle();
  }
}
