// One open conversation (effects): the live stream first, then the latest 30; live messages merged by
// id; a hole (a frame missed) or a reconnection asks for everything after the last seq held without a
// hole; opening it and every message arriving while it is open move the read pointer.
import { useCallback, useEffect, useRef, useState } from 'react';
import { skip } from 'rxjs';
import {
  CHAT_LIMITS,
  EMPTY_LOG,
  gapAfter,
  logAdd,
  logAddOlder,
  logFromLatest,
  type ChatMessage,
  type ConversationLog,
} from '@lighting/shared/core';
import { connected$, conversationMessages$, listMessages, markChatRead } from '@lighting/shared/realtime';

export interface Conversation {
  log: ConversationLog;
  loading: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
}

export function useConversation(self: string, peer: string): Conversation {
  const [log, setLog] = useState<ConversationLog>(EMPTY_LOG);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const ref = useRef<{ log: ConversationLog; loaded: boolean; catchingUp: boolean; alive: boolean }>({
    log: EMPTY_LOG,
    loaded: false,
    catchingUp: false,
    alive: true,
  });

  const commit = useCallback(
    (next: ConversationLog) => {
      const r = ref.current;
      if (!r.alive || next === r.log) return;
      const before = r.log.messages[r.log.messages.length - 1]?.seq ?? 0;
      r.log = next;
      setLog(next);
      // The window is open: what arrived from the peer is read.
      const last = next.messages[next.messages.length - 1];
      if (last && last.seq > before && next.messages.some((m) => m.seq > before && m.sendUserId === peer))
        markChatRead(peer, last.seq);
    },
    [peer],
  );

  const catchUp = useCallback(async () => {
    const r = ref.current;
    if (r.catchingUp || !r.loaded) return;
    r.catchingUp = true;
    try {
      for (;;) {
        const { list, hasMore } = await listMessages({ toUserId: peer, afterSeq: r.log.upTo, pageSize: 100 });
        if (!r.alive) return;
        commit(logAdd(r.log, list));
        if (!hasMore || list.length === 0) break;
      }
    } finally {
      r.catchingUp = false;
    }
  }, [peer, commit]);

  useEffect(() => {
    const r = { log: EMPTY_LOG, loaded: false, catchingUp: false, alive: true };
    ref.current = r;
    setLog(EMPTY_LOG);
    setLoading(true);
    const early: ChatMessage[] = [];
    // 1. the live stream, before the first page is asked for: nothing falls between them
    const live = conversationMessages$(self, peer).subscribe((m) => {
      if (!r.loaded) {
        early.push(m);
        return;
      }
      const hole = gapAfter(r.log, m.seq);
      commit(logAdd(r.log, [m]));
      if (hole !== null) void catchUp();
    });
    // 3. every reconnection: whatever was missed while away
    const reconnects = connected$.pipe(skip(1)).subscribe((up) => {
      if (up) void catchUp();
    });
    // 2. the latest page
    void listMessages({ toUserId: peer, pageSize: CHAT_LIMITS.openPage, sord: 'desc' })
      .then(({ list, hasMore }) => {
        if (!r.alive) return;
        r.loaded = true;
        const first = logFromLatest(list, hasMore);
        r.log = first;
        setLog(first);
        setLoading(false);
        markChatRead(peer, first.upTo || undefined);
        if (early.length) {
          const withEarly = logAdd(first, early);
          commit(withEarly);
          if (withEarly.upTo < Math.max(...early.map((m) => m.seq))) void catchUp();
        }
      })
      .catch(() => r.alive && setLoading(false));
    return () => {
      r.alive = false;
      live.unsubscribe();
      reconnects.unsubscribe();
    };
  }, [self, peer, commit, catchUp]);

  const loadOlder = useCallback(() => {
    const r = ref.current;
    const first = r.log.messages[0];
    if (!first || !r.log.hasOlder || loadingOlder) return;
    setLoadingOlder(true);
    void listMessages({ toUserId: peer, beforeSeq: first.seq, pageSize: CHAT_LIMITS.openPage, sord: 'desc' })
      .then(({ list, hasMore }) => {
        if (r.alive) {
          r.log = logAddOlder(r.log, list, hasMore);
          setLog(r.log);
        }
      })
      .finally(() => r.alive && setLoadingOlder(false));
  }, [peer, loadingOlder]);

  return { log, loading, loadingOlder, loadOlder };
}
