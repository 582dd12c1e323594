// The city map (effects): a MapView over our own FeatureServer — districts, water, parks and roads
// with their names as the base geography (basemap.ts), cables when zoomed in, the assets layer with
// kind × status symbology from street scale in, and zoomed out the server's grid of counts (1 km,
// then 250 m cells) in a neutral colour with the faulty (red) and offline assets on top, clustered
// with their counts — plus an overlay for live changes, highlights (topology, search) and marker
// graphics (faults, suspected elements, tracks). The browser only ever holds what the view shows:
// a 300k-asset city is a few thousand cells at city scale. Everything created here is released by
// destroy() (kiosk pages run for days).
import EsriMap from '@arcgis/core/Map.js';
import MapView from '@arcgis/core/views/MapView.js';
import FeatureLayer from '@arcgis/core/layers/FeatureLayer.js';
import GraphicsLayer from '@arcgis/core/layers/GraphicsLayer.js';
import type Layer from '@arcgis/core/layers/Layer.js';
import Graphic from '@arcgis/core/Graphic.js';
import Extent from '@arcgis/core/geometry/Extent.js';
import Point from '@arcgis/core/geometry/Point.js';
import * as reactiveUtils from '@arcgis/core/core/reactiveUtils.js';
import DistanceMeasurementAnalysis from '@arcgis/core/analysis/DistanceMeasurementAnalysis.js';
import AreaMeasurementAnalysis from '@arcgis/core/analysis/AreaMeasurementAnalysis.js';
import type DistanceMeasurementAnalysisView2D from '@arcgis/core/views/2d/analysis/DistanceMeasurementAnalysisView2D.js';
import type AreaMeasurementAnalysisView2D from '@arcgis/core/views/2d/analysis/AreaMeasurementAnalysisView2D.js';
import type FeatureLayerView from '@arcgis/core/views/layers/FeatureLayerView.js';
import type { ResourceHandle } from '@arcgis/core/core/Handles.js';
import { configureEsri, featureServerUrl } from './esri';
import {
  clusterGoal,
  boundsOf,
  centreBeside,
  contains,
  fitExtent,
  hitEnvelope,
  nearestWithin,
  type ClusterGoal,
  type ExtentBox,
} from './overview';
import {
  ALERT_CLASSES,
  ALERT_WHERE,
  ASSET_MIN_SCALE,
  highlightSymbol,
  FINE_GRID_MIN_SCALE,
  alertLayer,
  assetRenderer,
  clusterTotal,
  drawnAt,
  gridRenderer,
  isAssetKind,
  isAssetStatus,
  markerSymbol,
  type AlertClass,
  type AssetKind,
  type AssetStatus,
  type GridLevel,
} from './symbology';
import {
  LAND,
  MAP_STACK,
  baseLayers,
  DISTRICT_NAME_COLOR,
  districtLabels,
  districtNamesLayer,
  type BaseLayerJson,
  type BaseLayerName,
  type MapLayerName,
} from './basemap';
import { EMPTY_VISIBILITY, idsWhere, visibilityWhere, type VisibilityState } from './filters';
import { ChangeOverlay, type AssetChange } from './live';
import type { Extent as ExtentJson } from './api';
import type { MapHit } from './tools';

/** The view's edges the SDK's own widgets cover (px): the zoom buttons, the attribution. */
const CITY_COVER = { left: 56, right: 12, top: 8, bottom: 20 } as const;

export const ASSET_FIELDS = { kind: 'kind', status: 'status', district: 'district' } as const;
const SR = { wkid: 102100 };
/** Pushed changes are drawn together after this long (a burst costs one overlay update). */
const FLUSH_MS = 200;
/**
 * While live changes arrive, the drawn layers are re-read from the server at most this often (the
 * grid re-counted, the assets re-queried) and the overlay forgets what they now hold, so it stays
 * small: a few seconds of changes, never the day's.
 */
const LIVE_RELOAD_MS = 5000;
/** How long a refreshed layer view may take to start updating before the reload stops waiting. */
const RELOAD_START_MS = 3000;

export interface CityMapOptions {
  /** label of a kind × status legend entry */
  label: (kind: AssetKind, status: AssetStatus) => string;
  /** legend labels of the overview: the density grid, the faulty and the offline assets */
  overviewLabel: (what: 'density' | AlertClass) => string;
  /** an asset (layer 0) or cable (layer 1) was clicked */
  onSelect?: (hit: MapHit) => void;
  /** a district polygon was clicked where no asset is */
  onDistrict?: (name: string) => void;
  /** show cable segments when zoomed in (default true) */
  cables?: boolean;
}

export type MarkerSet = 'faults' | 'suspected' | 'track' | 'orders';

export interface MarkerGraphic {
  geometry: Record<string, unknown>;
  symbol: Record<string, unknown>;
  attributes?: Record<string, unknown>;
}

export class CityMap {
  readonly view: MapView;
  readonly assets: FeatureLayer;
  readonly cables: FeatureLayer;
  /** zoomed out: the server's grid of counts, and the faulty / offline assets on top */
  private readonly grids: Record<GridLevel, FeatureLayer>;
  private readonly alerts: Record<AlertClass, FeatureLayer>;
  private alertViews: FeatureLayerView[] = [];
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly base: Record<BaseLayerName, FeatureLayer>;
  private readonly districts: FeatureLayer;
  /** the district names, above the clusters (basemap.ts MAP_STACK) */
  private readonly districtNames: FeatureLayer;
  private readonly overlayLayer = new GraphicsLayer({ listMode: 'hide' });
  private readonly markerLayers = new Map<MarkerSet, GraphicsLayer>();
  private readonly overlay = new ChangeOverlay();
  private readonly handles: ResourceHandle[] = [];
  /**
   * Highlighted assets and cables, drawn as graphics of our own under the asset symbols, at every
   * scale (zoomed out, over the grid, they still say where the asked-for assets are). The SDK's
   * layerView.highlight() keeps the view redrawing every frame for as long as a highlight is on:
   * measured here, one ~230 ms frame after another with the software renderer, the page's main
   * thread busy until it closed.
   */
  private readonly highlightLayers = {
    assets: new GraphicsLayer({ listMode: 'hide' }),
    cables: new GraphicsLayer({ listMode: 'hide' }),
  };
  /** the latest highlight() call: an older one whose geometries come later draws nothing */
  private highlightRun = 0;
  private visibility: VisibilityState = EMPTY_VISIBILITY;
  private layerView: FeatureLayerView | null = null;
  private cableView: FeatureLayerView | null = null;
  private fullExtent: Extent | null = null;
  /** the view's place when it last showed the whole city (refitted on resize while unmoved) */
  private lastFit: { scale: number; x: number; y: number } | null = null;
  private reloading = false;
  private destroyed = false;
  private readonly createdAt = performance.now();
  private readyResolve: () => void = () => undefined;
  /** Resolves once the view and its layers are ready for tools (measuring, zooming). */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.readyResolve = resolve;
  });
  /** ms from construction to every feature of the first view drawn (bench), null until then */
  firstDrawnMs: number | null = null;

  constructor(
    container: HTMLDivElement,
    private readonly options: CityMapOptions,
  ) {
    configureEsri();
    const url = featureServerUrl();
    const base = baseLayers();
    const fromJson = (b: BaseLayerJson) =>
      new FeatureLayer({
        url: `${url}/${b.layerId}`,
        outFields: b.outFields,
        ...(b.definitionExpression ? { definitionExpression: b.definitionExpression } : {}),
        minScale: b.minScale,
        renderer: b.renderer as never,
        labelingInfo: b.labelingInfo as never,
        labelsVisible: true,
        popupEnabled: false,
        listMode: 'hide',
      });
    const baseLayer = (name: BaseLayerName) => fromJson(base[name]);
    this.districtNames = fromJson(districtNamesLayer({}));
    this.base = {
      districts: baseLayer('districts'),
      water: baseLayer('water'),
      parks: baseLayer('parks'),
      sideRoads: baseLayer('sideRoads'),
      mainRoads: baseLayer('mainRoads'),
    };
    this.districts = this.base.districts;
    this.cables = new FeatureLayer({
      url: `${url}/1`,
      outFields: ['objectid', 'status', 'cableType'],
      minScale: 40000,
      visible: options.cables ?? true,
      renderer: {
        type: 'unique-value',
        field: 'status',
        defaultSymbol: { type: 'simple-line', color: [70, 110, 200, 0.7], width: 1 },
        uniqueValueInfos: [
          { value: 'fault', symbol: { type: 'simple-line', color: [230, 30, 30, 1], width: 2.5 } },
        ],
      },
      popupEnabled: false,
    });
    const assetFields = ['objectid', 'code', 'kind', 'status', 'symbol', 'district'];
    const assetSymbols = assetRenderer('symbol', options.label);
    this.assets = new FeatureLayer({
      url: `${url}/0`,
      outFields: assetFields,
      renderer: assetSymbols,
      minScale: ASSET_MIN_SCALE,
      popupEnabled: false,
    });
    const grid = (level: GridLevel, layerId: number, minScale: number, maxScale: number) =>
      new FeatureLayer({
        url: `${url}/${layerId}`,
        outFields: ['objectid', 'count'],
        renderer: gridRenderer(level, options.overviewLabel('density')),
        minScale,
        maxScale,
        popupEnabled: false,
      });
    this.grids = {
      coarse: grid('coarse', 4, 0, FINE_GRID_MIN_SCALE),
      fine: grid('fine', 5, FINE_GRID_MIN_SCALE, ASSET_MIN_SCALE),
    };
    const alert = (c: AlertClass) => {
      const look = alertLayer(c, options.overviewLabel(c));
      return new FeatureLayer({
        url: `${url}/0`,
        outFields: assetFields,
        definitionExpression: ALERT_WHERE[c],
        renderer: look.renderer as never,
        featureReduction: look.featureReduction as never,
        maxScale: ASSET_MIN_SCALE,
        popupEnabled: false,
        listMode: 'hide',
      });
    };
    this.alerts = { offline: alert('offline'), fault: alert('fault') };
    // this.assets joins when the view first reaches street level (ensureAssets): the SDK picks how
    // to load a layer when its view is created, and created at city scale it would download every
    // asset; created zoomed in it asks for the view's tiles only
    const stack: Record<MapLayerName, Layer> = {
      ...this.base,
      cables: this.cables,
      gridCoarse: this.grids.coarse,
      gridFine: this.grids.fine,
      alertOffline: this.alerts.offline,
      alertFault: this.alerts.fault,
      districtNames: this.districtNames,
      overlay: this.overlayLayer,
    };
    const map = new EsriMap({ layers: MAP_STACK.map((n) => stack[n]) });
    // the highlight under the assets (ensureAssets adds them just under the overlay, so above it)
    map.addMany(
      [this.highlightLayers.cables, this.highlightLayers.assets],
      map.layers.indexOf(this.overlayLayer),
    );
    this.view = new MapView({
      container,
      map,
      spatialReference: SR,
      background: { color: LAND },
      popupEnabled: false,
      constraints: { snapToZoom: false },
    });
    this.view.ui.components = ['zoom'];
    this.handles.push(
      this.view.on('click', (e) => {
        void this.view
          .hitTest(e, {
            include: [
              this.assets,
              this.alerts.fault,
              this.alerts.offline,
              this.cables,
              this.overlayLayer,
              this.grids.coarse,
              this.grids.fine,
              this.districts,
            ],
          })
          .then((r) => this.select(r.results, e.mapPoint));
      }),
    );
    void this.start();
  }

  private async start(): Promise<void> {
    await Promise.all([this.assets.load(), this.districts.load()]);
    if (this.destroyed) return;
    // the city: its districts and every asset (an asset outside the districts still shows)
    const parts = [this.districts.fullExtent, this.assets.fullExtent].filter((e): e is Extent => Boolean(e));
    if (parts.length) {
      this.fullExtent = parts.reduce((a, b) => a.clone().union(b));
      await this.view.when();
      if (this.destroyed) return;
      this.showCity();
      // the page settles after the view is made (tabs, toolbars): while nobody has moved the map,
      // it keeps showing the whole city in the size it ends up with
      this.handles.push(
        reactiveUtils.watch(
          () => [this.view.width, this.view.height],
          () => {
            const f = this.lastFit;
            const c = this.view.center;
            if (!f || !c || Math.abs(this.view.scale - f.scale) > f.scale * 1e-6) return;
            if (Math.hypot(c.x - f.x, c.y - f.y) > this.view.resolution) return;
            this.showCity();
          },
        ),
      );
    }
    this.cableView = await this.view.whenLayerView(this.cables);
    this.alertViews = await Promise.all(ALERT_CLASSES.map((c) => this.view.whenLayerView(this.alerts[c])));
    if (this.destroyed) return;
    this.applyFilter();
    this.readyResolve();
    this.handles.push(
      reactiveUtils.when(
        () => this.view.stationary && drawnAt(this.view.scale) === 'assets',
        () => void this.ensureAssets(),
        { initial: true },
      ),
    );
    void this.whenDrawn().then(() => {
      this.firstDrawnMs ??= performance.now() - this.createdAt;
    });
  }

  private select(results: readonly unknown[], at: Point | null): void {
    let district: string | null = null;
    for (const r of results) {
      const hit = r as { type?: string; graphic?: Graphic };
      const g = hit.graphic;
      if (hit.type !== 'graphic' || !g) continue;
      if (g.isAggregate && (g.layer === this.alerts.fault || g.layer === this.alerts.offline)) {
        // a cluster of faults or offline assets: show all it holds (its members' extent)
        void this.zoomToCluster(g);
        return;
      }
      if (g.layer === this.grids.coarse || g.layer === this.grids.fine || g.isAggregate) {
        // a cell: zoom into it (the next level down draws what it counts)
        if (g.geometry?.type === 'point') void this.zoomInto(g.geometry);
        return;
      }
      if (g.layer === this.districts) {
        const name = g.attributes?.name as unknown;
        if (typeof name === 'string') district = name;
        continue;
      }
      const oid = g.attributes?.objectid as unknown;
      if (typeof oid !== 'number') continue;
      if (g.layer === this.cables) {
        // a cable runs through every lamp and manhole: an asset within reach of the click wins over it
        const attributes = g.attributes as Record<string, unknown> | null;
        void this.pickNear(at).then((picked) => {
          if (!picked) this.selectGraphic(1, oid, attributes);
        });
        return;
      }
      this.selectGraphic(0, oid, g.attributes);
      return;
    }
    // nothing under the pointer: the nearest asset within a few pixels (a dot is ~6 px wide)
    void this.pickNear(at).then((picked) => {
      if (!picked && district !== null) this.options.onDistrict?.(district);
    });
  }

  private selectGraphic(layer: 0 | 1, objectid: number, attributes: Record<string, unknown> | null): void {
    const kind = attributes?.kind;
    const status = attributes?.status;
    this.options.onSelect?.({
      layer,
      objectid,
      ...(typeof kind === 'string' ? { kind } : {}),
      ...(typeof status === 'string' ? { status } : {}),
    });
  }

  /** Street level: selects the asset nearest a click within HIT_RADIUS_PX; true when one was. */
  private async pickNear(at: Point | null): Promise<boolean> {
    const lv = this.layerView;
    if (!at || !lv || this.drawing !== 'assets') return false;
    const box = hitEnvelope({ x: at.x, y: at.y }, this.view.resolution);
    const filter = lv.filter?.where;
    const r = await lv
      .queryFeatures({
        geometry: new Extent({ ...box, spatialReference: SR }),
        spatialRelationship: 'intersects',
        where: filter ?? '1=1',
        outFields: ['objectid', 'kind', 'status'],
        returnGeometry: true,
      })
      .catch(() => null);
    const points = (r?.features ?? []).flatMap((f) => {
      const p = f.geometry as Point | null;
      const oid = f.attributes?.objectid as unknown;
      return p && typeof oid === 'number' ? [{ x: p.x, y: p.y, oid, attributes: f.attributes }] : [];
    });
    const best = nearestWithin(points, { x: at.x, y: at.y }, (box.xmax - box.xmin) / 2);
    if (!best || this.destroyed) return false;
    this.selectGraphic(0, best.oid, best.attributes);
    return true;
  }

  /** A cluster's click: the view goes to the extent of the assets it holds (overview.ts). */
  private async zoomToCluster(g: Graphic): Promise<void> {
    const lv =
      this.alertViews[
        g.layer === this.alerts.fault ? ALERT_CLASSES.indexOf('fault') : ALERT_CLASSES.indexOf('offline')
      ];
    const centre = g.geometry?.type === 'point' ? (g.geometry as Point) : null;
    if (!centre) return;
    let members: ExtentBox | null = null;
    const id = g.getObjectId();
    if (lv && id !== null && id !== undefined) {
      const r = await lv.queryExtent({ aggregateIds: [id] }).catch(() => null);
      const e = r?.extent;
      if (e && r.count > 0) members = { xmin: e.xmin, ymin: e.ymin, xmax: e.xmax, ymax: e.ymax };
    }
    if (this.destroyed) return;
    const goal = clusterGoal(
      members,
      { x: centre.x, y: centre.y },
      {
        currentScale: this.view.scale,
        streetScale: ASSET_MIN_SCALE * 0.8,
        minSpan: this.view.resolution * 8,
      },
    );
    this.lastClusterGoal = goal;
    if (goal.kind === 'extent') await this.view.goTo(new Extent({ ...goal.extent, spatialReference: SR }));
    else await this.view.goTo({ target: centre, scale: goal.scale });
  }

  /** The last cluster click's goal (test hook). */
  lastClusterGoal: ClusterGoal | null = null;

  private assetsView: Promise<FeatureLayerView> | null = null;

  /** Adds the assets layer (once, at street level) and resolves with its layer view. */
  private ensureAssets(): Promise<FeatureLayerView> {
    this.assetsView ??= (async () => {
      const map = this.view.map;
      if (map) map.add(this.assets, map.layers.indexOf(this.overlayLayer));
      const lv = await this.view.whenLayerView(this.assets);
      this.layerView = lv;
      this.applyFilter();
      return lv;
    })();
    return this.assetsView;
  }

  /** Resolves once every feature of the current view has been drawn. */
  async whenDrawn(): Promise<void> {
    await this.view.when();
    await reactiveUtils.whenOnce(() => this.view.stationary);
    const lv = this.drawing === 'assets' ? await this.ensureAssets() : null;
    await reactiveUtils.whenOnce(() => !this.view.updating && !lv?.updating);
  }

  /** Layers panel / district: which assets show (client-side filter, no re-query). */
  setVisibility(v: VisibilityState): void {
    this.visibility = v;
    this.applyFilter();
  }

  private applyFilter(): void {
    const shown = visibilityWhere(this.visibility, ASSET_FIELDS);
    // A changed asset's overlay marker covers its stale copy in the layer exactly (a status change
    // keeps the kind, so shape, size and place; only the colour differs). Only when the panel hides
    // its new status is the overlay marker hidden, and the stale copy must be filtered out by id.
    // The common case thus keeps the filter string unchanged: the SDK caches every distinct filter
    // it parses (500 of them, each as big as its id list), which grew a kiosk's heap.
    const stale = idsWhere('objectid', this.overlay.idsWithStatusIn(this.visibility.hiddenStatuses));
    const notStale = stale ? `NOT (${stale})` : null;
    const parts = [shown, notStale].filter((p): p is string => p !== null);
    const where = parts.length ? parts.join(' AND ') : null;
    // the faulty / offline assets drawn over the grid follow the panel in the browser, like the assets
    for (const lv of [this.layerView, ...this.alertViews])
      if (lv && (lv.filter?.where ?? null) !== where) lv.filter = where ? { where } : null;
    // zoomed out: the server counts only what the panel leaves on (a re-query of a few cells)
    for (const g of Object.values(this.grids))
      if ((g.definitionExpression ?? null) !== shown) g.definitionExpression = shown;
    for (const g of this.overlayGraphics.values())
      g.visible = this.overlayVisible(g.attributes as AssetChange);
  }

  private overlayVisible(c: AssetChange): boolean {
    const v = this.visibility;
    return !v.hiddenKinds.includes(c.kind) && !v.hiddenStatuses.includes(c.status);
  }

  private pending: AssetChange[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly overlayGraphics = new Map<number, Graphic>();

  /**
   * Draws pushed status changes: batched for FLUSH_MS (a burst of pushes costs one overlay update),
   * so a change shows well within a second; the layers are re-read LIVE_RELOAD_MS later (at once
   * when the overlay is full).
   */
  applyChanges(changes: readonly AssetChange[]): void {
    if (changes.length === 0 || this.destroyed) return;
    this.pending.push(...changes);
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    this.flushTimer = null;
    if (this.destroyed) return;
    const batch = this.pending;
    this.pending = [];
    const full = this.overlay.add(batch);
    this.syncOverlay();
    if (full) void this.reloadAssets();
    this.scheduleReload();
  }

  private scheduleReload(): void {
    if (this.destroyed) return;
    this.liveTimer ??= setTimeout(() => {
      this.liveTimer = null;
      if (this.destroyed) return;
      // the server re-counts the cells (its cache follows the assets' lastEditDate)
      for (const g of Object.values(this.grids)) if (g.visible) g.refresh();
      void this.reloadAssets();
    }, LIVE_RELOAD_MS);
  }

  /** Overlay graphics not in use (hidden): reused rather than removed, so a kiosk that replaces
   * thousands of changes a day creates at most OVERLAY_LIMIT graphics in all. */
  private readonly spareGraphics: Graphic[] = [];

  /** Makes the overlay layer's graphics match the overlay (update in place, reuse, add). */
  private syncOverlay(): void {
    for (const [id, g] of this.overlayGraphics)
      if (!this.overlay.get(id)) {
        g.visible = false;
        this.spareGraphics.push(g);
        this.overlayGraphics.delete(id);
      }
    const added: Graphic[] = [];
    for (const c of this.overlay.values()) {
      const symbol =
        isAssetKind(c.kind) && isAssetStatus(c.status)
          ? markerSymbol(c.kind, c.status)
          : { type: 'simple-marker' as const, size: 6, color: [128, 128, 128, 1] };
      const g = this.overlayGraphics.get(c.objectid);
      if (g && g.attributes?.status === c.status) continue;
      if (g) {
        g.attributes = { ...c };
        g.symbol = symbol as never;
        g.visible = this.overlayVisible(c);
        continue;
      }
      const geometry = { type: 'point' as const, x: c.x, y: c.y, spatialReference: SR };
      const spare = this.spareGraphics.pop();
      if (spare) {
        spare.geometry = geometry as never;
        spare.attributes = { ...c };
        spare.symbol = symbol as never;
        spare.visible = this.overlayVisible(c);
        this.overlayGraphics.set(c.objectid, spare);
        continue;
      }
      const ng = new Graphic({ geometry, attributes: { ...c }, symbol });
      ng.visible = this.overlayVisible(c);
      this.overlayGraphics.set(c.objectid, ng);
      added.push(ng);
    }
    if (added.length) this.overlayLayer.addMany(added);
    this.applyFilter();
  }

  /** Re-reads the assets layer from the server and drops the overlay entries it now holds. */
  async reloadAssets(): Promise<void> {
    if (this.reloading || this.destroyed) return;
    this.reloading = true;
    const before = this.overlay.snapshot();
    try {
      // both layers are refreshed; wait on the one the view draws at its scale
      const lv =
        (this.drawing === 'assets' ? this.layerView : this.alertViews[0]) ??
        (await this.view.whenLayerView(this.alerts.fault));
      if (this.layerView) this.assets.refresh();
      for (const c of ALERT_CLASSES) this.alerts[c].refresh();
      // refresh() starts asynchronously: wait for the reload to begin (a layer out of its scale
      // range may not start one), then to end
      await reactiveUtils
        .whenOnce(() => lv.updating, AbortSignal.timeout(RELOAD_START_MS))
        .catch(() => undefined);
      await reactiveUtils.whenOnce(() => !lv.updating);
      this.overlay.forgetSeen(before);
      if (!this.destroyed) this.syncOverlay();
    } finally {
      this.reloading = false;
    }
    // changes that arrived during the reload (or a reload skipped for this one) are re-read next
    if (this.overlay.size > 0) this.scheduleReload();
  }

  /** What the view draws at its scale: the assets themselves, or a grid of counts. */
  get drawing(): 'assets' | GridLevel {
    return drawnAt(this.view.scale);
  }

  /** The status drawn for an asset now (overlay first, then the layer drawing it at this scale). */
  async drawnStatus(objectid: number): Promise<string | null> {
    const o = this.overlay.get(objectid);
    if (o) return o.status;
    const views =
      this.drawing === 'assets'
        ? [await this.ensureAssets()]
        : await Promise.all(ALERT_CLASSES.map((c) => this.view.whenLayerView(this.alerts[c])));
    for (const lv of views) {
      const r = await lv.queryFeatures({
        objectIds: [objectid],
        outFields: ['status'],
        returnGeometry: false,
      });
      const s = r.features[0]?.attributes?.status as unknown;
      if (typeof s === 'string') return s;
    }
    return null;
  }

  /**
   * Zoomed out: what the overview shows of a class (faults, offline): the sum of its cluster labels
   * (an unclustered asset counts one). Test hook and legend; 0 at street level.
   */
  async alertTotal(c: AlertClass): Promise<number> {
    if (this.drawing === 'assets') return 0;
    const lv = await this.view.whenLayerView(this.alerts[c]);
    await reactiveUtils.whenOnce(() => !lv.updating);
    const r = await lv.queryAggregates();
    return clusterTotal(r.features);
  }

  /** Zoomed out: the cluster holding the most of a class, at its place in the view (px), or null (test hook). */
  async largestCluster(c: AlertClass = 'fault'): Promise<{ x: number; y: number; count: number } | null> {
    if (this.drawing === 'assets') return null;
    const lv = await this.view.whenLayerView(this.alerts[c]);
    await reactiveUtils.whenOnce(() => !lv.updating);
    const r = await lv.queryAggregates();
    let best: { x: number; y: number; count: number } | null = null;
    for (const f of r.features) {
      const n = Number(f.attributes?.cluster_count ?? 0);
      const p = f.geometry as Point | null;
      if (!p || n <= (best?.count ?? 1)) continue;
      const at = this.toScreen(p.x, p.y);
      if (at && at.x > 0 && at.y > 0 && at.x < this.view.width && at.y < this.view.height)
        best = { ...at, count: n };
    }
    return best;
  }

  /**
   * Street level (test hook): a place in the view (px) 7 px beside a drawn asset of `kind` near the
   * centre where no dot is (every asset at least 6 px away) and that asset is the nearest, with its code.
   */
  async besideAsset(kind: string): Promise<{ x: number; y: number; code: string } | null> {
    const lv = this.drawing === 'assets' ? await this.ensureAssets() : null;
    if (!lv) return null;
    await reactiveUtils.whenOnce(() => !lv.updating);
    const c = this.view.center;
    const r = await lv.queryFeatures({
      geometry: new Extent({
        ...hitEnvelope({ x: c.x, y: c.y }, this.view.resolution, 250),
        spatialReference: SR,
      }),
      outFields: ['code', 'kind'],
      returnGeometry: true,
    });
    const all = r.features.flatMap((f) => {
      const p = f.geometry as Point | null;
      const at = p ? this.toScreen(p.x, p.y) : null;
      return at
        ? [{ ...at, code: String(f.attributes?.code ?? ''), kind: f.attributes?.kind as unknown }]
        : [];
    });
    for (const a of all) {
      if (a.kind !== kind) continue;
      for (let i = 0; i < 8; i++) {
        const at = { x: a.x + 7 * Math.cos((i * Math.PI) / 4), y: a.y + 7 * Math.sin((i * Math.PI) / 4) };
        const d = (o: { x: number; y: number }) => Math.hypot(o.x - at.x, o.y - at.y);
        if (all.every((o) => d(o) >= 6 && (o === a || d(o) > d(a) + 1))) return { ...at, code: a.code };
      }
    }
    return null;
  }

  /** A map point's place in the view (px from its top left), or null (test hook). */
  toScreen(x: number, y: number): { x: number; y: number } | null {
    const s = this.view.toScreen(new Point({ x, y, spatialReference: SR }));
    return s ? { x: s.x, y: s.y } : null;
  }

  /** The district names in the reader's language (stored name → shown name). */
  setDistrictLabels(names: Readonly<Record<string, string>>): void {
    this.districtNames.labelingInfo = districtLabels(names) as never;
  }

  /**
   * How many of the view's pixels the district names colour (test hook): the view drawn with the
   * names and without (their labels off), compared pixel by pixel; a pixel counts when it changed
   * and is drawn in the names' own colour (other labels the names displace do not count). A name the
   * label placement dropped, or one drawn under the clusters, colours nothing.
   */
  async districtNameInk(): Promise<number> {
    const shot = async () => {
      await this.whenDrawn();
      return (await this.view.takeScreenshot({ format: 'png' })).data.data;
    };
    const [r, g, b] = DISTRICT_NAME_COLOR;
    const shown = await shot();
    this.districtNames.labelsVisible = false;
    try {
      const hidden = await shot();
      let ink = 0;
      for (let i = 0; i < shown.length; i += 4) {
        const changed = Math.max(
          Math.abs(shown[i]! - hidden[i]!),
          Math.abs(shown[i + 1]! - hidden[i + 1]!),
          Math.abs(shown[i + 2]! - hidden[i + 2]!),
        );
        const named = Math.max(
          Math.abs(shown[i]! - r),
          Math.abs(shown[i + 1]! - g),
          Math.abs(shown[i + 2]! - b),
        );
        if (changed > 32 && named <= 40) ink++;
      }
      return ink;
    } finally {
      this.districtNames.labelsVisible = true;
    }
  }

  /** The view's scale now. */
  get scale(): number {
    return this.view.scale;
  }

  /** Zoomed out: how many assets the drawn grid cells count (sum of their `count`). */
  async gridTotal(): Promise<number> {
    const level = this.drawing;
    if (level === 'assets') return 0;
    const lv = await this.view.whenLayerView(this.grids[level]);
    const r = await lv.queryFeatures({ where: '1=1', outFields: ['count'], returnGeometry: false });
    return r.features.reduce((n, f) => n + Number(f.attributes?.count ?? 0), 0);
  }

  /** How many assets the view accounts for: drawn one by one, or counted by the drawn grid. */
  async shownTotal(): Promise<number> {
    return this.drawing === 'assets' ? this.drawnCount() : this.gridTotal();
  }

  private async zoomInto(point: Point): Promise<void> {
    const next = this.drawing === 'coarse' ? FINE_GRID_MIN_SCALE * 0.9 : ASSET_MIN_SCALE * 0.8;
    await this.view.goTo({ target: point, scale: Math.min(next, this.view.scale / 2) });
  }

  /** How many assets matching `where` the layer view lets through its filter (test hook, legend). */
  async drawnCount(where = '1=1'): Promise<number> {
    const lv = this.layerView;
    if (!lv) return 0; // never zoomed in to street level: no asset drawn one by one yet
    const filter = lv.filter?.where;
    return lv.queryFeatureCount({ where: filter ? `(${where}) AND (${filter})` : where });
  }

  /**
   * Highlights assets and cables (topology, search); replaces the previous highlight. Resolves with
   * the box round what it drew (null: nothing, or a later call replaced it).
   */
  async highlight(assetIds: readonly number[], cableIds: readonly number[] = []): Promise<ExtentBox | null> {
    this.clearHighlight();
    const run = this.highlightRun;
    const shapes = async (layer: FeatureLayer, ids: readonly number[]) =>
      ids.length
        ? (await layer.queryFeatures({ objectIds: [...ids], returnGeometry: true, outFields: ['objectid'] }))
            .features
        : [];
    const [assets, cables] = await Promise.all([
      shapes(this.assets, assetIds),
      shapes(this.cables, cableIds),
    ]);
    if (run !== this.highlightRun || this.destroyed) return null;
    this.highlightLayers.assets.addMany(
      assets.map((f) => new Graphic({ geometry: f.geometry, symbol: highlightSymbol('point') as never })),
    );
    this.highlightLayers.cables.addMany(
      cables.map((f) => new Graphic({ geometry: f.geometry, symbol: highlightSymbol('polyline') as never })),
    );
    return boundsOf(
      [...assets, ...cables].map((f) => {
        const g = f.geometry;
        if (!g) return null;
        if (g.type === 'point') return { x: (g as Point).x, y: (g as Point).y };
        const e = g.extent;
        return e ? { xmin: e.xmin, ymin: e.ymin, xmax: e.xmax, ymax: e.ymax } : null;
      }),
    );
  }

  /** How many assets the highlight draws (test hook). */
  get highlightedCount(): number {
    return this.highlightLayers.assets.graphics.length;
  }

  /** How many of the highlighted assets lie within the view (test hook). */
  get highlightedInView(): number {
    const e = this.view.extent;
    return e
      ? this.highlightLayers.assets.graphics.filter(
          (g) => g.geometry?.type === 'point' && e.contains(g.geometry),
        ).length
      : 0;
  }

  clearHighlight(): void {
    this.highlightRun++;
    this.highlightLayers.assets.removeAll();
    this.highlightLayers.cables.removeAll();
  }

  /** Replaces one set of marker graphics (faults, suspected elements, a track). */
  setMarkers(set: MarkerSet, graphics: readonly MarkerGraphic[]): void {
    let layer = this.markerLayers.get(set);
    if (!layer) {
      layer = new GraphicsLayer({ listMode: 'hide' });
      this.markerLayers.set(set, layer);
      this.view.map?.add(layer);
    }
    layer.removeAll();
    layer.addMany(
      graphics.map(
        (g) =>
          new Graphic({
            geometry: { ...g.geometry, spatialReference: SR } as never,
            symbol: g.symbol as never,
            attributes: g.attributes ?? {},
          }),
      ),
    );
  }

  private measurement: {
    analysis: DistanceMeasurementAnalysis | AreaMeasurementAnalysis;
    abort: AbortController;
    watch: ResourceHandle | null;
  } | null = null;

  /**
   * Measure a length or an area (5.x analysis classes): the user draws on the map; `onResult`
   * gets each new result (length, or area with perimeter) while drawing and after.
   */
  async measure(
    kind: 'length' | 'area',
    onResult: (r: { value: number; unit: string }, perimeter?: { value: number; unit: string }) => void,
  ): Promise<void> {
    this.stopMeasure();
    // the analysis view exists only once the view is ready (before, the SDK throws)
    const token = {};
    this.measureToken = token;
    await this.ready;
    if (this.destroyed || this.measureToken !== token) return;
    const analysis =
      kind === 'length'
        ? new DistanceMeasurementAnalysis({ unit: 'metric' })
        : new AreaMeasurementAnalysis({ unit: 'metric' });
    const m: NonNullable<CityMap['measurement']> = { analysis, abort: new AbortController(), watch: null };
    this.measurement = m;
    this.view.analyses.add(analysis);
    const av = (await this.view.whenAnalysisView(analysis)) as
      DistanceMeasurementAnalysisView2D | AreaMeasurementAnalysisView2D;
    if (this.measurement !== m) return;
    m.watch = reactiveUtils.watch(
      () => av.result,
      (r) => {
        if (!r) return;
        if ('length' in r) onResult(r.length);
        else if (r.area) onResult(r.area, r.perimeter ?? undefined);
      },
    );
    try {
      await av.place({ signal: m.abort.signal });
    } catch (e) {
      if (!(e instanceof Error && e.name === 'AbortError')) throw e;
    }
  }

  private measureToken: object | null = null;

  stopMeasure(): void {
    this.measureToken = null;
    const m = this.measurement;
    if (!m) return;
    this.measurement = null;
    m.abort.abort();
    m.watch?.remove();
    this.view.analyses.remove(m.analysis);
    m.analysis.destroy();
  }

  /** The whole city at once (no animation), remembered as the fitted place. */
  private showCity(): void {
    this.view.extent = this.cityFit();
    this.rememberFit();
  }

  /** Where the view is now, as the place it last showed the whole city. */
  private rememberFit(): void {
    this.lastFit = { scale: this.view.scale, x: this.view.center.x, y: this.view.center.y };
  }

  /** The extent that shows the whole city clear of the zoom buttons and the attribution (overview.ts). */
  private cityFit(): Extent {
    const c = this.fullExtent!;
    const box = fitExtent(
      { xmin: c.xmin, ymin: c.ymin, xmax: c.xmax, ymax: c.ymax },
      { width: this.view.width, height: this.view.height },
      CITY_COVER,
    );
    return new Extent({ ...box, spatialReference: SR });
  }

  /** Overview: the whole city. */
  async overview(): Promise<void> {
    if (!this.fullExtent) return;
    await this.view.goTo(this.cityFit());
    this.rememberFit();
  }

  /** Whether the view shows the whole city (test hook). */
  get cityShown(): boolean {
    const e = this.view.extent;
    const c = this.fullExtent;
    if (!e || !c) return false;
    return contains(e, c, this.view.resolution);
  }

  async zoomTo(extent: ExtentJson | null, expand = 1.2): Promise<void> {
    if (!extent) return;
    const e = new Extent({ ...extent, spatialReference: SR });
    await this.view.goTo(
      e.width === 0 && e.height === 0 ? { target: e.center, scale: 2000 } : e.expand(expand),
    );
  }

  /**
   * Zooms to a point, shown in the middle of what a drawer `coverRight` px wide at the view's right
   * leaves (it may cover at most 60 % of the view).
   */
  async zoomToPoint(x: number, y: number, scale = 2000, coverRight = 0): Promise<void> {
    const resolution = (this.view.resolution * scale) / this.view.scale;
    const c = centreBeside({ x, y }, resolution, Math.min(coverRight, this.view.width * 0.6));
    // a Point, not a plain { type: 'point' } object: @arcgis/core 5 does not autocast goTo's target,
    // so that zoomed to the scale around the old centre and left the point kilometres off screen
    await this.view.goTo({ target: new Point({ x: c.x, y: c.y, spatialReference: SR }), scale });
  }

  /** Clear: no highlight, no markers, every kind and status shown, the whole city. */
  async clear(): Promise<void> {
    this.clearHighlight();
    for (const l of this.markerLayers.values()) l.removeAll();
    this.setVisibility(EMPTY_VISIBILITY);
    await this.overview();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.liveTimer) clearTimeout(this.liveTimer);
    this.pending = [];
    this.overlayGraphics.clear();
    this.spareGraphics.length = 0;
    this.stopMeasure();
    this.clearHighlight();
    for (const h of this.handles) h.remove();
    this.overlay.clear();
    this.view.destroy(); // destroys the map and its layers too
  }
}
