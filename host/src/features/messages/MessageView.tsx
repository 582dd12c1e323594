// Opening a message (spec §2, §4): ReadInfo marks it read on the server and the unread counter
// drops by one; a notice shows its HTML (sanitised again) in the 查看消息 dialog, a workflow
// message opens its workflow page with flowId/taskId as query.
import { useCallback, useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useNavigate } from '@lighting/shared';
import { readMessage } from './api';
import { countRules, useUnread } from './counts';
import { isUnread, openAction, type MessageDetail, type MessageItem } from './rules';
import { useSanitizedHtml } from '@lighting/shared/ui';
import { NS } from './i18n';

export function NoticeModal({ detail, onClose }: { detail: MessageDetail | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open={detail !== null}
      title={t('view')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('close')}
      footer={(_, { OkBtn }) => <OkBtn />}
      width={720}
      destroyOnHidden
      data-testid="message-view"
    >
      {detail && (
        <div data-testid="message-view-body">
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {detail.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {detail.creatorUser} · {formatDateTime(detail.lastModifyTime)}
          </Typography.Paragraph>
          <SafeHtml html={detail.bodyText} />
        </div>
      )}
    </Modal>
  );
}

/** `open(item)` reads and shows a message; render `modal` once where the hook is used. */
export function useMessageOpener(opts: { onRead?: (id: string) => void; onNavigate?: () => void } = {}): {
  open: (item: MessageItem) => Promise<void>;
  modal: ReactNode;
} {
  const navigate = useNavigate();
  const [detail, setDetail] = useState<MessageDetail | null>(null);
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
      if (action.kind === 'notice') setDetail({ ...item, ...res.data, bodyText: action.html });
      else {
        onNavigate?.();
        navigate(action.to);
      }
    },
    [navigate, onRead, onNavigate],
  );

  return { open, modal: <NoticeModal detail={detail} onClose={() => setDetail(null)} /> };
}

/** The notice body, sanitised again before it is shown. */
function SafeHtml({ html }: { html: string }) {
  const clean = useSanitizedHtml(html);
  return clean === null ? null : (
    <div className="message-html" data-testid="message-html" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
