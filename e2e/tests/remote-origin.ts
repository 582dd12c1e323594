// A second origin for e2e tests: another HTTP server on 127.0.0.1 (its own port) serving built
// remotes the way README "Deploying a remote on another origin" asks a team to: CORS for the
// console's origin, no-cache on the manifest, the entries and index.html, a long cache on the
// content-hashed chunks.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const HASHED = /[.-][0-9a-f]{8,}\.[A-Za-z0-9]+$/;

/** README's rule: the unhashed files (manifest, remoteEntry.js, main.js, index.html) are re-validated. */
export function cacheControl(fileName: string): string {
  return HASHED.test(fileName) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface RemoteOrigin {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** every path asked for, in order */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `root` (its folders are the releases, e.g. root/workflow/1.0.0/mf-manifest.json) to
 * `allowOrigin` only.
 */
export async function startRemoteOrigin(root: string, allowOrigin: string): Promise<RemoteOrigin> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (req.headers.origin === allowOrigin) {
      res.setHeader('Access-Control-Allow-Origin', allowOrigin);
      res.setHeader('Vary', 'Origin');
    }
    const file = normalize(join(root, path));
    let size = -1;
    try {
      const st = statSync(file);
      if (st.isFile()) size = st.size;
    } catch {
      // not there
    }
    if (!file.startsWith(root + sep) || size < 0 || req.method !== 'GET') {
      res.writeHead(req.method === 'OPTIONS' ? 204 : 404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': cacheControl(file),
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the second origin has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
