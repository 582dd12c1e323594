import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@lighting/shared';
import { homeApi, type PowerData } from '../api';
import { powerTrendOption } from '../charts/options';
import { NS } from '../i18n';
import { changePercent, formatPercent, KPI_COLORS, kpiLevel, TARGETS, toPercent } from '../kpi';
import { useResource } from '../useResource';
import { ChartBox } from './ChartBox';
import { fmtNum, Kpi, KpiRow, Widget } from './Widget';

function PowerBody({ d }: { d: PowerData }) {
  const { t } = useTranslation(NS);
  const option = useMemo(() => powerTrendOption(d.trend ?? [], t('kwh')), [d.trend, t]);
  const rate = toPercent(d.lightsOnRate);
  const level = kpiLevel(rate, TARGETS.lightsOnRate);
  const mom = changePercent(d.monthKwh, d.lastMonthKwh);
  return (
    <>
      <KpiRow>
        <Kpi
          label={t('lightsOnRate')}
          value={formatPercent(rate)}
          color={KPI_COLORS[level]}
          testId="power-lightsOnRate"
          hint={`${t('target')} ≥ ${TARGETS.lightsOnRate.good}%`}
        />
        <Kpi
          label={t('monthKwh')}
          value={fmtNum(d.monthKwh)}
          unit="kWh"
          testId="power-month"
          hint={Number.isFinite(mom) ? `${t('mom')} ${mom > 0 ? '+' : ''}${formatPercent(mom)}` : undefined}
        />
        <Kpi label={t('yearKwh')} value={fmtNum(d.yearKwh)} unit="kWh" />
      </KpiRow>
      <span data-testid="power-level" data-level={level} hidden />
      {(d.trend ?? []).length ? (
        <ChartBox name="power-trend" title={t('power')} option={option} height={160} />
      ) : null}
    </>
  );
}

export function PowerWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.power);
  return (
    <Widget
      id="power"
      title={t('power')}
      extra={<Link to="/bt/gzyp/statistic">{t('toStatistic')}</Link>}
      resource={res}
      isEmpty={(d) => !d}
    >
      {(d) => <PowerBody d={d} />}
    </Widget>
  );
}
