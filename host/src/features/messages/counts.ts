// Unread counters (spec §4 message read rules), fed by the realtime socket: initMessage sets them,
// messagePush raises them, reading one drops the count by one (never below 0), mark-all sets 0.
import { create } from 'zustand';

export interface UnreadCounts {
  /** unread in-app messages (notices and workflow messages) */
  messages: number;
  notices: number;
  /** chat: unread per sending user */
  chat: Record<string, number>;
  onlineUsers: string[];
}

export const initialCounts: UnreadCounts = { messages: 0, notices: 0, chat: {}, onlineUsers: [] };

/** Pure transitions, tested beside this file. */
export const countRules = {
  init(raw: Record<string, unknown>): UnreadCounts {
    const nums = Array.isArray(raw.unreadNums)
      ? (raw.unreadNums as { formUserId?: string; unreadNum?: number }[])
      : [];
    return {
      messages: Math.max(0, Number(raw.unreadMessageCount) || 0),
      notices: Math.max(0, Number(raw.unreadNoticeCount) || 0),
      chat: Object.fromEntries(
        nums.filter((n) => n.formUserId).map((n) => [n.formUserId!, Math.max(0, n.unreadNum ?? 0)]),
      ),
      onlineUsers: Array.isArray(raw.onlineUsers) ? raw.onlineUsers.map(String) : [],
    };
  },
  readOne(c: UnreadCounts): UnreadCounts {
    return { ...c, messages: Math.max(0, c.messages - 1) };
  },
  readAll(c: UnreadCounts): UnreadCounts {
    return { ...c, messages: 0 };
  },
  pushed(c: UnreadCounts): UnreadCounts {
    return { ...c, messages: c.messages + 1 };
  },
  /**
   * A messagePush: the server's own counts win when it sends them (a push is also sent when a
   * message is read or deleted elsewhere); without them the count rises by one.
   */
  push(c: UnreadCounts, raw: Record<string, unknown>): UnreadCounts {
    const count = (v: unknown): number | null =>
      v === undefined || v === null || v === '' || !Number.isFinite(Number(v))
        ? null
        : Math.max(0, Math.floor(Number(v)));
    const messages = count(raw.unreadMessageCount);
    const notices = count(raw.unreadNoticeCount);
    return {
      ...c,
      messages: messages ?? c.messages + 1,
      notices: notices ?? c.notices,
    };
  },
  chatTotal(c: UnreadCounts): number {
    return Object.values(c.chat).reduce((a, b) => a + b, 0);
  },
};

export const useUnread = create<UnreadCounts>()(() => initialCounts);
