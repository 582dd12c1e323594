import { Link } from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { articleHref, homeApi } from '../api';
import { NS } from '../i18n';
import { KPI_COLORS } from '../kpi';
import { useResource } from '../useResource';
import { ItemList } from './ItemList';
import { fmtNum, Kpi, KpiRow, Widget } from './Widget';

export function SafetyWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.safety);
  return (
    <Widget
      id="safety"
      title={t('safety')}
      extra={<Link to={articleHref('safety')}>{t('more')}</Link>}
      resource={res}
      isEmpty={(d) => !d}
    >
      {(d) => (
        <>
          <KpiRow>
            <Kpi
              label={t('safeDays')}
              value={fmtNum(d.safeDays)}
              unit={t('days')}
              testId="safety-safeDays"
              color={KPI_COLORS.good}
            />
            <Kpi label={t('inspectionsThisMonth')} value={fmtNum(d.inspectionsThisMonth)} />
            <Kpi
              label={t('hazardsOpen')}
              value={fmtNum(d.hazardsOpen)}
              color={d.hazardsOpen > 0 ? '#874d00' : undefined}
            />
            <Kpi label={t('hazardsClosed')} value={fmtNum(d.hazardsClosed)} />
          </KpiRow>
          <ItemList
            max={4}
            rows={(d.articles ?? []).map((a) => ({
              id: a.id,
              title: a.title,
              time: a.publishTime,
              to: articleHref('safety', a.id),
            }))}
          />
        </>
      )}
    </Widget>
  );
}
