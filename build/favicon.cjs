// The platform's icon, drawn once as a list of shapes and written two ways: SVG (linked for
// browsers that take it) and a 32 × 32 ICO (what /favicon.ico answers). Pure: no files, no clock.
// A street lamp on the night-blue of the kiosk headers, its warm light falling on the road.

const SIZE = 32;

/** Shapes painted in order (later ones on top). Colours are [r, g, b, alpha 0–1]. */
const SHAPES = [
  { type: 'rect', x: 0, y: 0, w: 32, h: 32, r: 7, fill: [11, 31, 58, 1] },
  // the light cone, then the road it lights
  {
    type: 'poly',
    points: [
      [18, 11],
      [25, 11],
      [29, 26],
      [13, 26],
    ],
    fill: [248, 188, 24, 0.35],
  },
  { type: 'rect', x: 4, y: 26, w: 25, h: 2, r: 0, fill: [248, 188, 24, 0.9] },
  // post, arm and head
  { type: 'rect', x: 8, y: 7, w: 3, h: 21, r: 1, fill: [255, 255, 255, 1] },
  { type: 'rect', x: 8, y: 6, w: 14, h: 2.5, r: 1, fill: [255, 255, 255, 1] },
  { type: 'rect', x: 17, y: 7, w: 9, h: 4, r: 2, fill: [248, 188, 24, 1] },
];

const hex = (n) => n.toString(16).padStart(2, '0');
const colour = ([r, g, b]) => `#${hex(r)}${hex(g)}${hex(b)}`;

function svg() {
  const body = SHAPES.map((s) => {
    const fill = `fill="${colour(s.fill)}"${s.fill[3] < 1 ? ` fill-opacity="${s.fill[3]}"` : ''}`;
    if (s.type === 'rect')
      return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}"${s.r ? ` rx="${s.r}"` : ''} ${fill}/>`;
    return `<polygon points="${s.points.map((p) => p.join(',')).join(' ')}" ${fill}/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}">${body}</svg>\n`;
}

function inside(s, x, y) {
  if (s.type === 'rect') {
    if (x < s.x || y < s.y || x > s.x + s.w || y > s.y + s.h) return false;
    const r = Math.min(s.r, s.w / 2, s.h / 2);
    const cx = Math.min(Math.max(x, s.x + r), s.x + s.w - r);
    const cy = Math.min(Math.max(y, s.y + r), s.y + s.h - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  }
  let hit = false;
  const p = s.points;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const [xi, yi] = p[i];
    const [xj, yj] = p[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** RGBA pixels, 4 × 4 samples per pixel (smooth edges). */
function pixels() {
  const out = Buffer.alloc(SIZE * SIZE * 4);
  const n = 4;
  for (let py = 0; py < SIZE; py++)
    for (let px = 0; px < SIZE; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const x = px + (sx + 0.5) / n;
          const y = py + (sy + 0.5) / n;
          // composite the shapes over transparency, premultiplied
          let cr = 0;
          let cg = 0;
          let cb = 0;
          let ca = 0;
          for (const s of SHAPES) {
            if (!inside(s, x, y)) continue;
            const [sr, sg, sb, sa] = s.fill;
            cr = sr * sa + cr * (1 - sa);
            cg = sg * sa + cg * (1 - sa);
            cb = sb * sa + cb * (1 - sa);
            ca = sa + ca * (1 - sa);
          }
          r += cr;
          g += cg;
          b += cb;
          a += ca;
        }
      const o = (py * SIZE + px) * 4;
      const k = n * n;
      out[o] = a ? Math.round(r / a) : 0;
      out[o + 1] = a ? Math.round(g / a) : 0;
      out[o + 2] = a ? Math.round(b / a) : 0;
      out[o + 3] = Math.round((a / k) * 255);
    }
  return out;
}

/** A one-image ICO holding a 32-bit BMP (the format every browser and OS reads). */
function ico() {
  const rgba = pixels();
  const xorSize = SIZE * SIZE * 4;
  const andSize = SIZE * 4; // 1 bit per pixel (32 bits = 4 bytes a row): all zero, alpha decides
  const bmpSize = 40 + xorSize + andSize;
  const out = Buffer.alloc(6 + 16 + bmpSize);
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(1, 2); // icon
  out.writeUInt16LE(1, 4); // one image
  out.writeUInt8(SIZE, 6);
  out.writeUInt8(SIZE, 7);
  out.writeUInt8(0, 8);
  out.writeUInt8(0, 9);
  out.writeUInt16LE(1, 10); // planes
  out.writeUInt16LE(32, 12); // bits per pixel
  out.writeUInt32LE(bmpSize, 14);
  out.writeUInt32LE(22, 18);
  let o = 22;
  out.writeUInt32LE(40, o);
  out.writeInt32LE(SIZE, o + 4);
  out.writeInt32LE(SIZE * 2, o + 8); // XOR and AND masks
  out.writeUInt16LE(1, o + 12);
  out.writeUInt16LE(32, o + 14);
  out.writeUInt32LE(0, o + 16); // BI_RGB
  out.writeUInt32LE(xorSize + andSize, o + 20);
  o += 40;
  // bottom-up rows, BGRA
  for (let y = SIZE - 1; y >= 0; y--)
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      out[o++] = rgba[i + 2];
      out[o++] = rgba[i + 1];
      out[o++] = rgba[i];
      out[o++] = rgba[i + 3];
    }
  return out;
}

/** Webpack plugin: emits favicon.svg and favicon.ico into the app's output. */
class FaviconPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FaviconPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FaviconPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('favicon.svg', new RawSource(svg()));
          compilation.emitAsset('favicon.ico', new RawSource(ico()));
        },
      );
    });
  }
}

module.exports = { FaviconPlugin, svg, ico, pixels, SIZE };
