// The spreadsheet writer, loaded by import() from ExportButton only when the user exports, so
// exceljs (about 1 MB) never loads with a page.
import ExcelJS from 'exceljs';

export async function writeWorkbook(title: string, rows: (string | number)[][]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.slice(0, 31) || 'Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  sheet.columns.forEach((c) => {
    let width = 8;
    c.eachCell?.({ includeEmpty: false }, (cell) => {
      width = Math.max(width, Math.min(60, String(cell.value ?? '').length * 2 + 2));
    });
    c.width = width;
  });
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
