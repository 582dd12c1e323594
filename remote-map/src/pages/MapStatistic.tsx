// bt/gzyp/statistic (MapStatistic) — statistics on one map: counts by kind, status and district,
// lights-on rate per district against 98 % / 96 %, facility integrity, repair-time compliance
// (24 h / 3 working days / 1 h); the charts and the map side by side. A click on a district (chart
// or table) filters both; the figures follow live changes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Col, Row, Tag, Typography } from 'antd';
import Card from 'antd/es/card';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useDictionaryName, type RemotePageProps } from '@lighting/shared';
import { chartSummary, useEChart, type ChartOption } from '@lighting/shared/ui';
import { MapCanvas } from '../map/MapCanvas';
import { mapApi, type Compliance, type District, type DistrictStat, type Statistics } from '../map/api';
import type { CityMap } from '../map/cityMap';
import { EMPTY_VISIBILITY } from '../map/filters';
import { districtRateOption, kindOption, pct, statusOption } from '../map/statistics';
import { useMapChangeTick } from '../map/useLive';

function Chart({
  option,
  name,
  title,
  height = 220,
  onClick,
}: {
  option: ChartOption | null;
  name: string;
  /** what the chart shows: its name for screen readers even before (or without) data */
  title: string;
  height?: number;
  /** the clicked element's name and its index in the data */
  onClick?: (name: string, dataIndex: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useEChart(ref, option, onClick ? (e) => onClick(e.name, e.dataIndex) : undefined);
  return (
    <div
      ref={ref}
      data-testid={`stat-chart-${name}`}
      data-chart-state={state}
      // the canvas holds no words: the chart is an image named by what it draws
      role="img"
      aria-label={chartSummary(option, title)}
      style={{ width: '100%', height }}
    />
  );
}

function Rate({
  title,
  value,
  target,
  met,
}: {
  title: string;
  value: number;
  target?: number;
  met?: boolean;
}) {
  const { t } = useTranslation('map');
  return (
    <div>
      <Statistic title={title} value={pct(value)} suffix="%" />
      {target !== undefined ? (
        <Tag color={met ? 'success' : 'error'}>
          {t('target', { value: target })} · {met ? t('met') : t('notMet')}
        </Tag>
      ) : null}
    </div>
  );
}

export default function MapStatistic(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const [map, setMap] = useState<CityMap | null>(null);
  const [district, setDistrict] = useState<string | null>(null);
  const [stats, setStats] = useState<Statistics | null>(null);
  const [cityRows, setCityRows] = useState<DistrictStat[]>([]);
  const [districts, setDistricts] = useState<District[]>([]);
  const tick = useMapChangeTick(10_000);

  useEffect(() => {
    mapApi.districts().then(setDistricts, () => undefined);
  }, []);
  // the per-district chart always shows the whole city; the rest follows the chosen district
  useEffect(() => {
    mapApi.statistics().then(
      (s) => setCityRows(s.byDistrict),
      () => undefined,
    );
  }, [tick]);
  useEffect(() => {
    mapApi.statistics(district ?? undefined).then(setStats, () => undefined);
  }, [district, tick]);
  useEffect(() => {
    map?.setVisibility({ ...EMPTY_VISIBILITY, district });
    const d = districts.find((x) => x.name === district);
    if (d) void map?.zoomTo(d.extent, 1.05);
    else if (map) void map.overview();
  }, [map, district, districts]);

  const label = useMemo(() => (k: string) => t(k), [t]);
  const kind = useMemo(() => (stats ? kindOption(stats, label) : null), [stats, label]);
  const status = useMemo(() => (stats ? statusOption(stats, label) : null), [stats, label]);
  const districtName = useDictionaryName('district');
  const rates = useMemo(
    () => districtRateOption(cityRows, label, district, districtName),
    [cityRows, label, district, districtName],
  );
  const pick = (name: string) =>
    setDistrict((d) => (d === name || !cityRows.some((r) => r.district === name) ? null : name));

  const compliance = (key: 'general' | 'severe' | 'emergency' | 'overall', c: Compliance | undefined) => (
    <Col span={6} key={key}>
      <Statistic title={t(key)} value={c ? pct(c.rate) : '-'} suffix="%" />
      <Typography.Text type="secondary">{c ? `${c.onTime}/${c.total}` : ''}</Typography.Text>
    </Col>
  );

  return (
    <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 190px)' }} data-testid="map-statistic">
      {/* the figures scroll on their own: reachable by keyboard, named for screen readers */}
      <div
        tabIndex={0}
        role="region"
        aria-label={t('statistics')}
        style={{ width: '50%', overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        <Card size="small">
          <Row gutter={12}>
            <Col span={6}>
              <Statistic title={t('totalAssets')} value={stats?.total ?? '-'} data-testid="stat-total" />
              {district ? (
                <Button size="small" onClick={() => setDistrict(null)} data-testid="stat-district">
                  {districtName(district)} ✕
                </Button>
              ) : null}
            </Col>
            <Col span={6}>
              <Rate
                title={`${t('lightsOnRate')} · ${t('mainRoads')}`}
                value={stats?.lightsOn.main.rate ?? NaN}
                target={stats?.lightsOn.main.target ?? 98}
                met={stats?.lightsOn.main.met}
              />
            </Col>
            <Col span={6}>
              <Rate
                title={`${t('lightsOnRate')} · ${t('otherRoads')}`}
                value={stats?.lightsOn.other.rate ?? NaN}
                target={stats?.lightsOn.other.target ?? 96}
                met={stats?.lightsOn.other.met}
              />
            </Col>
            <Col span={6}>
              <Rate
                title={t('integrity')}
                value={stats?.integrity.rate ?? NaN}
                target={stats?.integrity.target ?? 95}
                met={stats?.integrity.met}
              />
            </Col>
          </Row>
        </Card>
        <Card size="small" title={`${t('compliance')} (${stats?.repairCompliance.days ?? 30} d)`}>
          <Row gutter={12}>
            {compliance('general', stats?.repairCompliance.general)}
            {compliance('severe', stats?.repairCompliance.severe)}
            {compliance('emergency', stats?.repairCompliance.emergency)}
            {compliance('overall', stats?.repairCompliance.overall)}
          </Row>
        </Card>
        <Card size="small" title={`${t('lightsOnRate')} · ${t('byDistrict')}`} extra={t('clickDistrict')}>
          <Chart
            option={rates}
            name="districts"
            title={`${t('lightsOnRate')} · ${t('byDistrict')}`}
            height={240}
            onClick={(_, i) => cityRows[i] && pick(cityRows[i].district)}
          />
        </Card>
        <Row gutter={12}>
          <Col span={12}>
            <Card size="small" title={t('byKind')}>
              <Chart option={kind} name="kinds" title={t('byKind')} />
            </Card>
          </Col>
          <Col span={12}>
            <Card size="small" title={t('byStatus')}>
              <Chart option={status} name="statuses" title={t('byStatus')} />
            </Card>
          </Col>
        </Row>
        <Card size="small" title={t('byDistrict')}>
          <Table<DistrictStat>
            rowKey="district"
            size="small"
            pagination={false}
            dataSource={cityRows}
            data-testid="stat-districts"
            onRow={(r) => ({ onClick: () => pick(r.district), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.district === district ? 'ant-table-row-selected' : '')}
            columns={[
              { dataIndex: 'district', title: t('district'), render: (d: string) => districtName(d) },
              { dataIndex: 'total', title: t('totalAssets') },
              { dataIndex: 'mainRate', title: t('mainRoads'), render: (v: number) => `${pct(v)}%` },
              { dataIndex: 'otherRate', title: t('otherRoads'), render: (v: number) => `${pct(v)}%` },
              { dataIndex: 'integrityRate', title: t('integrity'), render: (v: number) => `${pct(v)}%` },
              { dataIndex: 'openFaults', title: t('openFaults') },
            ]}
          />
        </Card>
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <MapCanvas onReady={setMap} cables={false} onDistrict={pick} />
      </div>
    </div>
  );
}
