import { Tag } from 'antd';
import { useDictionaryName } from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { homeApi } from '../api';
import { NS } from '../i18n';
import { formatPercent, KPI_COLORS, kpiLevel, TARGETS, toPercent } from '../kpi';
import { useResource } from '../useResource';
import { ItemList } from './ItemList';
import { fmtNum, Kpi, KpiRow, Widget } from './Widget';

export function FeedbackWidget() {
  const { t } = useTranslation(NS);
  const district = useDictionaryName('district');
  const res = useResource(homeApi.feedback);
  return (
    <Widget id="feedback" title={t('feedback')} resource={res} isEmpty={(d) => !d}>
      {(d) => {
        const sat = toPercent(d.satisfaction);
        return (
          <>
            <KpiRow>
              <Kpi
                label={t('pending')}
                value={fmtNum(d.pending)}
                testId="feedback-pending"
                color={d.pending > 0 ? '#874d00' : undefined}
              />
              <Kpi label={t('repliedThisMonth')} value={fmtNum(d.repliedThisMonth)} />
              <Kpi
                label={t('satisfaction')}
                value={formatPercent(sat)}
                color={KPI_COLORS[kpiLevel(sat, TARGETS.satisfaction)]}
                hint={`${t('target')} ≥ ${TARGETS.satisfaction.good}%`}
              />
            </KpiRow>
            <ItemList
              max={4}
              rows={(d.latest ?? []).map((f) => ({
                id: f.id,
                title: f.title,
                time: f.createdAt,
                tag: (
                  <Tag color={f.state === 'pending' ? 'warning' : 'success'} style={{ marginInlineEnd: 0 }}>
                    {t(`state.${f.state}`)}
                  </Tag>
                ),
                sub: (
                  <span style={{ fontSize: 12, color: '#767676', whiteSpace: 'nowrap' }}>
                    {district(f.district)}
                  </span>
                ),
              }))}
            />
          </>
        );
      }}
    </Widget>
  );
}
