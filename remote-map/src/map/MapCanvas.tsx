// The map view of every map page: creates the CityMap on mount, feeds it the socket's live asset
// changes, and destroys both on unmount. The page gets the controller through onReady.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryName } from '@lighting/shared';
import { on } from '@lighting/shared/realtime';
import { mapApi } from './api';
import { CityMap, type CityMapOptions } from './cityMap';
import { parseAssetChanges } from './live';

/** Read-only test hook (e2e): what the last mounted map draws. */
interface MapTestHook {
  whenDrawn(): Promise<void>;
  drawnCount(where?: string): Promise<number>;
  drawnStatus(objectid: number): Promise<string | null>;
  highlightedCount(): number;
  highlightedInView(): number;
  /** what the view draws at its scale: 'assets', or the 'fine' / 'coarse' grid of counts */
  drawing(): string;
  /** zoomed out: the assets counted by the drawn grid cells */
  gridTotal(): Promise<number>;
  /** zoomed out: the sum of the red (fault) or purple (offline) cluster labels; 0 at street level */
  alertTotal(what: 'fault' | 'offline'): Promise<number>;
  /** resolves when the view is ready for tools */
  ready(): Promise<void>;
  /** assets the view accounts for: drawnCount() at street level, gridTotal() zoomed out */
  shownTotal(): Promise<number>;
  /** centre the view on a point (Web Mercator) at a scale, e.g. street level to see assets */
  goTo(x: number, y: number, scale: number): Promise<void>;
  /** ms from the map's creation to its first view fully drawn, null until then */
  firstDrawnMs(): number | null;
  /** zoomed out: the biggest fault cluster's place in the view (px) and count */
  largestCluster(): Promise<{ x: number; y: number; count: number } | null>;
  /** street level: a place beside a drawn asset of a kind where no dot is, and the asset's code */
  besideAsset(kind: string): Promise<{ x: number; y: number; code: string } | null>;
  /** a map point's place in the view (px) */
  toScreen(x: number, y: number): { x: number; y: number } | null;
  /** the view's scale */
  scale(): number;
  /** whether the view shows the whole city (its districts and every asset) */
  cityShown(): boolean;
  /** pixels of the view the district names colour (drawn with them vs without) */
  districtNameInk(): Promise<number>;
  /** where the last cluster click went (overview.ts clusterGoal) */
  lastClusterGoal(): import('./overview').ClusterGoal | null;
  /** e2e/bench/map.mjs: the same assets as a client-side source (loaded only when called) */
  clientSourceBaseline(
    at?: import('./clientSourceBaseline').BaselineView,
  ): Promise<import('./clientSourceBaseline').BaselineResult>;
}
declare global {
  interface Window {
    __lightingMap?: MapTestHook;
  }
}

export interface MapCanvasProps {
  /** the map once created, null once destroyed */
  onReady?: (map: CityMap | null) => void;
  onSelect?: CityMapOptions['onSelect'];
  onDistrict?: CityMapOptions['onDistrict'];
  cables?: boolean;
  height?: number | string;
  testId?: string;
}

export function MapCanvas({
  onReady,
  onSelect,
  onDistrict,
  cables,
  height = '100%',
  testId = 'city-map',
}: MapCanvasProps) {
  const el = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('map');
  const select = useRef(onSelect);
  select.current = onSelect;
  const district = useRef(onDistrict);
  district.current = onDistrict;
  const ready = useRef(onReady);
  ready.current = onReady;

  useEffect(() => {
    if (!el.current) return undefined;
    const map = new CityMap(el.current, {
      label: (kind, status) => `${t(`kind.${kind}`)} · ${t(`status.${status}`)}`,
      overviewLabel: (what) => t(`cityView.${what}`),
      onSelect: (hit) => select.current?.(hit),
      onDistrict: (name) => district.current?.(name),
      cables,
    });
    const hook: MapTestHook = {
      whenDrawn: () => map.whenDrawn(),
      drawnCount: (where) => map.drawnCount(where),
      drawnStatus: (id) => map.drawnStatus(id),
      highlightedCount: () => map.highlightedCount,
      highlightedInView: () => map.highlightedInView,
      drawing: () => map.drawing,
      gridTotal: () => map.gridTotal(),
      alertTotal: (what) => map.alertTotal(what),
      ready: () => map.ready,
      shownTotal: () => map.shownTotal(),
      goTo: (x, y, scale) => map.zoomToPoint(x, y, scale),
      firstDrawnMs: () => map.firstDrawnMs,
      largestCluster: () => map.largestCluster(),
      toScreen: (x, y) => map.toScreen(x, y),
      besideAsset: (kind) => map.besideAsset(kind),
      scale: () => map.scale,
      cityShown: () => map.cityShown,
      districtNameInk: () => map.districtNameInk(),
      lastClusterGoal: () => map.lastClusterGoal,
      clientSourceBaseline: (at) =>
        import('./clientSourceBaseline').then((m) => m.runClientSourceBaseline(at)),
    };
    window.__lightingMap = hook;
    const sub = on('mapAssetChange').subscribe((m) => map.applyChanges(parseAssetChanges(m)));
    ready.current?.(map);
    setMap(map);
    return () => {
      setMap(null);
      sub.unsubscribe();
      if (window.__lightingMap === hook) delete window.__lightingMap;
      ready.current?.(null);
      map.destroy();
    };
    // the map is created once per mount; labels follow the language of that moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cables]);

  // the district names on the map in the reader's language (the dictionary's translations)
  const districtName = useDictionaryName('district');
  const [map, setMap] = useState<CityMap | null>(null);
  const [districts, setDistricts] = useState<string[]>([]);
  useEffect(() => {
    mapApi.districts().then(
      (list) => setDistricts(list.map((d) => d.name)),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    map?.setDistrictLabels(Object.fromEntries(districts.map((n) => [n, districtName(n)])));
  }, [map, districts, districtName]);

  return <div ref={el} data-testid={testId} style={{ width: '100%', height, minHeight: 360 }} />;
}
