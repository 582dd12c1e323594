/**
 * Printable QR plates: an A4 sheet (PDF) of 3 × 4 plates, each with the pole's signed QR code (error
 * correction M, drawn as vector squares, so it prints sharp at any size), the pole number and its road
 * under it, and the caption in the city's language first (扫码报修 · 服务热线) then in English, with
 * dashed cut lines. Chinese is set in Noto Sans SC (the package the map's label glyphs come from),
 * embedded as a subset of the characters printed; Latin in the PDF's built-in Helvetica.
 */
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const CJK_FONT = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
let cjkFont: Buffer | null = null;
/** The font file, read once when the first sheet is printed (10 MB; the PDF embeds a subset). */
const cjk = (): Buffer => (cjkFont ??= readFileSync(require.resolve(CJK_FONT)));

/** What a plate says under its code: the city's language first, then English. Pure. */
export function plateCaption(hotline: string): { local: string; en: string } {
  return {
    local: `扫码报修 · 服务热线 ${hotline}`,
    en: `SCAN TO REPORT A FAULT  ·  HOTLINE ${hotline}`,
  };
}

export interface Plate {
  code: string;
  road: string;
  url: string;
}

const COLS = 3;
const ROWS = 4;
export const PLATES_PER_PAGE = COLS * ROWS;

export function platesPdf(plates: readonly Plate[], hotline: string, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: title, Producer: 'lighting' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageW = 595.28;
  const pageH = 841.89;
  const margin = 28;
  const cellW = (pageW - 2 * margin) / COLS;
  const cellH = (pageH - 2 * margin) / ROWS;
  const caption = plateCaption(hotline);
  doc.registerFont('cjk', cjk());
  plates.forEach((p, i) => {
    const slot = i % PLATES_PER_PAGE;
    if (i > 0 && slot === 0) doc.addPage();
    const x0 = margin + (slot % COLS) * cellW;
    const y0 = margin + Math.floor(slot / COLS) * cellH;
    doc
      .save()
      .lineWidth(0.5)
      .dash(3, { space: 3 })
      .strokeColor('#999')
      .rect(x0, y0, cellW, cellH)
      .stroke()
      .restore();
    const qr = QRCode.create(p.url, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const quiet = 2;
    const side = Math.min(cellW, cellH) - 70;
    const unit = side / (n + 2 * quiet);
    const qx = x0 + (cellW - side) / 2;
    const qy = y0 + 14;
    doc.save().fillColor('#000');
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        if (qr.modules.get(r, c))
          doc.rect(qx + (c + quiet) * unit, qy + (r + quiet) * unit, unit + 0.02, unit + 0.02);
    doc.fill().restore();
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor('#000')
      .text(p.code, x0, qy + side + 4, { width: cellW, align: 'center' });
    // one line each, cut with an ellipsis (a long road name never runs into the caption)
    const line = (size: number) =>
      ({ width: cellW - 12, height: size * 1.3, align: 'center', ellipsis: true }) as const;
    doc
      .font('cjk')
      .fontSize(8)
      .fillColor('#333')
      .text(p.road, x0 + 6, qy + side + 24, line(8));
    doc
      .font('cjk')
      .fontSize(10)
      .fillColor('#000')
      .text(caption.local, x0 + 6, qy + side + 36, line(10));
    doc
      .font('Helvetica')
      .fontSize(6.5)
      .fillColor('#333')
      .text(caption.en, x0 + 6, qy + side + 52, line(6.5));
  });
  if (!plates.length) doc.font('Helvetica').fontSize(14).text('No poles selected.', margin, margin);
  doc.end();
  return done;
}
