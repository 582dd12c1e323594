// Columns that fit their panel (pure): a list is never wider than the panel it sits in, at 1366 px
// and in every language. Each column needs at least its header in the language shown (its width
// follows the language: 'Organization' needs more than '组织'), or the width the page gave it; when
// the panel cannot hold them all, the columns a page marked least important (highest `priority`)
// give way first; the room left goes to the text columns, whose cells end in an ellipsis with the
// whole text as their tooltip. Only when nothing more may give way does the table scroll sideways.
import { textWidth } from '../core/textWidth';

export interface FitColumnInput {
  key: string;
  /** the header as shown */
  title: string;
  /** a width the page fixed (actions, dates, switches): kept, widened only for a longer header */
  width?: number;
  /** at least this wide (px) */
  minWidth?: number;
  /** 1 (default) always shown; 2, 3 … given way first, highest first, when the panel is narrow */
  priority?: number;
}

export interface FitResult {
  /** the keys of the columns shown, in their order */
  shown: string[];
  /** each shown column's width (px) */
  widths: Record<string, number>;
  /** the table's width when it must scroll sideways still, else undefined */
  scrollX?: number;
}

/** Room a header takes besides its words: cell padding and a sort arrow. */
export const HEADER_CHROME = 40;
/** No column narrower than this. */
export const MIN_COLUMN = 64;

/** The width a column needs: its header in the language shown, and at least the width the page fixed. */
export function columnNeed(c: FitColumnInput, measure: (text: string) => number = textWidth): number {
  const header = measure(c.title) + HEADER_CHROME;
  if (c.width !== undefined) return Math.max(c.width, header);
  return Math.max(MIN_COLUMN, c.minWidth ?? 0, header);
}

export function fitColumns(
  columns: readonly FitColumnInput[],
  panelWidth: number,
  measure: (text: string) => number = textWidth,
): FitResult {
  const need = new Map(columns.map((c) => [c.key, columnNeed(c, measure)]));
  const total = (cs: readonly FitColumnInput[]) => cs.reduce((n, c) => n + need.get(c.key)!, 0);
  let shown = [...columns];
  // the least important give way first (the right-most of equals), never a priority-1 column
  while (panelWidth > 0 && total(shown) > panelWidth) {
    let drop = -1;
    shown.forEach((c, i) => {
      const p = c.priority ?? 1;
      if (p > 1 && (drop < 0 || p >= (shown[drop]!.priority ?? 1))) drop = i;
    });
    if (drop < 0) break;
    shown = shown.filter((_, i) => i !== drop);
  }
  const widths: Record<string, number> = {};
  for (const c of shown) widths[c.key] = need.get(c.key)!;
  const used = total(shown);
  if (panelWidth > 0 && used > panelWidth) return { shown: shown.map((c) => c.key), widths, scrollX: used };
  // the room left goes to the columns without a fixed width, in proportion to what they need
  const flexible = shown.filter((c) => c.width === undefined);
  const flexNeed = flexible.reduce((n, c) => n + need.get(c.key)!, 0);
  const spare = Math.max(0, panelWidth - used);
  if (flexNeed > 0 && spare > 0) {
    let given = 0;
    flexible.forEach((c, i) => {
      const share =
        i === flexible.length - 1 ? spare - given : Math.floor((spare * need.get(c.key)!) / flexNeed);
      given += share;
      widths[c.key] = need.get(c.key)! + share;
    });
  }
  return { shown: shown.map((c) => c.key), widths };
}
