// bt/map/assets — the city map: kind × status symbology, layers panel (client-side filter), overview,
// clear, zoom to district, search by code, the selected asset's details. In the remote's standalone
// app (/remotes/map/, the kiosk wall display) it fills the screen and adds the live fault list and
// the headline statistics.
import { useEffect, useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import Card from 'antd/es/card';
import { PanelDrawer } from '../map/PanelDrawer';
import AutoComplete from 'antd/es/auto-complete';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useDictionaryName, type RemotePageProps } from '@lighting/shared';
import { MapCanvas } from '../map/MapCanvas';
import { LayersPanel } from '../map/LayersPanel';
import { AssetDrawer } from '../map/AssetPanel';
import { LiveSide } from '../map/LiveSide';
import { EMPTY_VISIBILITY, type VisibilityState } from '../map/filters';
import { mapApi, type AssetHit, type District } from '../map/api';
import type { CityMap } from '../map/cityMap';
import { useLinkedItem } from '../map/useLinkedItem';
import { hitOfChoice, searchOptions } from '../map/search';
import { layersCardWidth } from '../map/panelLayout';
import { ASSET_KINDS, ASSET_STATUSES } from '@lighting/shared/core';

const isKiosk = () => window.location.pathname.includes('/remotes/map');
/** Below this width the panels beside the map would leave it no room (a phone). */
const PHONE_MAX = 767;

function useNarrow(): boolean {
  const query = `(max-width: ${PHONE_MAX}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return narrow;
}

export default function MapAssets(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const districtName = useDictionaryName('district');
  const [map, setMap] = useState<CityMap | null>(null);
  const [visibility, setVisibility] = useState<VisibilityState>(EMPTY_VISIBILITY);
  const [districts, setDistricts] = useState<District[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [hits, setHits] = useState<AssetHit[]>([]);
  const kiosk = useMemo(isKiosk, []);
  const phone = useNarrow();
  const [sheetOpen, setSheetOpen] = useState<'layers' | 'live' | null>(null);
  // a link to one asset (a chat card): its drawer, and the map centred on it once both are ready
  const [focus, setFocus] = useState<{ objectid: number; x: number; y: number } | null>(null);
  useLinkedItem('asset', (v) => {
    const objectid = Number(v);
    if (!Number.isInteger(objectid) || objectid < 1) return;
    setSelected(objectid);
    mapApi.asset(objectid).then(
      (d) => setFocus({ objectid, x: Number(d.asset.x), y: Number(d.asset.y) }),
      () => undefined,
    );
  });
  useEffect(() => {
    if (!map || !focus) return;
    void map.highlight([focus.objectid]);
    void map.zoomToPoint(focus.x, focus.y);
  }, [map, focus]);

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
  const [searchText, setSearchText] = useState('');
  const pick = (code: string) => {
    const hit = hitOfChoice(hits, code);
    if (!hit) return;
    setSearchText(hit.code);
    setSelected(hit.objectid);
    void map?.highlight([hit.objectid]);
    void map?.zoomToPoint(hit.x, hit.y);
  };

  const toolbar = (
    <Space wrap>
      <AutoComplete<string>
        style={{ width: 220 }}
        placeholder={t('searchCode')}
        aria-label={t('searchCode')}
        value={searchText}
        onChange={setSearchText}
        onSearch={search}
        onSelect={pick}
        notFoundContent={t('notFound')}
        options={searchOptions(hits, (k) => t(`kind.${k}`))}
        data-testid="asset-search"
      />
      <Select
        style={{ width: 160 }}
        allowClear
        placeholder={t('allDistricts')}
        aria-label={t('district')}
        value={visibility.district ?? undefined}
        onChange={(v?: string) => zoomDistrict(v ?? null)}
        options={districts.map((d) => ({ value: d.name, label: districtName(d.name) }))}
        data-testid="district-select"
      />
      <Button onClick={() => void map?.overview()} data-testid="map-overview">
        {t('overview')}
      </Button>
      <Button
        onClick={() => {
          setSelected(null);
          setSearchText('');
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
  // every kind and status name on one line in two columns, so the card shows whole at 1366 × 768
  const layersWidth = layersCardWidth([
    ...ASSET_KINDS.map((k) => t(`kind.${k}`)),
    ...ASSET_STATUSES.map((s) => t(`status.${s}`)),
  ]);
  const canvas = (
    <MapCanvas
      onReady={setMap}
      onSelect={(hit) => {
        if (hit.layer === 0) setSelected(hit.objectid);
      }}
    />
  );
  const drawer = <AssetDrawer objectid={selected} map={map} onClose={() => setSelected(null)} />;

  if (phone) {
    // A phone: the map takes the screen; the layers and the live panel open as bottom sheets.
    const sheet = (key: 'layers' | 'live', title: string, body: React.ReactNode) => (
      <PanelDrawer
        title={title}
        placement="bottom"
        // a phone's sheet: the map dimmed under it, its content kept while closed
        mask
        destroyOnHidden={false}
        open={sheetOpen === key}
        onClose={() => setSheetOpen(null)}
        height="60%"
        data-testid={`sheet-${key}`}
      >
        {body}
      </PanelDrawer>
    );
    return (
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          height,
          position: 'relative',
          overflow: 'hidden',
        }}
        data-testid="map-assets"
      >
        <Space wrap size={[8, 8]}>
          <Button onClick={() => setSheetOpen('layers')} data-testid="open-layers">
            {t('layers')}
          </Button>
          {kiosk ? (
            <Button onClick={() => setSheetOpen('live')} data-testid="open-live">
              {t('live')}
            </Button>
          ) : null}
        </Space>
        {toolbar}
        <div style={{ flex: 1, minHeight: 240 }}>{canvas}</div>
        {sheet('layers', t('layers'), <LayersPanel value={visibility} onChange={setVisibility} />)}
        {kiosk ? sheet('live', t('live'), <LiveSide map={map} width="100%" />) : null}
        {drawer}
      </div>
    );
  }

  return (
    <div
      style={{ display: 'flex', gap: 12, height, position: 'relative', overflow: 'hidden' }}
      data-testid="map-assets"
    >
      <Card
        size="small"
        title={t('layers')}
        style={{ width: layersWidth, flex: 'none', overflow: 'auto' }}
        data-testid="layers-card"
      >
        <LayersPanel value={visibility} onChange={setVisibility} />
      </Card>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
        {toolbar}
        <div style={{ flex: 1, minHeight: 0 }}>{canvas}</div>
      </div>
      {kiosk ? <LiveSide map={map} /> : null}
      {drawer}
    </div>
  );
}
