// useEChart(ref, option): draws `option` into the element once the chart runtime has arrived.
// The runtime (~300 KB; chunk name kept from the dashboard, e2e/tests/shell-home.spec.ts) is a separate chunk requested only after the widgets have painted
// (the first effect waits a frame and a task), so a page's numbers come first. The chart
// follows the element's size (ResizeObserver) and is disposed on unmount.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChartOption } from './types';
// a namespace type import, not `typeof import('./echarts')`: API Extractor (scripts/contract.mjs)
// cannot analyse an import type of a whole module
import type * as EChartsRuntime from './echarts';

type Runtime = typeof EChartsRuntime;
type Chart = ReturnType<Runtime['init']>;

let runtime: Promise<Runtime> | null = null;

/** Loads the chart chunk once for the whole page, after the next paint. */
export function loadChartRuntime(): Promise<Runtime> {
  runtime ??= new Promise<void>((resolve) => {
    const afterPaint = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterPaint);
    else afterPaint();
  })
    .then(() => import(/* webpackChunkName: "home-charts" */ './echarts'))
    .catch((e: unknown) => {
      runtime = null; // a failed chunk load can be retried on the next mount
      throw e;
    });
  return runtime;
}

export type ChartState = 'loading' | 'ready' | 'error';

/** What a click on a chart element reports (series and data item names, the data index). */
export interface ChartClick {
  name: string;
  seriesName?: string;
  dataIndex: number;
}

export function useEChart(
  ref: RefObject<HTMLElement | null>,
  option: ChartOption | null,
  onClick?: (e: ChartClick) => void,
): ChartState {
  const chart = useRef<Chart | null>(null);
  const [state, setState] = useState<ChartState>('loading');
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadChartRuntime().then(
      (rt) => {
        if (cancelled) return;
        const c = rt.init(el, undefined, { renderer: 'canvas' });
        chart.current = c;
        c.on('click', (p) => {
          const e = p as { name?: unknown; seriesName?: unknown; dataIndex?: unknown };
          click.current?.({
            name: String(e.name ?? ''),
            ...(typeof e.seriesName === 'string' ? { seriesName: e.seriesName } : {}),
            dataIndex: typeof e.dataIndex === 'number' ? e.dataIndex : -1,
          });
        });
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => c.resize());
          observer.observe(el);
        }
        setState('ready');
      },
      () => !cancelled && setState('error'),
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [ref]);

  useEffect(() => {
    if (state === 'ready' && option) chart.current?.setOption(option, { notMerge: true });
  }, [state, option]);

  return state;
}
