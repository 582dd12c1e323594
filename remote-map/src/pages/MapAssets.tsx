// bt/map/assets — the city map: kind × status symbology, layers panel (client-side filter), overview,
// clear, zoom to district, search by code, the selected asset's details. In the remote's standalone
// app (/remotes/map/, the kiosk wall display) it fills the screen and adds the live fault list and
// the headline statistics.
import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Button, Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemotePageProps } from '@lighting/shared';
import { MapCanvas } from '../map/MapCanvas';
import { LayersPanel } from '../map/LayersPanel';
import { AssetDrawer } from '../map/AssetPanel';
import { LiveSide } from '../map/LiveSide';
import { EMPTY_VISIBILITY, type VisibilityState } from '../map/filters';
import { mapApi, type AssetHit, type District } from '../map/api';
import type { CityMap } from '../map/cityMap';

const isKiosk = () => window.location.pathname.includes('/remotes/map');

export default function MapAssets(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const [map, setMap] = useState<CityMap | null>(null);
  const [visibility, setVisibility] = useState<VisibilityState>(EMPTY_VISIBILITY);
  const [districts, setDistricts] = useState<District[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [hits, setHits] = useState<AssetHit[]>([]);
  const kiosk = useMemo(isKiosk, []);

  useEffect(() => {
    mapApi.districts().then(setDistricts, () => setDistricts([]));
  }, []);
  useEffect(() => map?.setVisibility(visibility), [map, visibility]);

  const zoomDistrict = (name: string | null) => {
    setVisibility((v) => ({ ...v, district: name }));
    const d = districts.find((x) => x.name === name);
    if (d) void map?.zoomTo(d.extent, 1.05);
    else void map?.overview();
  };

  const search = (code: string) => {
    if (code.trim().length < 2) return setHits([]);
    mapApi.searchAssets(code.trim()).then(setHits, () => setHits([]));
  };
  const pick = (objectid: number) => {
    const hit = hits.find((h) => h.objectid === objectid);
    if (!hit) return;
    setSelected(objectid);
    void map?.highlight([objectid]);
    void map?.zoomToPoint(hit.x, hit.y);
  };

  const toolbar = (
    <Space wrap>
      <AutoComplete<number>
        style={{ width: 220 }}
        placeholder={t('searchCode')}
        onSearch={search}
        onSelect={(v) => pick(Number(v))}
        notFoundContent={t('notFound')}
        options={hits.map((h) => ({ value: h.objectid, label: `${h.code} · ${t(`kind.${h.kind}`)}` }))}
        data-testid="asset-search"
      />
      <Select
        style={{ width: 160 }}
        allowClear
        placeholder={t('allDistricts')}
        value={visibility.district ?? undefined}
        onChange={(v?: string) => zoomDistrict(v ?? null)}
        options={districts.map((d) => ({ value: d.name, label: d.name }))}
        data-testid="district-select"
      />
      <Button onClick={() => void map?.overview()} data-testid="map-overview">
        {t('overview')}
      </Button>
      <Button
        onClick={() => {
          setSelected(null);
          setVisibility(EMPTY_VISIBILITY);
          void map?.clear();
        }}
        data-testid="map-clear"
      >
        {t('clear')}
      </Button>
    </Space>
  );

  const height = kiosk ? 'calc(100vh - 100px)' : 'calc(100vh - 190px)';
  return (
    <div style={{ display: 'flex', gap: 12, height }} data-testid="map-assets">
      <Card size="small" title={t('layers')} style={{ width: 210, overflow: 'auto' }}>
        <LayersPanel value={visibility} onChange={setVisibility} />
      </Card>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
        {toolbar}
        <div style={{ flex: 1, minHeight: 0 }}>
          <MapCanvas
            onReady={setMap}
            onSelect={(hit) => {
              if (hit.layer === 0) setSelected(hit.objectid);
            }}
          />
        </div>
      </div>
      {kiosk ? <LiveSide map={map} /> : null}
      <AssetDrawer objectid={selected} map={map} onClose={() => setSelected(null)} />
    </div>
  );
}
