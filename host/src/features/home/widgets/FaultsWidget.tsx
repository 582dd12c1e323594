import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useDictionaryName } from '@lighting/shared';
import { homeApi, type FaultsData } from '../api';
import { faultsByTypeOption, faultTrendOption } from '../charts/options';
import { NS } from '../i18n';
import { KPI_COLORS } from '../kpi';
import { useResource } from '../useResource';
import { ChartBox } from './ChartBox';
import { RankBars } from './Bars';
import { fmtNum, Kpi, KpiRow, Widget } from './Widget';

function FaultsBody({ d }: { d: FaultsData }) {
  const { t } = useTranslation(NS);
  const trend = useMemo(() => faultTrendOption(d.trend ?? [], t('faultCount')), [d.trend, t]);
  const district = useDictionaryName('district');
  const faultType = useDictionaryName('faultType');
  const byType = useMemo(
    () =>
      faultsByTypeOption(
        (d.byType ?? []).map((r) => ({ ...r, type: faultType(r.type) })),
        t('faultsByType'),
        t('otherParts'),
      ),
    [d.byType, t, faultType],
  );
  return (
    <>
      <KpiRow>
        <Kpi label={t('faultsToday')} value={fmtNum(d.today)} testId="faults-today" />
        <Kpi
          label={t('faultsOpen')}
          value={fmtNum(d.open)}
          testId="faults-open"
          color={d.open > 0 ? '#cf1322' : undefined}
        />
        <Kpi
          label={t('faultsClosedThisMonth')}
          value={fmtNum(d.closedThisMonth)}
          testId="faults-closed"
          color={KPI_COLORS.good}
        />
      </KpiRow>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{t('faultTrend')}</div>
      {(d.trend ?? []).length ? (
        <ChartBox name="fault-trend" title={t('faultTrend')} option={trend} height={150} />
      ) : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
          gap: 12,
          marginTop: 8,
        }}
      >
        {(d.byType ?? []).length ? (
          <div>
            <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{t('faultsByType')}</div>
            <ChartBox name="fault-type" title={t('faultsByType')} option={byType} height={150} />
          </div>
        ) : null}
        {(d.byDistrict ?? []).length ? (
          <div>
            <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginBottom: 6 }}>
              {t('faultsByDistrict')}
            </div>
            <RankBars
              rows={d.byDistrict.map((r) => ({ name: district(r.district), value: r.count }))}
              color="#f5222d"
            />
          </div>
        ) : null}
      </div>
    </>
  );
}

export function FaultsWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.faults);
  return (
    <Widget
      id="faults"
      title={t('faults')}
      extra={<Link to="/bt/map/fault">{t('toMap')}</Link>}
      resource={res}
      isEmpty={(d) => !d}
    >
      {(d) => <FaultsBody d={d} />}
    </Widget>
  );
}
