// The columns of an administration table fitted to its panel (./fitColumns.ts), re-fitted when the
// panel resizes or the language changes: the effects around the pure rule.
import { useEffect, useMemo, useState } from 'react';
import type { TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { fitColumns, type FitColumnInput } from './fitColumns';

/** What a page may say of a column beyond antd's: how soon it gives way, how narrow it may get. */
export interface FitHints {
  /** 1 (default) always shown; 2, 3 … hidden first when the panel is narrow */
  priority?: number;
  minWidth?: number;
}

type Col<T> = TableColumnsType<T>[number] & FitHints;

const titleText = (c: { title?: unknown; key?: unknown }): string =>
  typeof c.title === 'string' ? c.title : String(c.key ?? '');

/** The panel's width (0 until measured). */
export function usePanelWidth(el: HTMLElement | null): number {
  const [w, setW] = useState(0);
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(() => setW(el.clientWidth));
    ro.observe(el);
    setW(el.clientWidth);
    return () => ro.disconnect();
  }, [el]);
  return w;
}

/**
 * `columns` fitted to `panelWidth`: widths set, the least important hidden when it is narrow, plain
 * text cells ending in an ellipsis with the whole text as their tooltip. `extra` is the width the
 * table spends outside its columns (selection checkboxes, the tree's expander).
 */
export function useFitColumns<T>(
  columns: readonly Col<T>[],
  panelWidth: number,
  extra = 0,
): { columns: TableColumnsType<T>; scrollX?: number } {
  return useMemo(() => {
    const inputs: FitColumnInput[] = columns.map((c, i) => ({
      key: String(c.key ?? i),
      title: titleText(c),
      ...(typeof c.width === 'number' ? { width: c.width } : {}),
      ...(c.minWidth !== undefined ? { minWidth: c.minWidth } : {}),
      ...(c.priority !== undefined ? { priority: c.priority } : {}),
    }));
    const fit = fitColumns(inputs, panelWidth > 0 ? Math.max(0, panelWidth - extra) : 0);
    const shown = new Set(fit.shown);
    const out = columns.flatMap((c, i): TableColumnsType<T> => {
      const key = String(c.key ?? i);
      if (panelWidth > 0 && !shown.has(key)) return [];
      const { priority: _p, minWidth: _m, ...col } = c;
      const plainText = 'dataIndex' in col && col.dataIndex !== undefined && !col.render;
      return [
        {
          ...col,
          ...(panelWidth > 0 && fit.widths[key] !== undefined ? { width: fit.widths[key] } : {}),
          ...(plainText && !col.ellipsis ? { ellipsis: { showTitle: true } } : {}),
        } as ColumnType<T>,
      ];
    });
    return { columns: out, ...(fit.scrollX !== undefined ? { scrollX: fit.scrollX + extra } : {}) };
  }, [columns, panelWidth, extra]);
}
