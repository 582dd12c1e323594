/**
 * The chat's socket methods (spec §7): SendMessage, MessageList, UpdateReadMessage. The user is
 * always the socket's signed-in user (never a frame's formUserId); every frame is schema-checked and a
 * refused one gets a `chatError` naming the field.
 *
 * A send is acknowledged on the sending socket (`sendMessage` with its clientMsgId) and pushed to
 * every other socket of the sender (`sendMessage`) and of the receiver (`receiveMessage`), on every
 * instance. A retry of a stored send returns the original and pushes it again (clients merge by id),
 * which also heals a push lost when an instance died between storing and pushing.
 */
import { createSendLimiter } from './send-limit';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import {
  CHAT_LIMITS,
  type ChatErrorFrame,
  type ChatMessage,
  type MessageListFrame,
  type ReadMessageFrame,
  type ReceiveMessageFrame,
  type SendMessageFrame,
} from '@lighting/shared/core';
import { ApiError, Code } from '../http/envelope';
import { hasPermission } from '../auth';
import { createValidatorCompiler } from '../http/schema-compiler';
import { formatValidationErrors } from '../http/validation';
import { mapReads, MENU_ASSETS, MENU_FAULT } from '../map';
import type { ServerMessage } from '../realtime/protocol';
import { avatarUrl } from '../system';
import {
  MESSAGE_LIST_SCHEMA,
  SEND_MESSAGE_SCHEMA,
  UPDATE_READ_SCHEMA,
  cardKindOf,
  checkCardContent,
  checkImageContent,
  redactCard,
  type ListInput,
  type ReadInput,
  type SendInput,
} from './rules';
import { ChatStore, type SendResult } from './store';
import type { SocketConn, SocketMethod, SocketMethods } from '../realtime/socket-route';

class FrameError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

const RATE_LIMITED = '发送过于频繁，请稍后再试';

export function chatSocketMethods(app: FastifyInstance): SocketMethods {
  const ctx = app.ctx;
  const store = new ChatStore(ctx.db, ctx.clock);
  const limiter = createSendLimiter(
    ctx.realtime.bus.redis,
    ctx.config.redisPrefix,
    ctx.config.chatSendBurst,
    ctx.config.chatSendPerSecond,
    ctx.clock,
    (err) => app.log.warn({ err }, 'chat send limit: Redis unreachable, counting on this instance'),
  );
  const map = mapReads(app);
  const compile = createValidatorCompiler();
  const validator = (schema: object, name: string): ValidateFunction =>
    compile({ schema, method: 'SOCKET', url: name, httpPart: 'body' }) as ValidateFunction;
  const checkSend = validator(SEND_MESSAGE_SCHEMA, 'SendMessage');
  const checkList = validator(MESSAGE_LIST_SCHEMA, 'MessageList');
  const checkRead = validator(UPDATE_READ_SCHEMA, 'UpdateReadMessage');

  const validate = <T>(v: ValidateFunction, frame: Record<string, unknown>): T => {
    if (!v(frame))
      throw new FrameError(
        Code.BAD_REQUEST,
        formatValidationErrors((v.errors ?? []) as FastifySchemaValidationError[], 'body').replace(
          /^body: /,
          'frame: ',
        ),
      );
    return frame as T;
  };

  /** The user row from the access cache (invalidated by every user write). */
  const userRow = async (id: string) => (await ctx.access.user(id))?.user;

  const push = (userId: string, msg: ServerMessage, except?: string) =>
    ctx.realtime.pushToUser(userId, msg, except).catch((err: unknown) => app.log.error({ err }, 'chat push'));

  /** The map menu a reader needs to see a card's status and title (the map's own read guard). */
  const CARD_MENU: Record<string, string> = { asset: MENU_ASSETS, order: MENU_FAULT, fault: MENU_FAULT };

  /**
   * A message as `userId` may see it: a card whose map read the user lacks keeps its kind, id and
   * code only (the status and title were looked up with the sender's permission). `allowed` caches
   * the user's answer per menu for one frame.
   */
  async function viewFor(userId: string, m: ChatMessage, allowed = new Map<string, boolean>()) {
    if (m.contentType !== 'card') return m;
    const menu = CARD_MENU[cardKindOf(m.content)];
    let ok = menu ? allowed.get(menu) : false;
    if (ok === undefined && menu) {
      const user = await userRow(userId);
      ok = !!user && (await hasPermission(ctx, user, menu));
      allowed.set(menu, ok);
    }
    return ok ? m : { ...m, content: redactCard(m.content) };
  }

  /** The stored content of a card: what it points at, looked up through the map's reads. */
  async function cardContent(userId: string, content: string): Promise<string> {
    const ref = checkCardContent(content);
    if (!ref.ok) throw new FrameError(Code.BAD_REQUEST, ref.msg);
    const user = await userRow(userId);
    try {
      if (ref.kind === 'asset') {
        if (!user || !(await hasPermission(ctx, user, MENU_ASSETS)))
          throw new FrameError(Code.FORBIDDEN, '权限不足: 缺少菜单 照明资产');
        const a = await map.loadAsset(ref.objectid);
        return JSON.stringify({
          kind: 'asset',
          id: String(a.objectid),
          code: a.code,
          status: a.status,
          title: [a.district, a.road].filter(Boolean).join(' '),
          assetKind: a.kind,
        });
      }
      if (!user || !(await hasPermission(ctx, user, MENU_FAULT)))
        throw new FrameError(Code.FORBIDDEN, '权限不足: 缺少菜单 故障研判');
      if (ref.kind === 'fault') {
        const f = await map.loadFault(ref.id);
        return JSON.stringify({
          kind: 'fault',
          id: f.id,
          code: f.assetCode ?? '',
          status: f.closedAt ? 'closed' : 'open',
          title: [f.faultType, f.district].filter(Boolean).join(' '),
          assetId: String(f.assetId),
        });
      }
      const o = await map.loadOrder(ref.id);
      return JSON.stringify({
        kind: 'order',
        id: o.id,
        code: o.billNo,
        status: o.state,
        title: o.title,
        assetCode: o.assetCode ?? '',
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.NOT_FOUND)
        throw new FrameError(Code.BAD_REQUEST, `messageContent.id: ${err.message}`);
      throw err;
    }
  }

  async function imageContent(userId: string, content: string): Promise<string> {
    const c = checkImageContent(content);
    if (!c.ok) throw new FrameError(Code.BAD_REQUEST, c.msg);
    for (const [field, p] of [
      ['path', c.image.path],
      ['thumbPath', c.image.thumbPath],
    ] as const) {
      if (!p) continue;
      const f = await ctx.files.find('IM', p.split('/').pop() ?? '');
      if (!f || f.ownerId !== userId)
        throw new FrameError(Code.BAD_REQUEST, `messageContent.${field}: not an image you uploaded`);
    }
    return JSON.stringify(c.image);
  }

  /**
   * Old JNPF clients name the caller in `formUserId` (SendMessage, MessageList). It is never read as
   * the caller; naming someone else is refused outright (403), so a forged frame gets a clear "no"
   * rather than an answer about the caller's own conversation.
   */
  function notSomeoneElse(conn: SocketConn, frame: Record<string, unknown>): void {
    if (typeof frame.formUserId === 'string' && frame.formUserId !== '' && frame.formUserId !== conn.userId)
      throw new FrameError(Code.FORBIDDEN, 'formUserId: 只能以自己的身份收发和查看消息');
  }

  async function sendMessage(conn: SocketConn, frame: Record<string, unknown>): Promise<void> {
    const f = validate<SendInput>(checkSend, frame);
    notSomeoneElse(conn, frame);
    if (f.toUserId === conn.userId) throw new FrameError(Code.BAD_REQUEST, 'toUserId: 不能给自己发消息');
    // A retry of a stored send first: it returns the original and costs no send from the bucket
    // (a client resending its outbox after a reconnect must not be throttled for what is stored).
    const earlier = await store.stored(conn.userId, f.clientMsgId);
    if (earlier) return deliver(conn, earlier);
    if (!(await limiter.take(conn.userId))) throw new FrameError(Code.THROTTLED, RATE_LIMITED);
    const peer = await userRow(f.toUserId);
    if (!peer || peer.enabledMark !== 1) throw new FrameError(Code.BAD_REQUEST, 'toUserId: 用户不存在');
    let content = f.messageContent;
    if (f.messageType === 'image') content = await imageContent(conn.userId, content);
    else if (f.messageType === 'card') content = await cardContent(conn.userId, content);
    // (two retries racing past the lookup above are settled by the store's unique index)
    await deliver(conn, await store.send(conn.userId, f.toUserId, f.clientMsgId, f.messageType, content));
  }

  /** The ack on the sending socket, the copies to the sender's other sockets and to the receiver's. */
  async function deliver(conn: SocketConn, r: SendResult): Promise<void> {
    // Each side sees the card its own permission allows (the sender's may have changed since).
    const [m, seen, me] = await Promise.all([
      viewFor(r.message.sendUserId, r.message),
      viewFor(r.message.receiveUserId, r.message),
      userRow(r.message.sendUserId),
    ]);
    const echo: SendMessageFrame = {
      method: 'sendMessage',
      toUserId: m.receiveUserId,
      messageType: m.contentType,
      toMessage: m.content,
      dateTime: m.sendTime,
      clientMsgId: m.clientMsgId,
      message: m,
      duplicate: r.duplicate,
    };
    // The acknowledgement goes straight back on this socket; the copies through the bus.
    conn.peer.send(JSON.stringify(echo));
    const receive: ReceiveMessageFrame = {
      method: 'receiveMessage',
      formUserId: m.sendUserId,
      messageType: m.contentType,
      formMessage: seen.content,
      dateTime: m.sendTime,
      headIcon: avatarUrl(me?.headIcon ?? ''),
      realName: me?.realName ?? '',
      message: seen,
      unreadNum: r.receiver.unread,
      readSeq: r.receiver.readSeq,
      version: r.receiver.version,
    };
    await Promise.all([
      push(m.sendUserId, echo as unknown as ServerMessage, conn.peer.id),
      push(m.receiveUserId, receive as unknown as ServerMessage),
    ]);
  }

  async function messageList(conn: SocketConn, frame: Record<string, unknown>): Promise<void> {
    const f = validate<ListInput>(checkList, frame);
    notSomeoneElse(conn, frame);
    const pageSize = f.pageSize ?? CHAT_LIMITS.openPage;
    const { list, hasMore } = await store.list(conn.userId, f.toUserId, {
      pageSize,
      sord: f.sord ?? 'desc',
      keyword: f.keyword,
      beforeSeq: f.beforeSeq,
      afterSeq: f.afterSeq,
      currentPage: f.currentPage,
    });
    const allowed = new Map<string, boolean>();
    const out: MessageListFrame = {
      method: 'messageList',
      toUserId: f.toUserId,
      requestId: f.requestId ?? '',
      list: await Promise.all(list.map((m) => viewFor(conn.userId, m, allowed))),
      hasMore,
      pagination: { currentPage: f.currentPage ?? 1, pageSize },
    };
    conn.peer.send(JSON.stringify(out));
  }

  async function updateRead(conn: SocketConn, frame: Record<string, unknown>): Promise<void> {
    const f = validate<ReadInput>(checkRead, frame);
    const state = await store.markRead(conn.userId, f.formUserId, f.seq);
    if (!state) return; // no conversation: nothing to read
    const out: ReadMessageFrame = {
      method: 'readMessage',
      formUserId: f.formUserId,
      unreadNum: state.unread,
      readSeq: state.readSeq,
      version: state.version,
    };
    // Every tab of the reader, this one included, on every instance.
    await push(conn.userId, out as unknown as ServerMessage);
  }

  const guarded =
    (name: string, fn: SocketMethod): SocketMethod =>
    async (conn, frame) => {
      try {
        await fn(conn, frame);
      } catch (err) {
        const known = err instanceof FrameError || err instanceof ApiError;
        if (!known) app.log.error({ err, method: name }, 'chat frame failed');
        const reply: ChatErrorFrame = {
          method: 'chatError',
          requestMethod: name,
          code: known ? (err as FrameError).code : Code.ERROR,
          msg: known ? (err as Error).message : '服务器错误，请重试',
          ...(typeof frame.clientMsgId === 'string' ? { clientMsgId: frame.clientMsgId.slice(0, 64) } : {}),
          ...(typeof frame.requestId === 'string' ? { requestId: frame.requestId.slice(0, 64) } : {}),
        };
        conn.peer.send(JSON.stringify(reply));
      }
    };

  return {
    methods: {
      SendMessage: guarded('SendMessage', sendMessage),
      MessageList: guarded('MessageList', messageList),
      UpdateReadMessage: guarded('UpdateReadMessage', updateRead),
    },
    async initExtras(userId) {
      return { unreadNums: await store.summary(userId) };
    },
  };
}
