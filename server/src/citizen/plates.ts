/**
 * Printable QR plates: an A4 sheet (PDF) of 3 × 4 plates, each with the pole's signed QR code (error
 * correction M, drawn as vector squares, so it prints sharp at any size), the pole number under it and
 * the hotline, with dashed cut lines. The text is Latin (the PDF's built-in Helvetica): the product
 * ships no CJK font for PDFs.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

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
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#333')
      .text(`SCAN TO REPORT A FAULT  ·  HOTLINE ${hotline}`, x0, qy + side + 26, {
        width: cellW,
        align: 'center',
      });
  });
  if (!plates.length) doc.font('Helvetica').fontSize(14).text('No poles selected.', margin, margin);
  doc.end();
  return done;
}
