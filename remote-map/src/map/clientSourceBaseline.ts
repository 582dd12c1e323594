// The bench's baseline (e2e/bench/map.mjs), loaded only when the bench asks for it: the same
// assets drawn the way map.md advises against — every feature downloaded, turned into Graphics and
// given to a FeatureLayer as a client-side `source` — in a second MapView over the same view as
// the city map: the whole city summarised by the SDK's own client-side clustering (what the city
// map's server grid does), or a street-level view drawing the assets one by one.
import EsriMap from '@arcgis/core/Map.js';
import MapView from '@arcgis/core/views/MapView.js';
import FeatureLayer from '@arcgis/core/layers/FeatureLayer.js';
import Graphic from '@arcgis/core/Graphic.js';
import * as reactiveUtils from '@arcgis/core/core/reactiveUtils.js';
import { useSession } from '@lighting/shared';
import { configureEsri, featureServerUrl } from './esri';
import { assetRenderer } from './symbology';

interface Page {
  features: { attributes: Record<string, unknown>; geometry: { x: number; y: number } }[];
  exceededTransferLimit?: boolean;
}

export interface BaselineResult {
  count: number;
  fetchMs: number;
  drawMs: number;
  totalMs: number;
}

export interface BaselineView {
  /** centre and scale of a street-level view; absent: the whole city, clustered */
  x?: number;
  y?: number;
  scale?: number;
}

export async function runClientSourceBaseline(
  at: BaselineView = {},
  pageSize = 8000,
): Promise<BaselineResult> {
  const street = typeof at.x === 'number' && typeof at.y === 'number' && typeof at.scale === 'number';
  configureEsri();
  const token = useSession.getState().token ?? '';
  const t0 = performance.now();
  const graphics: Graphic[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const q = new URLSearchParams({
      f: 'json',
      where: '1=1',
      outFields: 'objectid,code,kind,status,symbol,district',
      orderByFields: 'objectid',
      resultOffset: String(offset),
      resultRecordCount: String(pageSize),
      returnGeometry: 'true',
      token,
    });
    const page = (await (await fetch(`${featureServerUrl()}/0/query?${q}`)).json()) as Page;
    for (const f of page.features)
      graphics.push(
        new Graphic({
          attributes: f.attributes,
          geometry: { type: 'point', x: f.geometry.x, y: f.geometry.y, spatialReference: { wkid: 102100 } },
        }),
      );
    if (!page.exceededTransferLimit || page.features.length === 0) break;
  }
  const t1 = performance.now();
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;inset:0;z-index:10000;background:#fff';
  document.body.appendChild(box);
  const layer = new FeatureLayer({
    source: graphics,
    objectIdField: 'objectid',
    geometryType: 'point',
    spatialReference: { wkid: 102100 },
    fields: [
      { name: 'objectid', type: 'oid' },
      { name: 'code', type: 'string' },
      { name: 'kind', type: 'string' },
      { name: 'status', type: 'string' },
      { name: 'symbol', type: 'string' },
      { name: 'district', type: 'string' },
    ],
    renderer: assetRenderer('symbol', (k, s) => `${k}|${s}`),
    ...(street ? {} : { featureReduction: { type: 'cluster' as const, clusterRadius: '40px' } }),
  });
  const view = new MapView({
    container: box,
    map: new EsriMap({ layers: [layer] }),
    spatialReference: { wkid: 102100 },
  });
  try {
    await layer.load();
    if (street) {
      view.center = { type: 'point', x: at.x, y: at.y, spatialReference: { wkid: 102100 } } as never;
      view.scale = at.scale ?? 0;
    } else if (layer.fullExtent) view.extent = layer.fullExtent.clone().expand(1.05);
    const lv = await view.whenLayerView(layer);
    await reactiveUtils.whenOnce(() => !view.updating && !lv.updating);
    const t2 = performance.now();
    return { count: graphics.length, fetchMs: t1 - t0, drawMs: t2 - t1, totalMs: t2 - t0 };
  } finally {
    view.destroy();
    box.remove();
  }
}
