// The 查看消息 dialog of a notice (./MessageView.tsx opens it): the notice's HTML, sanitised again.
import { Typography } from 'antd';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@lighting/shared';
import { useSanitizedHtml } from '@lighting/shared/ui';
import { NS } from './i18n';
import type { MessageDetail } from './rules';

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

/** The notice body, sanitised again before it is shown. */
function SafeHtml({ html }: { html: string }) {
  const clean = useSanitizedHtml(html);
  return clean === null ? null : (
    <div className="message-html" data-testid="message-html" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
