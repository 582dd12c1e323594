/**
 * Static serving (registered after /api): runtime config, the remote registry, each remote's bundle
 * under /remotes/<name>/, the help pages, and the host bundle with history fallback.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  parseRegistry,
  resolveRemote,
  WALL_BASE,
  wallModuleId,
  type RemoteEntry,
} from '@lighting/shared/core';
import type { Config } from './config';

export const RUNTIME_CONFIG = {
  apiBase: '/api',
  socketUrl: '/api/message/websocket',
  timeout: 60000,
  title: '城市照明综合管理平台',
  dashboardUrl: WALL_BASE,
  version: '1.0',
} as const;

const NO_CACHE_NAMES = new Set([
  'index.html',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'config.json',
  'remotes.json',
]);
const HASHED = /[.-][0-9a-f]{8,}\.[A-Za-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @arcgis/core's runtime assets (workers, wasm, themes, translations; 80 MB) are served from the map
 * remote's node_modules under the remote's own path, so the map never reaches Esri's CDN and the
 * remote's build stays small. remote-map sets esriConfig.assetsPath to `<its publicPath>arcgis-assets`.
 */
export const ARCGIS_ASSETS_URL = '/remotes/map/arcgis-assets/';
export const ARCGIS_ASSETS_DIR = path.join('remote-map', 'node_modules', '@arcgis', 'core', 'assets');

/** The file under the assets folder a request names, or null (no file name, climbing out). Pure. */
export function arcgisAssetFile(rawPath: string): string | null {
  const rel = safeRelativePath(rawPath);
  return rel !== null && looksLikeFile(rel) ? rel : null;
}

/** Cache-Control for a served file name. Pure. */
export function cacheControlFor(fileName: string): string {
  const base = path.basename(fileName);
  if (NO_CACHE_NAMES.has(base)) return 'no-cache';
  if (HASHED.test(base)) return IMMUTABLE;
  return 'no-cache';
}

/** A request path that names a file (last segment has an extension) rather than a client route. Pure. */
export function looksLikeFile(urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  return /\.[A-Za-z0-9]+$/.test(last);
}

/** A browser opening a page (an address typed, a link, a reload), not a script or style asking for a file. Pure. */
export function isDocumentRequest(headers: {
  accept?: string;
  'sec-fetch-dest'?: string | string[];
}): boolean {
  const dest = headers['sec-fetch-dest'];
  if (typeof dest === 'string' && dest) return dest === 'document' || dest === 'iframe';
  return /\btext\/html\b/.test(headers.accept ?? '');
}

/**
 * Whether a request for `rel` gets the app's page (history routing) rather than a file: a path whose
 * last segment has no extension, or one naming no file here that a browser opens as a page (a
 * published page's address may hold a dot: dynamicModel/repairReport.copy1). A script or a style
 * asking for a missing file still gets 404, never the page. Pure.
 */
export function servesPage(
  rel: string,
  fileExists: boolean,
  headers: Parameters<typeof isDocumentRequest>[0],
): boolean {
  if (rel === '' || !looksLikeFile(rel)) return true;
  return !fileExists && isDocumentRequest(headers);
}

/** The path part of a URL, decoded; null when malformed or it tries to climb out. Pure. */
export function safeRelativePath(rawPath: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(rawPath.split('?')[0] ?? '');
  } catch {
    return null;
  }
  if (p.includes('\0') || p.includes('\\')) return null;
  if (p.split('/').some((s) => s === '..')) return null;
  return path.posix.normalize('/' + p).replace(/^\/+/, '');
}

/** Access-Control-Allow-Origin value for a remote asset request, or null. Pure. */
export function corsOriginFor(allowed: readonly string[], origin: string | undefined): string | null {
  if (allowed.includes('*')) return '*';
  if (origin && allowed.includes(origin)) return origin;
  return null;
}

/** The citizens' public pages (spec §2): a phone opening one gets the light page of the remote serving them. */
export const PUBLIC_PAGES = 'bt/gzh';

/**
 * The folder of the light page for a public path: the remote the registry names for it, when that
 * remote is served from here (`/remotes/<name>/…`) and ships `dist/lite/` (its phone bundle). Null
 * otherwise: the host's page then reaches the path through its router. Pure.
 */
export function publicPageDir(
  registry: readonly RemoteEntry[],
  rel: string,
  staticRoot: string,
): string | null {
  if (rel !== PUBLIC_PAGES && !rel.startsWith(`${PUBLIC_PAGES}/`)) return null;
  const hit = resolveRemote(registry, rel);
  const local = hit && /^\/remotes\/([a-z0-9][a-z0-9-]{0,40})\//.exec(hit.remote.entry);
  if (!hit || !local || local[1] !== hit.remote.name) return null;
  return path.join(staticRoot, `remote-${hit.remote.name}`, 'dist', 'lite');
}

const isFile = (p: string): boolean => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

function notBuilt(reply: FastifyReply, what: string): FastifyReply {
  return reply
    .code(503)
    .type('text/plain; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send(
      `503 Service Unavailable: ${what} has not been built yet. Run \`npm run build\` in the repository root, then reload.\n`,
    );
}

export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.staticRoot,
    serve: false,
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(reply: FastifyReply, filePath: string) {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });

  const hostDist = path.join(config.staticRoot, 'host', 'dist');
  const helpDir = path.join(config.publicDir, 'help');

  /** Whether the request for `rel` under `root` gets the page (servesPage) rather than a file. */
  const pageFor = (req: FastifyRequest, root: string, rel: string): boolean =>
    servesPage(rel, looksLikeFile(rel) && isFile(path.join(root, rel)), req.headers);

  /** Serves rel from root; client routes fall back to root/index.html (history routing, servesPage). */
  const serveFrom = async (
    req: FastifyRequest,
    reply: FastifyReply,
    root: string,
    rel: string,
    label: string,
  ): Promise<FastifyReply> => {
    if (!fs.existsSync(path.join(root, 'index.html'))) return notBuilt(reply, label);
    return reply.sendFile(pageFor(req, root, rel) ? 'index.html' : rel, root);
  };

  app.get('/config.json', { config: { public: true } }, async (_req, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(RUNTIME_CONFIG)),
  );

  // Re-read on every request, so the registry can be edited without a restart.
  app.get('/remotes.json', { config: { public: true } }, async (req, reply) => {
    let text: string;
    try {
      text = await fsp.readFile(config.remotesFile, 'utf8');
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(`503: remote registry ${path.basename(config.remotesFile)} not found\n`);
    }
    try {
      JSON.parse(text);
    } catch {
      req.log.error({ file: config.remotesFile }, 'remotes.json is not valid JSON');
      return reply
        .code(500)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send('500: remotes.json is not valid JSON\n');
    }
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(text);
  });

  const remoteCors = (req: FastifyRequest, reply: FastifyReply): void => {
    const origin = corsOriginFor(config.corsOrigins, req.headers.origin);
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      if (origin !== '*') reply.header('Vary', 'Origin');
    }
  };

  const remoteParams = {
    type: 'object',
    required: ['name'],
    properties: {
      name: {
        type: 'string',
        maxLength: 41,
        pattern: '^[a-z0-9][a-z0-9-]{0,40}$',
        'x-msg': 'lower-case letters, digits and - only',
      },
    },
  } as const;

  app.get<{ Params: { name: string } }>(
    '/remotes/:name',
    { config: { public: true }, schema: { params: remoteParams } },
    async (req, reply) => reply.redirect(`/remotes/${req.params.name}/`),
  );

  app.get<{ Params: { name: string; '*': string } }>(
    '/remotes/:name/*',
    { config: { public: true }, schema: { params: remoteParams } },
    async (req, reply) => {
      remoteCors(req, reply);
      const rel = safeRelativePath(req.params['*']);
      if (rel === null) return reply.code(400).type('text/plain').send('400: bad path\n');
      const pkg = path.join(config.staticRoot, `remote-${req.params.name}`);
      // No such remote package at all: 404. A package without its build: 503 saying how to build it.
      if (!fs.existsSync(pkg)) return reply.callNotFound();
      return serveFrom(req, reply, path.join(pkg, 'dist'), rel, `remote-${req.params.name}/dist`);
    },
  );

  app.options<{ Params: { name: string; '*': string } }>(
    '/remotes/:name/*',
    { config: { public: true }, schema: { params: remoteParams } },
    async (req, reply) => {
      remoteCors(req, reply);
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', String(req.headers['access-control-request-headers'] ?? '*'))
        .header('Access-Control-Max-Age', '86400')
        .send();
    },
  );

  const arcgisAssets = path.join(config.staticRoot, ARCGIS_ASSETS_DIR);
  app.get<{ Params: { '*': string } }>(
    `${ARCGIS_ASSETS_URL}*`,
    { config: { public: true } },
    async (req, reply) => {
      remoteCors(req, reply);
      const rel = arcgisAssetFile(req.params['*']);
      if (rel === null) return reply.code(404).type('text/plain').send('404: not an asset\n');
      if (!fs.existsSync(arcgisAssets)) return notBuilt(reply, '@arcgis/core (remote-map dependencies)');
      return reply.sendFile(rel, arcgisAssets);
    },
  );

  app.get('/help', { config: { public: true } }, async (_req, reply) => reply.redirect('/help/'));
  app.get<{ Params: { '*': string } }>('/help/*', { config: { public: true } }, async (req, reply) => {
    const rel = safeRelativePath(req.params['*']);
    if (rel === null) return reply.code(400).type('text/plain').send('400: bad path\n');
    return serveFrom(req, reply, helpDir, rel, 'server/public/help');
  });

  // The registry, re-read when the file changes (the public pages' documents follow it).
  let registryCache: { mtimeMs: number; list: RemoteEntry[] } | null = null;
  const registry = async (): Promise<RemoteEntry[]> => {
    try {
      const st = await fsp.stat(config.remotesFile);
      if (registryCache?.mtimeMs !== st.mtimeMs)
        registryCache = {
          mtimeMs: st.mtimeMs,
          list: parseRegistry(JSON.parse(await fsp.readFile(config.remotesFile, 'utf8')) as unknown),
        };
      return registryCache.list;
    } catch {
      return [];
    }
  };

  // The phone door's page carries its JavaScript inline (about 280 KB): compressed once at the
  // strongest settings (brotli 11, gzip 9) and kept until the file changes, since every byte costs
  // a phone on a weak network (on-the-fly compression uses faster, weaker levels).
  const packed = new Map<string, { mtimeMs: number; raw: Buffer; br: Buffer; gzip: Buffer }>();
  const packedPage = async (file: string) => {
    const st = await fsp.stat(file);
    const hit = packed.get(file);
    if (hit?.mtimeMs === st.mtimeMs) return hit;
    const raw = await fsp.readFile(file);
    const entry = {
      mtimeMs: st.mtimeMs,
      raw,
      br: zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip: zlib.gzipSync(raw, { level: 9 }),
    };
    packed.set(file, entry);
    return entry;
  };

  app.get<{ Params: { '*': string } }>('/*', { config: { public: true } }, async (req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'))
      return reply.callNotFound();
    const rel = safeRelativePath(req.params['*']);
    if (rel === null) return reply.code(400).type('text/plain').send('400: bad path\n');
    const lite = publicPageDir(await registry(), rel, config.staticRoot);
    if (lite && rel === `${PUBLIC_PAGES}/sw.js` && fs.existsSync(path.join(lite, 'sw.js')))
      return reply
        .header('Service-Worker-Allowed', `/${PUBLIC_PAGES}`)
        .header('Cache-Control', 'no-cache')
        .sendFile('sw.js', lite);
    if (lite && pageFor(req, lite, rel) && fs.existsSync(path.join(lite, 'index.html'))) {
      const page = await packedPage(path.join(lite, 'index.html'));
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const [encoding, body] = /\bbr\b/.test(accepts)
        ? (['br', page.br] as const)
        : /\bgzip\b/.test(accepts)
          ? (['gzip', page.gzip] as const)
          : ([null, page.raw] as const);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    // the wall display is opened with the token in its address: no Referer may carry it on
    if (wallModuleId(`/${rel}`) !== null) reply.header('Referrer-Policy', 'no-referrer');
    return serveFrom(req, reply, hostDist, rel, 'host/dist');
  });
}
