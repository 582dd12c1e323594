// @arcgis/core set-up for our origin only (effects): assets from our server, the session token on
// every call to our FeatureServer, label glyphs from our build, and no Esri online service
// configured (no basemap, portal or geometry service is ever requested: the map uses our own base
// geography layers).
import esriConfig from '@arcgis/core/config.js';
import { getConfig, useSession } from '@lighting/shared';

declare const __webpack_public_path__: string;

/** Where the server serves @arcgis/core/assets (server/src/static.ts ARCGIS_ASSETS_URL). */
export function arcgisAssetsPath(): string {
  // publicPath is 'auto': the folder this remote's chunks came from (/remotes/map/ on our server).
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/remotes/map/';
  return new URL('arcgis-assets', new URL(base, window.location.href)).href;
}

/** Where the remote's build put the label glyphs (remote-map/build/glyphs.cjs): `<publicPath>fonts`. */
export function glyphsPath(): string {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/remotes/map/';
  return new URL('fonts', new URL(base, window.location.href)).href;
}

/** The FeatureServer of the lighting map (docs/api/map.md). */
export function featureServerUrl(): string {
  const api = getConfig().apiBase.replace(/\/$/, '');
  return new URL(`${api}/map/rest/services/lighting/FeatureServer`, window.location.href).href;
}

let configured = false;

export function configureEsri(): void {
  if (configured) return;
  configured = true;
  const assets = arcgisAssetsPath();
  esriConfig.assetsPath = assets;
  // Label glyphs (SDF PBFs the SDK fetches per 256 code points), built from Noto Sans SC with the
  // remote and served beside its chunks.
  esriConfig.fontsUrl = glyphsPath();
  esriConfig.portalUrl = new URL('/api/map/portal', window.location.href).href;
  esriConfig.request.useIdentity = false;
  esriConfig.request.interceptors ??= [];
  esriConfig.request.interceptors.push({
    urls: /\/api\/map\//,
    before(params) {
      const token = useSession.getState().token;
      if (!token) return;
      const options = params.requestOptions ?? {};
      const query = (options.query ?? {}) as Record<string, unknown>;
      options.query = { ...query, token };
      params.requestOptions = options;
    },
  });
  // The SDK's own widget/view stylesheet, from our copy of the assets.
  if (!document.querySelector('link[data-arcgis-css]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `${assets}/esri/themes/light/main.css`;
    link.dataset.arcgisCss = '1';
    document.head.appendChild(link);
  }
}
