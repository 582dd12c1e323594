// The map's label glyphs, built from a free font at build time (no font service at run time).
//
// @arcgis/core draws 2D labels with signed-distance-field glyphs it fetches as
// `${esriConfig.fontsUrl}/<fontstack>/<start>-<end>.pbf` (256 code points a file, Mapbox glyph PBF).
// They are not in its package and Esri's font service is on the internet, so we make them: fontnik
// (Mapbox's glyph tool, native binary shipped in its npm package) renders Noto Sans SC (SIL OFL 1.1,
// npm @expo-google-fonts/noto-sans-sc) into the fontstack the SDK asks for by default,
// `arial-unicode-ms-regular` (its name for sans-serif). To keep each file small the CJK ranges hold
// the characters of GB 2312 (simplified) and Big5 level 1 (traditional), about 11,000 in all, which
// every Chinese place and street name uses; Latin, punctuation and full-width forms are complete.
// Every range of the Basic Multilingual Plane is written (empty where it has no glyph), so a label
// with a rarer character draws the rest of its text instead of failing a request.
//
// The files are generated once into node_modules/.cache (about 40 s) and emitted into the remote's
// dist/fonts/ by GlyphsPlugin on every build.
const fs = require('node:fs');
const path = require('node:path');

const FONTSTACK = 'arial-unicode-ms-regular';
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const FONT_FILE = '400Regular/NotoSansSC_400Regular.ttf';
/** Bump when the character set or the format changes (the cache key). */
const VERSION = 1;

/** The code points we draw. */
function wantedCodePoints() {
  const set = new Set();
  const add = (from, to) => {
    for (let c = from; c <= to; c++) set.add(c);
  };
  add(0x20, 0xff); // Latin-1
  add(0x2000, 0x206f); // general punctuation (· — …)
  add(0x3000, 0x303f); // CJK symbols and punctuation (、。《》)
  add(0xff00, 0xffef); // full-width forms (（）：)
  const decode = (label, lead, trail) => {
    const d = new TextDecoder(label, { fatal: false });
    for (const a of lead)
      for (const b of trail) {
        const s = d.decode(new Uint8Array([a, b]));
        const cp = s.codePointAt(0);
        if (s.length === 1 && cp !== 0xfffd && cp !== undefined) set.add(cp);
      }
  };
  const span = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  decode('gb18030', span(0xa1, 0xf7), span(0xa1, 0xfe)); // GB 2312: symbols, kana, 6,763 hanzi
  decode('big5', span(0xa1, 0xc6), [...span(0x40, 0x7e), ...span(0xa1, 0xfe)]); // Big5 symbols + level 1
  return set;
}

// ── the glyph PBF, just enough protobuf to keep the wanted glyphs of a range ──
function varint(buf, pos) {
  let v = 0;
  let shift = 0;
  for (;;) {
    const b = buf[pos++];
    v += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [v, pos];
    shift += 7;
  }
}
function encodeVarint(v) {
  const out = [];
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return Buffer.from(out);
}
/** The fields of a message: [field number, wire type, start of the field (key), end, value start]. */
function fields(buf, start = 0, end = buf.length) {
  const out = [];
  let pos = start;
  while (pos < end) {
    const from = pos;
    let key;
    [key, pos] = varint(buf, pos);
    const no = Math.floor(key / 8);
    const wire = key & 7;
    let valueAt = pos;
    if (wire === 0) [, pos] = varint(buf, pos);
    else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else if (wire === 2) {
      let len;
      [len, valueAt] = varint(buf, pos);
      pos = valueAt + len;
    } else throw new Error(`glyph pbf: wire type ${wire}`);
    out.push({ no, wire, from, to: pos, valueAt });
  }
  return out;
}
/** Keeps the glyphs (stack field 3, glyph field 1 = code point) that `keep` accepts. */
function subsetRange(pbf, keep) {
  const parts = [];
  let kept = 0;
  for (const stack of fields(pbf)) {
    if (stack.no !== 1) continue;
    const body = [];
    for (const f of fields(pbf, stack.valueAt, stack.to)) {
      if (f.no === 3) {
        const id = fields(pbf, f.valueAt, f.to).find((g) => g.no === 1);
        if (!id || !keep(varint(pbf, id.valueAt)[0])) continue;
        kept++;
      }
      body.push(pbf.subarray(f.from, f.to));
    }
    const inner = Buffer.concat(body);
    parts.push(Buffer.from([0x0a]), encodeVarint(inner.length), inner);
  }
  return { pbf: Buffer.concat(parts), kept };
}

/** A valid glyph PBF without glyphs. */
function emptyRange(start) {
  const str = (no, text) => {
    const b = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([no * 8 + 2]), encodeVarint(b.length), b]);
  };
  const inner = Buffer.concat([str(1, 'Noto Sans SC Regular'), str(2, `${start}-${start + 255}`)]);
  return { pbf: Buffer.concat([Buffer.from([0x0a]), encodeVarint(inner.length), inner]), kept: 0 };
}

/** Generates every range into `dir` (once per VERSION and font); returns the folder of the stack. */
async function ensureGlyphs(cacheRoot) {
  const fontnik = require('fontnik');
  const fontPath = require.resolve(`${FONT_PACKAGE}/${FONT_FILE}`);
  const fontVersion = require(`${FONT_PACKAGE}/package.json`).version;
  const dir = path.join(cacheRoot, `v${VERSION}-noto-sans-sc-${fontVersion}`);
  const stackDir = path.join(dir, FONTSTACK);
  if (fs.existsSync(path.join(dir, 'done'))) return stackDir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(stackDir, { recursive: true });
  const font = fs.readFileSync(fontPath);
  const wanted = wantedCodePoints();
  const render = (start) =>
    new Promise((resolve, reject) =>
      fontnik.range({ font, start, end: start + 255 }, (e, d) => (e ? reject(e) : resolve(Buffer.from(d)))),
    );
  const t0 = Date.now();
  let bytes = 0;
  for (let start = 0; start < 0x10000; start += 256) {
    let any = false;
    for (let c = start; c < start + 256 && !any; c++) any = wanted.has(c);
    // a range without any wanted character: the stack's name and range, no glyph (a few bytes)
    const { pbf } = any ? subsetRange(await render(start), (cp) => wanted.has(cp)) : emptyRange(start);
    fs.writeFileSync(path.join(stackDir, `${start}-${start + 255}.pbf`), pbf);
    bytes += pbf.length;
  }
  fs.writeFileSync(
    path.join(dir, 'done'),
    JSON.stringify({ codePoints: wanted.size, bytes, ms: Date.now() - t0 }),
  );
  return stackDir;
}

/** Emits dist/fonts/<fontstack>/<range>.pbf from the cache. */
class GlyphsPlugin {
  constructor(cacheRoot) {
    this.cacheRoot = cacheRoot;
  }
  apply(compiler) {
    const { sources, Compilation } = compiler.webpack;
    let stackDir = null;
    compiler.hooks.beforeRun.tapPromise('GlyphsPlugin', async () => {
      stackDir = await ensureGlyphs(this.cacheRoot);
    });
    compiler.hooks.watchRun.tapPromise('GlyphsPlugin', async () => {
      stackDir ??= await ensureGlyphs(this.cacheRoot);
    });
    compiler.hooks.thisCompilation.tap('GlyphsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'GlyphsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!stackDir) return;
          for (const f of fs.readdirSync(stackDir))
            compilation.emitAsset(
              `fonts/${FONTSTACK}/${f}`,
              new sources.RawSource(fs.readFileSync(path.join(stackDir, f))),
            );
        },
      );
    });
  }
}

module.exports = { GlyphsPlugin, ensureGlyphs, subsetRange, wantedCodePoints, FONTSTACK };
