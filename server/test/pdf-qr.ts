/**
 * Reads the QR codes printed on a PDF the way a camera would see the sheet: the pages' filled
 * rectangles (pdfkit draws each QR module as one) are painted onto a bitmap, and ZXing (zxing-wasm,
 * the decoder the phone pages use) reads every code on it. Test-only.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')))
      .buffer,
  },
});

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Every deflated stream of the PDF, inflated (pages, fonts' ToUnicode maps), as latin1 text. */
export function inflatedStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (text.slice(Math.max(0, m.index - 3), m.index) === 'end') continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    re.lastIndex = end + 'endstream'.length;
    try {
      out.push(zlib.inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not deflated
    }
  }
  return out;
}

/**
 * The characters a PDF's embedded fonts can print, read from their ToUnicode maps (pdfkit writes one
 * per font subset): what a reader of the sheet sees, whatever the glyph ids. Test-only.
 */
export function printedCharacters(pdf: Buffer): Set<string> {
  const chars = new Set<string>();
  for (const s of inflatedStreams(pdf)) {
    if (!s.includes('beginbfrange') && !s.includes('beginbfchar')) continue;
    for (const m of s.matchAll(/<([0-9a-fA-F]{4})>/g))
      chars.add(String.fromCharCode(parseInt(m[1] ?? '0', 16)));
  }
  return chars;
}

/** Each page's content stream (deflated by pdfkit, the rectangles drawn), in order. */
function pageStreams(pdf: Buffer): string[] {
  return inflatedStreams(pdf).filter((content) => / re\n/.test(content));
}

/** The rectangles a content stream fills (strokes such as the cut lines are left out). */
function filledRects(content: string): Rect[] {
  const filled: Rect[] = [];
  let path: Rect[] = [];
  for (const line of content.split('\n')) {
    const r = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(line);
    if (r) path.push({ x: Number(r[1]), y: Number(r[2]), w: Number(r[3]), h: Number(r[4]) });
    else if (line === 'f' || line === 'f*') {
      filled.push(...path);
      path = [];
    } else if (/^(S|s|n|B|b|B\*|b\*)$/.test(line)) path = [];
  }
  return filled;
}

/** The texts of the QR codes on each page (A4, pdfkit's top-left coordinates), page by page. */
export async function decodePdfQrCodes(pdf: Buffer, pxPerPt = 3): Promise<string[][]> {
  const W = Math.ceil(595.28 * pxPerPt);
  const H = Math.ceil(841.89 * pxPerPt);
  const pages: string[][] = [];
  for (const content of pageStreams(pdf)) {
    const px = Buffer.alloc(W * H, 255);
    for (const r of filledRects(content)) {
      const x0 = Math.max(0, Math.round(r.x * pxPerPt));
      const x1 = Math.min(W, Math.round((r.x + r.w) * pxPerPt));
      const y0 = Math.max(0, Math.round(r.y * pxPerPt));
      const y1 = Math.min(H, Math.round((r.y + r.h) * pxPerPt));
      for (let y = y0; y < y1; y++) px.fill(0, y * W + x0, y * W + x1);
    }
    const png = await sharp(px, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
    const found = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], maxNumberOfSymbols: 20 });
    pages.push(found.filter((b) => b.isValid).map((b) => b.text));
  }
  return pages;
}
