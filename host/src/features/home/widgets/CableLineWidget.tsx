import { useMemo } from 'react';
import { useDictionaryName } from '@lighting/shared';
import { useTranslation } from 'react-i18next';
import { homeApi, type CableLineData } from '../api';
import { cableByTypeOption } from '../charts/options';
import { NS } from '../i18n';
import { useResource } from '../useResource';
import { ChartBox } from './ChartBox';
import { RankBars } from './Bars';
import { fmtNum, Kpi, KpiRow, Widget } from './Widget';

function CableBody({ d }: { d: CableLineData }) {
  const { t } = useTranslation(NS);
  const district = useDictionaryName('district');
  const cableType = useDictionaryName('cableType');
  const option = useMemo(
    () =>
      cableByTypeOption(
        (d.byType ?? []).map((r) => ({ ...r, type: cableType(r.type) })),
        t('cableByType'),
        t('otherParts'),
      ),
    [d.byType, t, cableType],
  );
  return (
    <>
      <KpiRow>
        <Kpi label={t('totalKm')} value={fmtNum(d.totalKm, 1)} unit={t('km')} testId="cable-total" />
        <Kpi label={t('faultsPer100Km')} value={fmtNum(d.faultsPer100Km, 2)} />
      </KpiRow>
      {(d.byType ?? []).length ? (
        <ChartBox name="cable-type" title={t('cableLine')} option={option} height={150} />
      ) : null}
      {(d.byDistrict ?? []).length ? (
        <div style={{ marginTop: 8 }}>
          <RankBars
            rows={d.byDistrict.map((r) => ({ name: district(r.district), value: r.km }))}
            unit={t('km')}
          />
        </div>
      ) : null}
    </>
  );
}

export function CableLineWidget() {
  const { t } = useTranslation(NS);
  const res = useResource(homeApi.cableLine);
  return (
    <Widget id="cableLine" title={t('cableLine')} resource={res} isEmpty={(d) => !d}>
      {(d) => <CableBody d={d} />}
    </Widget>
  );
}
