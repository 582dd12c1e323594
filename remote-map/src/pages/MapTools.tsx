// bt/map/tools — measure length and area (5.x analysis classes), compare two layers with a swipe,
// a crew's track from stored positions (device position over HTTPS only), topology (click a
// transformer / control box / cable: what it feeds; click a lamp: its path back to the source).
import { useEffect, useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import Alert from 'antd/es/alert';
import Select from 'antd/es/select';
import DatePicker from 'antd/es/date-picker';
import { useTranslation } from 'react-i18next';
import * as reactiveUtils from '@arcgis/core/core/reactiveUtils.js';
import { toast, type RemotePageProps } from '@lighting/shared';
import { MapCanvas } from '../map/MapCanvas';
import { mapApi, type Crew } from '../map/api';
import type { CityMap } from '../map/cityMap';
import { COMPARE_PRESETS, comparePreset, swipePercent, type ComparePreset } from '../map/compare';
import { formatQuantity, topologyQuery, trackGraphics, type MapHit } from '../map/tools';

type Tool = 'topology' | 'length' | 'area' | 'compare' | 'track';
const DAY = 24 * 3600 * 1000;

function Compare({ left, right }: { left: ComparePreset; right: ComparePreset }) {
  const box = useRef<HTMLDivElement>(null);
  const [percent, setPercent] = useState(50);
  const [base, setBase] = useState<CityMap | null>(null);
  const [top, setTop] = useState<CityMap | null>(null);
  useEffect(() => base?.setVisibility(comparePreset(left)), [base, left]);
  useEffect(() => top?.setVisibility(comparePreset(right)), [top, right]);
  useEffect(() => {
    if (!base || !top) return undefined;
    const h = reactiveUtils.watch(
      () => base.view.viewpoint,
      (vp) => {
        if (vp) top.view.viewpoint = vp.clone();
      },
      { initial: true },
    );
    return () => h.remove();
  }, [base, top]);
  const drag = (e: React.PointerEvent<HTMLDivElement>) => {
    const r = box.current?.getBoundingClientRect();
    if (r && e.buttons === 1) setPercent(swipePercent(e.clientX, r.left, r.width));
  };
  return (
    <div ref={box} style={{ position: 'relative', height: '100%' }} data-testid="compare">
      <div style={{ position: 'absolute', inset: 0 }}>
        <MapCanvas onReady={setBase} cables={false} testId="compare-left" />
      </div>
      <div
        style={{
          position: 'absolute',
          inset: 0,
          clipPath: `inset(0 0 0 ${percent}%)`,
          pointerEvents: 'none',
        }}
      >
        <MapCanvas onReady={setTop} cables={false} testId="compare-right" />
      </div>
      <div
        role="separator"
        aria-valuenow={Math.round(percent)}
        onPointerDown={(e) => e.currentTarget.setPointerCapture(e.pointerId)}
        onPointerMove={drag}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `calc(${percent}% - 4px)`,
          width: 8,
          cursor: 'ew-resize',
          background: '#1677ff',
          opacity: 0.8,
        }}
        data-testid="swipe-divider"
      />
    </div>
  );
}

export default function MapTools(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const [tool, setTool] = useState<Tool>('topology');
  const [map, setMap] = useState<CityMap | null>(null);
  const [measure, setMeasure] = useState('');
  const [left, setLeft] = useState<ComparePreset>('layerAssets');
  const [right, setRight] = useState<ComparePreset>('layerFaults');
  const [crews, setCrews] = useState<Crew[]>([]);
  const [crewId, setCrewId] = useState<string | undefined>();
  const [range, setRange] = useState<[number, number]>(() => [Date.now() - DAY, Date.now()]);
  const [trackInfo, setTrackInfo] = useState('');
  const [topoInfo, setTopoInfo] = useState('');
  const toolRef = useRef(tool);
  toolRef.current = tool;
  // the tools that draw on the map wait for its view (measuring before it is ready threw)
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    let live = true;
    void map?.ready.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [map]);

  useEffect(() => {
    mapApi.crews().then(setCrews, () => undefined);
  }, []);
  useEffect(() => {
    if (!map) return undefined;
    setMeasure('');
    if (ready && (tool === 'length' || tool === 'area')) {
      map
        .measure(tool, (r, perimeter) =>
          setMeasure(perimeter ? `${formatQuantity(r)} · ${formatQuantity(perimeter)}` : formatQuantity(r)),
        )
        .catch((e: unknown) => {
          console.error(e);
          toast('error', t('measureFailed'));
        });
    }
    return () => map.stopMeasure();
  }, [map, tool, ready, t]);

  const onSelect = async (hit: MapHit) => {
    if (toolRef.current !== 'topology' || !map) return;
    const q = topologyQuery(hit);
    const r =
      q.direction === 'up'
        ? await mapApi.upstream(q.objectid)
        : await mapApi.downstream('cableId' in q ? { cableId: q.cableId } : { objectid: q.objectid });
    await map.highlight(r.assetIds, r.cableIds);
    const text = t('topologyResult', { assets: r.assetIds.length, cables: r.cableIds.length });
    setTopoInfo(`${q.direction === 'up' ? t('upstream') : t('downstream')}: ${text}`);
  };

  const showTrack = async () => {
    if (!crewId || !map) return;
    const r = await mapApi.track(crewId, range[0], range[1]);
    const graphics = trackGraphics(r.points);
    map.setMarkers('track', graphics);
    setTrackInfo(t('points', { count: r.points.length }));
    const xs = r.points.map((p) => p.x);
    const ys = r.points.map((p) => p.y);
    if (r.points.length)
      await map.zoomTo({
        xmin: Math.min(...xs),
        ymin: Math.min(...ys),
        xmax: Math.max(...xs),
        ymax: Math.max(...ys),
      });
  };

  const gps = () => {
    if (!window.isSecureContext || !navigator.geolocation) {
      toast('warning', t('gpsNeedsHttps'));
      return;
    }
    navigator.geolocation.getCurrentPosition((p) => {
      // lon/lat → Web Mercator
      const x = (p.coords.longitude * 20037508.34) / 180;
      const y =
        (Math.log(Math.tan(((90 + p.coords.latitude) * Math.PI) / 360)) / (Math.PI / 180)) *
        (20037508.34 / 180);
      map?.setMarkers('track', [
        {
          geometry: { type: 'point', x, y },
          symbol: {
            type: 'simple-marker',
            size: 12,
            color: [20, 110, 240, 1],
            outline: { color: [255, 255, 255, 1], width: 2 },
          },
        },
      ]);
      void map?.zoomToPoint(x, y);
    });
  };

  const panel = (
    <Card size="small" style={{ width: 300, overflow: 'auto' }} data-testid="map-tools">
      <Radio.Group
        value={tool}
        onChange={(e) => setTool(e.target.value as Tool)}
        optionType="button"
        size="small"
        options={[
          { value: 'topology', label: t('topology') },
          // chosen before the map is ready, a measuring tool starts once it is (the effect above):
          // not disabled meanwhile (a disabled button's grey text was unreadable, and it read as broken)
          { value: 'length', label: t('measureLength') },
          { value: 'area', label: t('measureArea') },
          { value: 'compare', label: t('compare') },
          { value: 'track', label: t('track') },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        {tool === 'topology' ? (
          <>
            <Typography.Paragraph type="secondary">{t('topologyHint')}</Typography.Paragraph>
            {topoInfo ? <Alert type="info" message={topoInfo} data-testid="topology-info" /> : null}
            <Button style={{ marginTop: 8 }} onClick={() => map?.clearHighlight()}>
              {t('clear')}
            </Button>
          </>
        ) : null}
        {tool === 'length' || tool === 'area' ? (
          <>
            <Typography.Paragraph type="secondary">{t('measureHint')}</Typography.Paragraph>
            <Typography.Title level={4} data-testid="measure-result">
              {measure}
            </Typography.Title>
          </>
        ) : null}
        {tool === 'compare' ? (
          <Space direction="vertical">
            <Typography.Text type="secondary">{t('compareHint')}</Typography.Text>
            {(
              [
                ['compareLeft', left, setLeft],
                ['compareRight', right, setRight],
              ] as const
            ).map(([label, value, set]) => (
              <Space key={label}>
                {t(label)}
                <Select<ComparePreset>
                  aria-label={t(label)}
                  style={{ width: 160 }}
                  value={value}
                  onChange={set}
                  options={COMPARE_PRESETS.map((p) => ({ value: p, label: t(p) }))}
                />
              </Space>
            ))}
          </Space>
        ) : null}
        {tool === 'track' ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Select
              placeholder={t('crew')}
              aria-label={t('crew')}
              value={crewId}
              onChange={setCrewId}
              options={crews.map((c) => ({ value: c.id, label: `${c.name} · ${c.district}` }))}
              data-testid="track-crew"
            />
            <DatePicker.RangePicker
              showTime
              onChange={(v) => {
                const [a, b] = v ?? [];
                if (a && b) setRange([a.valueOf(), b.valueOf()]);
              }}
            />
            <Button
              type="primary"
              disabled={!crewId}
              onClick={() => void showTrack()}
              data-testid="track-show"
            >
              {t('showTrack')}
            </Button>
            {trackInfo ? <Typography.Text data-testid="track-info">{trackInfo}</Typography.Text> : null}
            <Button onClick={gps} title={window.isSecureContext ? undefined : t('gpsNeedsHttps')}>
              {t('gps')}
            </Button>
          </Space>
        ) : null}
      </div>
    </Card>
  );

  return (
    <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 190px)' }}>
      {panel}
      <div style={{ flex: 1, minWidth: 0 }}>
        {tool === 'compare' ? (
          <Compare left={left} right={right} />
        ) : (
          <MapCanvas onReady={setMap} onSelect={(hit) => void onSelect(hit)} />
        )}
      </div>
    </div>
  );
}
