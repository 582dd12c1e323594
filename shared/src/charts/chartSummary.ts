// What a chart draws, as words (issue 17): a canvas holds no text a screen reader or a test can
// read, so the chart's element is an image named by its series, categories and parts. Pure.
import type { ChartOption } from './types';

type Loose = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const isObj = (v: unknown): v is Loose => !!v && typeof v === 'object' && !Array.isArray(v);

/** A category or a data item's name: a string, a number, or an object's `name` / `value`. */
function nameOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (isObj(v)) return typeof v.name === 'string' ? v.name : typeof v.value === 'string' ? v.value : '';
  return '';
}

/**
 * The names a chart shows: its series (with, for a pie, each part's name and value), its category
 * axes' labels and its legend's entries, each once, in the order drawn. `title` comes first.
 */
export function chartSummary(option: ChartOption | null, title = ''): string {
  if (!option) return title;
  const o = option as Loose;
  const words: string[] = [];
  const add = (w: string) => w && !words.includes(w) && words.push(w);
  for (const s of list(o.series).filter(isObj)) {
    add(typeof s.name === 'string' ? s.name : '');
    if (s.type === 'pie')
      for (const d of list(s.data).filter(isObj)) {
        const name = nameOf(d);
        add(name && typeof d.value === 'number' ? `${name} ${d.value}` : name);
      }
  }
  for (const axis of [...list(o.xAxis), ...list(o.yAxis)].filter(isObj))
    if (axis.type === 'category') list(axis.data).map(nameOf).forEach(add);
  for (const legend of list(o.legend).filter(isObj)) list(legend.data).map(nameOf).forEach(add);
  const body = words.join(', ');
  return title && body ? `${title}: ${body}` : title || body;
}
