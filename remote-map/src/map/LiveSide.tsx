// Kiosk side panel: the headline figures and the live open faults (red on the map).
import { useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import Card from 'antd/es/card';
import List from 'antd/es/list';
import Statistic from 'antd/es/statistic';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useDictionaryName } from '@lighting/shared';
import { mapApi, type Statistics } from './api';
import type { CityMap } from './cityMap';
import { faultMarkers } from './faultList';
import { zoomToAsset } from './focus';
import { useLiveFaults, useMapChangeTick } from './useLive';
import { faultTypeName } from './faultTypeName';
import { statusCss } from './symbology';

/** Assets in a status (the statistics' byStatus), 0 when none. */
const statusCount = (s: Statistics, status: string): number =>
  s.byStatus.find((b) => b.status === status)?.count ?? 0;

export function LiveSide({ map, width = 300 }: { map: CityMap | null; width?: number | string }) {
  const { t } = useTranslation('map');
  const districtName = useDictionaryName('district');
  const faults = useLiveFaults();
  const tick = useMapChangeTick(30_000);
  const [stats, setStats] = useState<Statistics | null>(null);

  useEffect(() => {
    mapApi.statistics().then(setStats, () => undefined);
  }, [tick]);
  useEffect(() => map?.setMarkers('faults', faultMarkers(faults)), [map, faults]);

  return (
    <div
      style={{ width, flex: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}
      data-testid="kiosk-side"
    >
      <Card size="small" title={t('live')}>
        {stats ? (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
            <Statistic title={t('totalAssets')} value={stats.total} />
            <div data-testid="stat-faults" data-count={statusCount(stats, 'fault')}>
              <Statistic
                title={t('cityView.faultyAssets')}
                value={statusCount(stats, 'fault')}
                valueStyle={{ color: statusCss('fault') }}
              />
            </div>
            <Statistic title={t('lightsOnRate')} value={stats.lightsOn.rate} suffix="%" precision={2} />
            <Statistic title={t('integrity')} value={stats.integrity.rate} suffix="%" precision={2} />
            <Statistic
              title={t('compliance')}
              value={stats.repairCompliance.overall.rate}
              suffix="%"
              precision={1}
            />
          </div>
        ) : null}
      </Card>
      <Card
        size="small"
        title={t('liveFaults')}
        style={{ flex: 1, overflow: 'auto' }}
        // it scrolls: a region the keyboard can reach and scroll (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={t('liveFaults')}
        data-testid="live-faults"
      >
        <List
          size="small"
          dataSource={faults}
          locale={{ emptyText: t('none') }}
          renderItem={(f) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => zoomToAsset(map, f)}
              data-testid="live-fault"
            >
              <div>
                <Tag color="red">{faultTypeName(t, f.typeCode, f.faultType)}</Tag>
                <Typography.Text>{f.assetCode}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {districtName(f.district)} · {formatDateTime(f.reportedAt)}
                  </Typography.Text>
                </div>
              </div>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
