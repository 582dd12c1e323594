// Opening a message (spec §2, §4): ReadInfo marks it read on the server and the unread counter
// drops by one; a notice shows its HTML (sanitised again) in the 查看消息 dialog, a workflow
// message opens its workflow page with flowId/taskId as query.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from '@lighting/shared';
import { readMessage } from './api';
import { countRules, useUnread } from './counts';
import { isUnread, openAction, type MessageDetail, type MessageItem } from './rules';

// the dialog (antd Modal) loads when the first notice is opened: /home shows this hook's list
const NoticeModal = lazy(() => import('./NoticeModal').then((m) => ({ default: m.NoticeModal })));

/** `open(item)` reads and shows a message; render `modal` once where the hook is used. */
export function useMessageOpener(opts: { onRead?: (id: string) => void; onNavigate?: () => void } = {}): {
  open: (item: MessageItem) => Promise<void>;
  modal: ReactNode;
} {
  const navigate = useNavigate();
  const [detail, setDetail] = useState<MessageDetail | null>(null);
  // once shown, the dialog stays mounted so that it can animate closed
  const [shown, setShown] = useState(false);
  const { onRead, onNavigate } = opts;

  const open = useCallback(
    async (item: MessageItem) => {
      let res;
      try {
        res = await readMessage(item.id);
      } catch {
        return; // the client showed the server's message
      }
      if (isUnread(item)) {
        useUnread.setState((c) => countRules.readOne(c));
        onRead?.(item.id);
      }
      const action = openAction({ type: res.data?.type ?? item.type, bodyText: res.data?.bodyText ?? '' });
      if (action.kind === 'notice') {
        setShown(true);
        setDetail({ ...item, ...res.data, bodyText: action.html });
      } else {
        onNavigate?.();
        navigate(action.to);
      }
    },
    [navigate, onRead, onNavigate],
  );

  const modal = shown ? (
    <Suspense fallback={null}>
      <NoticeModal detail={detail} onClose={() => setDetail(null)} />
    </Suspense>
  ) : null;
  return { open, modal };
}
