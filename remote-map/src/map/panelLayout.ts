// Side panels beside the map (pure; issue 25 items 22, 29): a table never wider than its panel. Each
// column has a priority — the few an operator decides on (which asset, what fault, how urgent, the next
// action) are always shown; the rest join them, in priority order, only while they fit, and everything
// is in the row's detail drawer. A column is as wide as its own header in the language shown (or its
// content's minimum), so 'Create order' gets the room '创建维修工单' does not need. The panel's width
// is the operator's (a split they drag), kept between a floor that holds the always-shown columns and
// a ceiling that leaves the map usable.
import { textWidth } from '@lighting/shared/core';

/** A small antd table cell's horizontal padding (8 px each side) and its border. */
export const CELL_CHROME = 17;
/** A small link or primary button's own padding and border. */
export const BUTTON_CHROME = 16;

export interface PriorityColumn {
  key: string;
  /** 1 = always shown; 2, 3, … shown while they fit, lower numbers first */
  priority: number;
  /** the narrowest the column's cells may be (px, without the header) */
  minWidth: number;
  /** the header text in the language shown */
  header: string;
}

/** A column's width: its header on one line (bold 14 px, a little wider than the regular text) or its content's minimum. */
export function columnWidth(c: Pick<PriorityColumn, 'minWidth' | 'header'>): number {
  return Math.max(c.minWidth, Math.ceil(textWidth(c.header) * 1.08) + CELL_CHROME);
}

/** The width a button with the longest of `labels` takes in a cell. */
export function buttonColumnWidth(labels: readonly string[], fontSize = 14): number {
  return Math.max(0, ...labels.map((l) => textWidth(l, fontSize))) + BUTTON_CHROME + CELL_CHROME;
}

export interface FittedColumns {
  /** the keys shown, in the columns' own order */
  shown: string[];
  /** each shown column's width (px) */
  widths: Record<string, number>;
  /** the keys left to the detail drawer */
  hidden: string[];
  /** the shown columns' total width: never more than `available` unless the always-shown ones are wider */
  total: number;
}

/**
 * The columns that fit in `available` px: every priority-1 column, then the others by priority (ties
 * in the columns' order) while the total stays within `available`. A column that does not fit does
 * not stop a narrower one of a later priority.
 */
export function fitPriorityColumns(columns: readonly PriorityColumn[], available: number): FittedColumns {
  const widths: Record<string, number> = {};
  for (const c of columns) widths[c.key] = columnWidth(c);
  const keep = new Set<string>();
  let total = 0;
  for (const c of columns)
    if (c.priority <= 1) {
      keep.add(c.key);
      total += widths[c.key]!;
    }
  const rest = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.priority > 1)
    .sort((a, b) => a.c.priority - b.c.priority || a.i - b.i);
  for (const { c } of rest) {
    const w = widths[c.key]!;
    if (total + w <= available) {
      keep.add(c.key);
      total += w;
    }
  }
  const shown = columns.filter((c) => keep.has(c.key)).map((c) => c.key);
  return {
    shown,
    widths: Object.fromEntries(shown.map((k) => [k, widths[k]!])),
    hidden: columns.filter((c) => !keep.has(c.key)).map((c) => c.key),
    total,
  };
}

/** The narrowest panel that shows the always-shown columns (plus the panel's own padding). */
export function minPanelWidth(columns: readonly PriorityColumn[], padding: number): number {
  return columns.filter((c) => c.priority <= 1).reduce((n, c) => n + columnWidth(c), 0) + padding;
}

export interface SplitLimits {
  /** the panel's floor (px) */
  min: number;
  /** what the map keeps at least (px) */
  mapMin: number;
  /** the panel's share of the row when the operator has not chosen (0…1) */
  share: number;
}

/**
 * The panel's width in a row `total` px wide: the operator's choice (`wanted`, or the default share
 * when none), kept between the floor and what leaves the map its minimum. When the row is too narrow
 * for both, the panel keeps its floor (the map shrinks: the panel's columns are what an operator reads).
 */
export function splitWidth(total: number, wanted: number | null, limits: SplitLimits): number {
  const want = wanted ?? Math.round(total * limits.share);
  const max = Math.max(limits.min, total - limits.mapMin);
  return Math.round(Math.min(max, Math.max(limits.min, want)));
}

/** The layers card's width bounds (px): the floor is the Chinese card's, the ceiling leaves the map its room at 1366 px. */
export const LAYERS_CARD = { min: 248, max: 340 } as const;
/** Before a name in the layers card: the checkbox (16 px and 8 px padding each side of its label) and the swatch (up to 11 px, its border, 6 px gap). */
const CHECK_ROOM = 32 + 20;
/** The card's padding (12 px each side), its border and the gap between its two columns. */
const LAYERS_CHROME = 24 + 2 + 6;

/**
 * The layers card's width: the kinds and statuses in two columns with every name on one line (13 px),
 * within LAYERS_CARD. At 248 px English names took two lines each ('Courtyard lamp', 'Pending
 * upload') and the card grew past a 1366 × 768 screen, cutting off 'Pending labeling' and the legend.
 */
export function layersCardWidth(names: readonly string[]): number {
  const column = Math.max(0, ...names.map((n) => textWidth(n, 13))) + CHECK_ROOM;
  return Math.min(LAYERS_CARD.max, Math.max(LAYERS_CARD.min, 2 * column + LAYERS_CHROME));
}
