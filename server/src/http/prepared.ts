/**
 * A JSON body serialized once and sent many times (cached per-user views such as CurrentUser), with its
 * compressed forms made on first need. `pickEncoding` is pure.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Same lower bound as the global compression (smaller bodies are sent as they are). */
const THRESHOLD = 1024;

/** The preferred encoding the client accepts (q > 0), brotli first on a tie; null for none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Number(m[1]);
    }
    if (!Number.isFinite(weight)) weight = 0;
    q[name === 'x-gzip' ? 'gzip' : name] = weight;
  }
  const star = q['*'] ?? 0;
  const br = q.br ?? star;
  const gzip = q.gzip ?? star;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

export class PreparedJson {
  readonly raw: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(value: unknown) {
    this.raw = Buffer.from(JSON.stringify(value));
  }

  body(encoding: Encoding): Buffer {
    let b = this.encoded.get(encoding);
    if (!b) {
      b =
        encoding === 'br'
          ? brotliCompressSync(this.raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : gzipSync(this.raw);
      this.encoded.set(encoding, b);
    }
    return b;
  }

  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.raw.length >= THRESHOLD && req.headers['x-no-compression'] === undefined) {
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (encoding) {
        const vary = reply.getHeader('vary');
        reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
        reply.header('Content-Encoding', encoding);
        return reply.send(this.body(encoding));
      }
    }
    return reply.send(this.raw);
  }
}
