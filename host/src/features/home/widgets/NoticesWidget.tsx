// Notices are in-app messages (type 1): opening one reads it (the unread count drops) and shows
// it in the same 查看消息 dialog as the message drawer.
import { Link } from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { useMessageOpener } from '../../messages/MessageView';
import { homeApi } from '../api';
import { NS } from '../i18n';
import { useResource } from '../useResource';
import { ItemList } from './ItemList';
import { Widget } from './Widget';

export function NoticesWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.notices);
  const { open, modal } = useMessageOpener();
  return (
    <>
      <Widget
        id="notices"
        title={t('notices')}
        extra={<Link to="/messageRecord">{t('more')}</Link>}
        resource={res}
        isEmpty={(d) => d.length === 0}
      >
        {(list) => (
          <ItemList
            rows={list.map((n) => ({
              id: n.id,
              title: n.title,
              time: n.publishTime,
              onOpen: () =>
                void open({
                  id: n.id,
                  title: n.title,
                  // a notice's title is its own words, never a system title's key
                  titleKey: null,
                  titleParams: null,
                  type: 1,
                  creatorUser: n.creatorUser,
                  lastModifyTime: 0,
                  isRead: n.isRead,
                }),
            }))}
          />
        )}
      </Widget>
      {modal}
    </>
  );
}
