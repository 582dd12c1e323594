// useEChart(ref, option): draws `option` into the element once the chart runtime has arrived.
// The runtime (~300 KB) is a separate chunk requested only after the widgets have painted
// (the first effect waits a frame and a task), so the dashboard's numbers come first. The chart
// follows the element's size (ResizeObserver) and is disposed on unmount.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChartOption } from './options';

type Runtime = typeof import('./echarts');
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

export function useEChart(ref: RefObject<HTMLElement | null>, option: ChartOption | null): ChartState {
  const chart = useRef<Chart | null>(null);
  const [state, setState] = useState<ChartState>('loading');

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
