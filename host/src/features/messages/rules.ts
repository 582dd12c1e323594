// Pure rules of the in-app messages (spec §2 message drawer, §3 Message, §4 read rules, §7, §9):
// infinite loading, type → route, list transitions and the sanitise-on-display configuration.
import type { ApiData, ApiRow } from '@lighting/shared/api';

/** Message page size of the drawer (spec §9). */
export const MESSAGE_PAGE_SIZE = 10;
/** Load the next page when scrolled within this many pixels of the bottom (spec §9). */
export const SCROLL_THRESHOLD = 200;

/**
 * A received message (the server's answer, shared/src/api/schema.gen.ts): its title as stored, shown
 * through shownMessageTitle (a system title's key and parameters, in the reader's language); type 1
 * notice, 2 todo, 3 circulate, anything else launch.
 */
export type MessageItem = ApiRow<'/api/system/Message', 'get'>;
export type ReadFlag = MessageItem['isRead'];
/** A received message, opened. */
export type MessageDetail = ApiData<'/api/system/Message/ReadInfo/{id}', 'get'>;

/** True when the container is scrolled within `threshold` px of its bottom. */
export function nearBottom(
  el: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold: number = SCROLL_THRESHOLD,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/** Fewer than a page returned means there is nothing more to load. */
export function isFinished(returned: number, pageSize: number = MESSAGE_PAGE_SIZE): boolean {
  return returned < pageSize;
}

/** Appends a page, dropping ids already shown (a push may shift the server's pages). */
export function appendPage(current: MessageItem[], page: MessageItem[]): MessageItem[] {
  const seen = new Set(current.map((m) => m.id));
  return [...current, ...page.filter((m) => !seen.has(m.id))];
}

export function markRead(list: MessageItem[], id: string): MessageItem[] {
  return list.map((m) => (m.id === id && m.isRead !== '1' ? { ...m, isRead: '1' } : m));
}

export function markAllRead(list: MessageItem[]): MessageItem[] {
  return list.map((m) => (m.isRead === '1' ? m : { ...m, isRead: '1' }));
}

export const isUnread = (m: Pick<MessageItem, 'isRead'>): boolean => String(m.isRead) !== '1';

export const NOTICE_TYPE = 1;

/** The message-record type filter: '' all, 1 notice, 2 todo, 3 circulate, 4 launch. */
export const TYPE_FILTERS = [
  { value: '', key: 'typeAll' },
  { value: '1', key: 'typeNotice' },
  { value: '2', key: 'typeTodo' },
  { value: '3', key: 'typeCirculate' },
  { value: '4', key: 'typeLaunch' },
] as const;

/** i18n key naming a message type. */
export function typeKey(type: number | string): 'typeNotice' | 'typeTodo' | 'typeCirculate' | 'typeLaunch' {
  const n = Number(type);
  if (n === 1) return 'typeNotice';
  if (n === 2) return 'typeTodo';
  if (n === 3) return 'typeCirculate';
  return 'typeLaunch';
}

export interface WorkflowTarget {
  pathname: string;
  search: string;
}

/** Where a workflow message's body type leads: 2 to-do, 3 circulate, anything else launch. */
export function workflowPath(bodyType: unknown): string {
  const n = Number(bodyType);
  if (n === 2) return '/workFlow/flowTodo';
  if (n === 3) return '/workFlow/flowCirculate';
  return '/workFlow/flowLaunch';
}

/**
 * What opening a message does: a notice (type 1) shows its HTML in the 查看消息 dialog; a workflow
 * message navigates with its flowId/taskId (and operatorId or circulateId) as query. The body's own type decides the page, and the
 * message type is the fallback when the body is not JSON.
 */
export type OpenAction = { kind: 'notice'; html: string } | { kind: 'navigate'; to: WorkflowTarget };

export function openAction(detail: Pick<MessageDetail, 'type' | 'bodyText'>): OpenAction {
  if (Number(detail.type) === NOTICE_TYPE) return { kind: 'notice', html: detail.bodyText ?? '' };
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(detail.bodyText ?? '');
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    /* not JSON: fall back to the message type */
  }
  const params = new URLSearchParams();
  // the operator row (a to-do) or circulate row the message is about: the page opens that one
  for (const k of ['flowId', 'taskId', 'operatorId', 'circulateId'] as const) {
    const v = body[k];
    if (typeof v === 'string' || typeof v === 'number') params.set(k, String(v));
  }
  const search = params.toString();
  return {
    kind: 'navigate',
    to: {
      pathname: workflowPath(body.type ?? detail.type),
      search: search ? `?${search}` : '',
    },
  };
}

/**
 * DOMPurify options for showing a notice's HTML: the server sanitises on write, the client again
 * on display. No scripts, frames, forms or inline handlers; links keep only safe protocols.
 */

/** The ids joined as the Record delete call wants them. */
export const joinIds = (ids: readonly (string | number)[]): string => ids.map(String).join(',');
