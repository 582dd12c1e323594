// The selected asset: its details with open faults and orders, and what can be done from here
// (repair order, topology both ways). Used by the map pages as their "popup".
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Space, Spin, Tag, Typography } from 'antd';
import Descriptions from 'antd/es/descriptions';
import List from 'antd/es/list';
import { useTranslation } from 'react-i18next';
import { Auth, formatDateTime, toast, useDictionaryName } from '@lighting/shared';
import { mapApi, type AssetDetail, type TopologyResult } from './api';
import type { CityMap } from './cityMap';
import { isAssetStatus, statusCss } from './symbology';
import { faultTypeName } from './faultTypeName';
import { PanelDrawer } from './PanelDrawer';
import { useAssetVersion } from './useLive';

/** The asset drawer's width (a page zooming to an asset beside it leaves this much of the map). */
export const ASSET_PANEL_WIDTH = 360;

const FEEDERS = new Set(['transformer', 'controlBox']);
const DETAIL_FIELDS = [
  'road',
  'installDate',
  'powerW',
  'lampType',
  'heightM',
  'capacityKva',
  'depthM',
] as const;

export function AssetPanel({
  objectid,
  map,
  version = 0,
}: {
  objectid: number;
  map: CityMap | null;
  /** bump to reload (a live change of this asset) */
  version?: number;
}) {
  const { t } = useTranslation('map');
  const districtName = useDictionaryName('district');
  const [detail, setDetail] = useState<AssetDetail | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    mapApi.asset(objectid).then(setDetail, () => setDetail(null));
  }, [objectid]);
  useEffect(load, [load, version]);

  const topology = async (which: 'down' | 'up') => {
    if (!map) return;
    setBusy(true);
    try {
      const r: TopologyResult =
        which === 'down' ? await mapApi.downstream({ objectid }) : await mapApi.upstream(objectid);
      await map.highlight(r.assetIds, r.cableIds);
      await map.zoomTo(r.extent);
      toast('success', t('topologyResult', { assets: r.assetIds.length, cables: r.cableIds.length }));
    } finally {
      setBusy(false);
    }
  };

  const createOrder = async () => {
    setBusy(true);
    try {
      const fault = detail?.openFaults[0];
      const order = await mapApi.createOrder(fault ? { faultId: fault.id } : { assetId: objectid });
      toast('success', t('orderCreated', { billNo: order.billNo }));
      load();
    } finally {
      setBusy(false);
    }
  };

  if (!detail) return <Spin />;
  const a = detail.asset;
  return (
    <div data-testid="asset-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {a.code}{' '}
        <Tag color={isAssetStatus(a.status) ? statusCss(a.status) : undefined} data-testid="asset-status">
          {t(`status.${a.status}`)}
        </Tag>
      </Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('kinds')}>{t(`kind.${a.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('district')}>{districtName(String(a.district ?? ''))}</Descriptions.Item>
        {DETAIL_FIELDS.filter((f) => a[f] !== null && a[f] !== undefined && a[f] !== '').map((f) => (
          <Descriptions.Item key={f} label={t(f)}>
            {String(a[f])}
          </Descriptions.Item>
        ))}
        {a.circuitId ? (
          <Descriptions.Item label={t('circuit')}>{String(a.circuitId)}</Descriptions.Item>
        ) : null}
        {detail.controlBox ? (
          <Descriptions.Item label={t('controlBox')}>{detail.controlBox.code}</Descriptions.Item>
        ) : null}
        {detail.transformer ? (
          <Descriptions.Item label={t('transformer')}>{detail.transformer.code}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {t('openFaults')}
      </Typography.Text>
      {detail.openFaults.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
      ) : (
        <List
          size="small"
          dataSource={detail.openFaults}
          renderItem={(f) => (
            <List.Item>
              <Space wrap>
                <Tag color="red">{faultTypeName(t, f.typeCode, f.faultType)}</Tag>
                {t(`urgencyLevel.${f.urgency}`)}
                {f.sourceRef ? <Typography.Text copyable>{f.sourceRef}</Typography.Text> : null}
                <Typography.Text type="secondary">{formatDateTime(f.reportedAt)}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {t('openOrders')}
      </Typography.Text>
      {detail.openOrders.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
      ) : (
        <List
          size="small"
          dataSource={detail.openOrders}
          renderItem={(o) => (
            <List.Item>
              <Space wrap>
                {o.billNo}
                <Tag>{t(`orderState.${o.state}`)}</Tag>
                {o.crewName}
              </Space>
            </List.Item>
          )}
        />
      )}
      <Space wrap style={{ marginTop: 12 }}>
        {detail.openOrders.length === 0 ? (
          <Auth code="btn_add">
            <Button
              type="primary"
              loading={busy}
              onClick={() => void createOrder()}
              data-testid="asset-create-order"
            >
              {t('createOrder')}
            </Button>
          </Auth>
        ) : null}
        {FEEDERS.has(a.kind) ? (
          <Button loading={busy} onClick={() => void topology('down')} data-testid="topology-downstream">
            {t('downstream')}
          </Button>
        ) : null}
        {a.kind !== 'transformer' ? (
          <Button loading={busy} onClick={() => void topology('up')} data-testid="topology-upstream">
            {t('upstream')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}

/** The selected asset in a side drawer beside the map, reloaded whenever it changes live. */
export function AssetDrawer({
  objectid,
  map,
  onClose,
}: {
  objectid: number | null;
  map: CityMap | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('map');
  const version = useAssetVersion(objectid);
  return (
    <PanelDrawer title={t('details')} open={objectid !== null} onClose={onClose} width={ASSET_PANEL_WIDTH}>
      {objectid !== null ? <AssetPanel objectid={objectid} map={map} version={version} /> : null}
    </PanelDrawer>
  );
}
