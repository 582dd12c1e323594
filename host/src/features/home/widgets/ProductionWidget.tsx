import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { homeApi, type ProductionData } from '../api';
import { productionOption } from '../charts/options';
import { NS } from '../i18n';
import { formatPercent, KPI_COLORS, kpiLevel, TARGETS, toPercent } from '../kpi';
import { useResource } from '../useResource';
import { ChartBox } from './ChartBox';
import { fmtNum, Kpi, KpiRow, Widget } from './Widget';

function ProductionBody({ d }: { d: ProductionData }) {
  const { t } = useTranslation(NS);
  const option = useMemo(
    () => productionOption(d.trend ?? [], { created: t('created'), completed: t('completed') }),
    [d.trend, t],
  );
  const rate = toPercent(d.onTimeRate);
  return (
    <>
      <KpiRow>
        <Kpi label={t('ordersThisMonth')} value={fmtNum(d.ordersThisMonth)} testId="production-orders" />
        <Kpi label={t('completed')} value={fmtNum(d.completed)} />
        <Kpi
          label={t('onTimeRate')}
          value={formatPercent(rate)}
          color={KPI_COLORS[kpiLevel(rate, TARGETS.onTimeRate)]}
          hint={`${t('target')} ≥ ${TARGETS.onTimeRate.good}%`}
        />
      </KpiRow>
      {(d.trend ?? []).length ? (
        <ChartBox name="production" title={t('production')} option={option} height={160} />
      ) : null}
    </>
  );
}

export function ProductionWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.production);
  return (
    <Widget id="production" title={t('production')} resource={res} isEmpty={(d) => !d}>
      {(d) => <ProductionBody d={d} />}
    </Widget>
  );
}
