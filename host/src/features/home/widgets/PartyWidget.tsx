import { Link } from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { articleHref, homeApi } from '../api';
import { NS } from '../i18n';
import { useResource } from '../useResource';
import { ItemList } from './ItemList';
import { Widget } from './Widget';

export function PartyWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.partyBuilding);
  return (
    <Widget
      id="party"
      title={t('party')}
      extra={<Link to={articleHref('party')}>{t('more')}</Link>}
      resource={res}
      isEmpty={(d) => d.length === 0}
    >
      {(list) => (
        <ItemList
          rows={list.map((n) => ({
            id: n.id,
            title: n.title,
            time: n.publishTime,
            to: articleHref('party', n.id),
          }))}
        />
      )}
    </Widget>
  );
}
