// Table columns that fit (pure): every header on one line, cells cut with an ellipsis (the full text
// in the title) at a column's width, and the table scrolling sideways when the columns are wider
// than its panel — so a narrow panel never squeezes a header to one character per line or lets one
// column's text run over the next.
import type { CSSProperties } from 'react';

interface FitColumn {
  width?: number;
  ellipsis?: boolean | { showTitle?: boolean };
  onHeaderCell?: unknown;
}

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** Headers that never wrap; the table's sideways scroll width is the sum of the column widths. */
export function fitColumns<C extends FitColumn>(
  columns: readonly C[],
): { columns: Array<C & { onHeaderCell: () => { style: CSSProperties } }>; scrollX: number } {
  const out = columns.map((c) => ({ ...c, onHeaderCell: () => ({ style: NOWRAP }) }));
  const scrollX = columns.reduce((n, c) => n + (c.width ?? 120), 0);
  return { columns: out, scrollX };
}
