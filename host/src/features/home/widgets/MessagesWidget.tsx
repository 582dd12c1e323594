import { Tag } from 'antd';
import { Link, shownMessageTitle } from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { homeApi } from '../api';
import { NS } from '../i18n';
import { useResource } from '../useResource';
import { ItemList } from './ItemList';
import { Widget } from './Widget';

/** isRead comes as '0' / '1' (also tolerated: numbers and booleans). */
const unread = (v: number | boolean | string) => v === 0 || v === false || v === '0';

export function MessagesWidget() {
  const { t, i18n } = useTranslation(NS);
  const res = useResource(homeApi.messages);
  return (
    <Widget
      id="messages"
      title={t('messages')}
      extra={<Link to="/messageRecord">{t('allMessages')}</Link>}
      resource={res}
      isEmpty={(d) => d.length === 0}
    >
      {(list) => (
        <ItemList
          rows={list.map((m) => ({
            id: m.id,
            title: shownMessageTitle(m, i18n.language),
            time: m.lastModifyTime,
            to: '/messageRecord',
            tag: unread(m.isRead) ? (
              <Tag color="red" style={{ marginInlineEnd: 0 }}>
                {t('unread')}
              </Tag>
            ) : undefined,
          }))}
        />
      )}
    </Widget>
  );
}
