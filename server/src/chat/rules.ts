/**
 * Chat rules (pure): the socket frames' schemas, the pair a conversation belongs to, the send rate
 * limit and the content checks that need no database.
 */
import { CHAT_IMAGE_PATH, CHAT_LIMITS } from '@lighting/shared/core';

const id64 = { type: 'string', minLength: 1, maxLength: 64, 'x-text': 'line' } as const;
/** Old JNPF clients send these; the server never reads them (the user comes from the session). */
const ignored = {
  token: { type: 'string', maxLength: 2048 },
  formUserId: { type: 'string', maxLength: 64 },
} as const;

export const SEND_MESSAGE_SCHEMA = {
  type: 'object',
  required: ['method', 'toUserId', 'messageType', 'messageContent', 'clientMsgId'],
  additionalProperties: false,
  properties: {
    method: { const: 'SendMessage' },
    toUserId: id64,
    messageType: { type: 'string', enum: ['text', 'image', 'card'] },
    // text: the text itself; image and card: a small JSON object (checked below)
    messageContent: { type: 'string', minLength: 1, maxLength: CHAT_LIMITS.textMax },
    clientMsgId: {
      type: 'string',
      minLength: 1,
      maxLength: CHAT_LIMITS.clientMsgIdMax,
      pattern: '^[A-Za-z0-9_-]+$',
      'x-msg': 'letters, digits, _ and - only',
    },
    ...ignored,
  },
} as const;

export const MESSAGE_LIST_SCHEMA = {
  type: 'object',
  required: ['method', 'toUserId'],
  additionalProperties: false,
  properties: {
    method: { const: 'MessageList' },
    toUserId: id64,
    currentPage: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    sord: { type: 'string', enum: ['asc', 'desc'] },
    keyword: { type: 'string', maxLength: 100, 'x-text': 'line' },
    /** cursor: messages with seq < beforeSeq (newest first unless sord is asc) */
    beforeSeq: { type: 'integer', minimum: 1 },
    /** cursor: messages with seq > afterSeq, oldest first (catch-up, history forward) */
    afterSeq: { type: 'integer', minimum: 0 },
    requestId: { type: 'string', maxLength: 64, 'x-text': 'line' },
    ...ignored,
  },
} as const;

export const UPDATE_READ_SCHEMA = {
  type: 'object',
  required: ['method', 'formUserId'],
  additionalProperties: false,
  properties: {
    method: { const: 'UpdateReadMessage' },
    /** the peer whose messages were read (JNPF's name) */
    formUserId: id64,
    /** read up to this seq (default: everything stored now) */
    seq: { type: 'integer', minimum: 0 },
    token: ignored.token,
  },
} as const;

export interface SendInput {
  toUserId: string;
  messageType: 'text' | 'image' | 'card';
  messageContent: string;
  clientMsgId: string;
}

export interface ListInput {
  toUserId: string;
  currentPage?: number;
  pageSize?: number;
  sord?: 'asc' | 'desc';
  keyword?: string;
  beforeSeq?: number;
  afterSeq?: number;
  requestId?: string;
}

export interface ReadInput {
  formUserId: string;
  seq?: number;
}

/** The conversation's key: the pair in a fixed order. */
export function pairOf(a: string, b: string): { userLow: string; userHigh: string } {
  return a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };
}

/** A checked image content, or the field's problem. */
export type ImageCheck =
  | { ok: true; image: { path: string; thumbPath?: string; width: number; height: number } }
  | { ok: false; msg: string };

const MAX_SIDE = 20_000;

export function checkImageContent(content: string): ImageCheck {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return { ok: false, msg: 'messageContent: must be JSON {path, width, height} for an image' };
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    return { ok: false, msg: 'messageContent: must be JSON {path, width, height} for an image' };
  const o = v as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !['path', 'thumbPath', 'width', 'height', 'fileId'].includes(k));
  if (extra) return { ok: false, msg: `messageContent.${extra}: not allowed` };
  if (typeof o.path !== 'string' || !CHAT_IMAGE_PATH.test(o.path))
    return { ok: false, msg: 'messageContent.path: must be a chat image uploaded as IM' };
  if (o.thumbPath !== undefined && (typeof o.thumbPath !== 'string' || !CHAT_IMAGE_PATH.test(o.thumbPath)))
    return { ok: false, msg: 'messageContent.thumbPath: must be a chat image uploaded as IM' };
  for (const k of ['width', 'height'] as const) {
    const n = o[k];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_SIDE)
      return { ok: false, msg: `messageContent.${k}: must be an integer between 1 and ${MAX_SIDE}` };
  }
  return {
    ok: true,
    image: {
      path: o.path,
      ...(typeof o.thumbPath === 'string' ? { thumbPath: o.thumbPath } : {}),
      width: o.width as number,
      height: o.height as number,
    },
  };
}

export type CardRef =
  { ok: true; kind: 'asset'; objectid: number } | { ok: true; kind: 'order' | 'fault'; id: string };
export type CardCheck = CardRef | { ok: false; msg: string };

/** The client sends {kind, id}; the server looks the thing up and stores its code and status. */
export function checkCardContent(content: string): CardCheck {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return { ok: false, msg: 'messageContent: must be JSON {kind, id} for a card' };
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    return { ok: false, msg: 'messageContent: must be JSON {kind, id} for a card' };
  const o = v as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => k !== 'kind' && k !== 'id');
  if (extra) return { ok: false, msg: `messageContent.${extra}: not allowed` };
  if (o.kind === 'asset') {
    const n = typeof o.id === 'string' ? Number(o.id) : o.id;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2 ** 31)
      return { ok: false, msg: 'messageContent.id: must be an asset objectid' };
    return { ok: true, kind: 'asset', objectid: n };
  }
  if (o.kind === 'order' || o.kind === 'fault') {
    if (typeof o.id !== 'string' || o.id.length < 1 || o.id.length > 64)
      return {
        ok: false,
        msg: `messageContent.id: must be a ${o.kind === 'order' ? 'repair order' : 'fault'} id`,
      };
    return { ok: true, kind: o.kind, id: o.id };
  }
  return { ok: false, msg: 'messageContent.kind: must be one of asset, order, fault' };
}

/**
 * A stored card as a reader without the map's read permission sees it: kind, id and code only. The
 * status and title were looked up with the sender's permission; they are not the reader's to see.
 * Anything that is not a card's JSON is returned as it is.
 */
export function redactCard(content: string): string {
  try {
    const c = JSON.parse(content) as Record<string, unknown>;
    if (!c || typeof c !== 'object' || Array.isArray(c)) return content;
    return JSON.stringify({ kind: c.kind, id: c.id, code: c.code });
  } catch {
    return content;
  }
}

/** The kind of a stored card ('' when the content is not a card). */
export function cardKindOf(content: string): string {
  try {
    const c = JSON.parse(content) as { kind?: unknown } | null;
    return c && typeof c.kind === 'string' ? c.kind : '';
  } catch {
    return '';
  }
}

/** A user's send bucket: tokens left and when they were counted (ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One send from a token bucket (burst, then `perSecond`): refilled for the time since it was counted
 * (never backwards: another instance's clock may be a little behind), one token taken when there is
 * one. A missing bucket is full. The Redis limiter (send-limit.ts) runs the same steps in Lua.
 */
export function takeToken(
  b: Bucket | undefined,
  now: number,
  burst: number,
  perSecond: number,
): { ok: boolean; next: Bucket } {
  const at = b ? Math.max(b.at, now) : now;
  const tokens = b ? Math.min(burst, b.tokens + ((at - b.at) / 1000) * perSecond) : burst;
  return tokens >= 1 ? { ok: true, next: { tokens: tokens - 1, at } } : { ok: false, next: { tokens, at } };
}

/** How long an untouched bucket still says anything (after that it would be full again), ms. */
export const bucketLifeMs = (burst: number, perSecond: number): number =>
  Math.ceil((burst / perSecond) * 1000) + 1000;

/** The text shown for a message in the list (last message preview). */
export function previewOf(contentType: string, content: string): string {
  if (contentType === 'image') return '[图片]';
  if (contentType === 'card') {
    try {
      const c = JSON.parse(content) as { code?: unknown };
      return `[${typeof c.code === 'string' ? c.code : '卡片'}]`;
    } catch {
      return '[卡片]';
    }
  }
  return content.length > 100 ? `${content.slice(0, 100)}…` : content;
}
