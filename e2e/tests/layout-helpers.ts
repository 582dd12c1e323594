// Layout checks by measuring element boxes in the page (never by comparing pixels), for any page:
//
//   const problems = await layoutProblems(page, { root: '[data-testid="map-fault"]' });
//   expect(problems).toEqual([]);
//
// A problem is one of:
// - `overflow`: a text runs past the box that holds it (its table cell, or its own element when
//   that clips or is a fixed-size control), e.g. an order number running over the next column;
// - `clipped`: a visible text or control is cut off by an ancestor that hides overflow (not one
//   that scrolls), e.g. buttons past the right edge of a panel;
// - `charPerLine`: a text of two or more characters broken into lines of about one character,
//   e.g. a table header squeezed to one character per line;
// - `spill` (with `spill: true`): a text runs past the box of an element that holds it though
//   nothing clips it, e.g. a number drawn over the next column of a grid (positioned boxes such as
//   badges and popups, inline elements and scrolling boxes are not boxes a text must stay in);
// - `placeholder` (with `fields: true`): a field's placeholder is wider than the field (an input's,
//   measured in its own font, or a select's cut with an ellipsis: a placeholder has no tooltip);
// - `sideways` (with `fields: true`): a table wider than its panel, scrolling sideways.
// Text shortened on purpose (text-overflow: ellipsis) and text inside a scrolling box are fine.
// Each problem names the element (tag, test id or class, its text) so a failure says where.
import type { Page } from '@playwright/test';

export type LayoutProblemKind = 'overflow' | 'clipped' | 'charPerLine' | 'spill' | 'placeholder' | 'sideways';

export interface LayoutProblem {
  kind: LayoutProblemKind;
  /** a short path to the element: `td.ant-table-cell > button[data-testid=order-dispatch]` */
  where: string;
  text: string;
  /** the text's box and the box it should stay in (px, viewport) */
  box: { left: number; right: number; top: number; bottom: number };
  limit: { left: number; right: number; top: number; bottom: number };
}

export interface LayoutOptions {
  /** only elements inside this selector (default: the whole page) */
  root?: string;
  /** elements (and their subtrees) left out, e.g. a map canvas that draws its own labels */
  ignore?: string[];
  /** px a text may pass its box before it counts (sub-pixel rounding) */
  tolerance?: number;
  /** also report `spill` (text past an unclipped box that holds it) */
  spill?: boolean;
  /** also report `placeholder` (cut placeholders) and `sideways` (tables scrolling sideways) */
  fields?: boolean;
}

/** Every layout problem on the page now (see the kinds above). */
export async function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<LayoutProblem[]> {
  return page.evaluate(
    ({ root, ignore, tolerance, spill, fields }) => {
      const problems: LayoutProblem[] = [];
      const rootEl = root ? document.querySelector(root) : document.body;
      if (!rootEl) throw new Error(`layoutProblems: no element matches ${root}`);
      const ignored = (el: Element) => ignore.some((sel) => el.closest(sel) !== null);
      const box = (r: DOMRect | { left: number; right: number; top: number; bottom: number }) => ({
        left: Math.round(r.left),
        right: Math.round(r.right),
        top: Math.round(r.top),
        bottom: Math.round(r.bottom),
      });
      const name = (el: Element): string => {
        const id = el.getAttribute('data-testid');
        const cls = [...el.classList].find((c) => c.startsWith('ant-') && !c.includes('css-')) ?? '';
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls ? `.${cls}` : ''}`;
      };
      const path = (el: Element): string => {
        const parts: string[] = [];
        for (let e: Element | null = el; e && e !== rootEl && parts.length < 3; e = e.parentElement)
          parts.unshift(name(e));
        return parts.join(' > ');
      };
      const visible = (el: Element): boolean => {
        const s = getComputedStyle(el);
        if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      };
      const hidesOverflow = (s: CSSStyleDeclaration) =>
        ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY);
      const scrolls = (s: CSSStyleDeclaration) =>
        ['auto', 'scroll'].includes(s.overflowX) || ['auto', 'scroll'].includes(s.overflowY);
      /** Shortened on purpose: the element or a close ancestor cuts with an ellipsis. */
      const ellipsis = (el: Element): boolean => {
        for (let e: Element | null = el, i = 0; e && i < 4; e = e.parentElement, i++)
          if (getComputedStyle(e).textOverflow === 'ellipsis') return true;
        return false;
      };
      /** The box a text must stay in: the nearest table cell, clipping box or control. */
      const holder = (el: Element): Element => {
        for (let e: Element | null = el; e && e !== rootEl; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (e.tagName === 'TD' || e.tagName === 'TH' || hidesOverflow(s) || scrolls(s)) return e;
          if (e.tagName === 'BUTTON' || e.getAttribute('role') === 'button') return e;
        }
        return el;
      };
      /** The nearest ancestor that hides (not scrolls) overflow, with nothing scrolling between. */
      const clipper = (el: Element): Element | null => {
        for (let e = el.parentElement; e && e !== document.documentElement; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (scrolls(s)) return null;
          if (hidesOverflow(s)) return e;
        }
        return null;
      };

      const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = (n.textContent ?? '').trim();
        const el = n.parentElement;
        if (!text || !el || seen.has(el) || ignored(el) || !visible(el)) continue;
        seen.add(el);
        const range = document.createRange();
        range.selectNodeContents(n);
        const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (!lines.length) continue;
        const tb = {
          left: Math.min(...lines.map((r) => r.left)),
          right: Math.max(...lines.map((r) => r.right)),
          top: Math.min(...lines.map((r) => r.top)),
          bottom: Math.max(...lines.map((r) => r.bottom)),
        };
        const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
        // one character per line: several lines, about a character each
        const chars = [...text.replace(/\s+/g, '')].length;
        const tops = new Set(lines.map((r) => Math.round(r.top)));
        if (chars >= 2 && tops.size >= 2 && chars / tops.size < 1.6)
          problems.push({ kind: 'charPerLine', where: path(el), text: short, box: box(tb), limit: box(tb) });
        if (ellipsis(el)) continue;
        const h = holder(el);
        const hb = h.getBoundingClientRect();
        if (tb.right > hb.right + tolerance || tb.left < hb.left - tolerance) {
          const hs = getComputedStyle(h);
          // text that scrolls inside its box is reachable, not broken
          if (!(h !== el && scrolls(hs)))
            problems.push({ kind: 'overflow', where: path(el), text: short, box: box(tb), limit: box(hb) });
          continue;
        }
        if (spill) {
          // the boxes between the text and its holder: the first one it runs out of
          const stop = h === el ? rootEl : h;
          for (let e: Element | null = el; e && e !== stop; e = e.parentElement) {
            const s = getComputedStyle(e);
            if (s.position === 'absolute' || s.position === 'fixed') break;
            if (s.display === 'inline' || s.display === 'contents') continue;
            const eb = e.getBoundingClientRect();
            if (tb.right > eb.right + tolerance || tb.left < eb.left - tolerance) {
              problems.push({ kind: 'spill', where: path(e), text: short, box: box(tb), limit: box(eb) });
              break;
            }
          }
        }
        const c = clipper(el);
        if (c && !ignored(c)) {
          const cb = c.getBoundingClientRect();
          if (tb.right > cb.right + tolerance || tb.left < cb.left - tolerance)
            problems.push({ kind: 'clipped', where: path(el), text: short, box: box(tb), limit: box(cb) });
        }
      }
      // controls without text of their own (a select's box, an icon button) cut off by a clipping box
      for (const el of rootEl.querySelectorAll('button, .ant-select, input')) {
        if (ignored(el) || !visible(el)) continue;
        const c = clipper(el);
        if (!c) continue;
        const r = el.getBoundingClientRect();
        const cb = c.getBoundingClientRect();
        if (r.right > cb.right + tolerance || r.left < cb.left - tolerance)
          problems.push({
            kind: 'clipped',
            where: path(el),
            text: (el.textContent ?? '').trim().slice(0, 40),
            box: box(r),
            limit: box(cb),
          });
      }
      if (fields) {
        const ctx = document.createElement('canvas').getContext('2d')!;
        for (const el of rootEl.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
          'input[placeholder], textarea[placeholder]',
        )) {
          if (ignored(el) || !visible(el) || el.value || !el.placeholder) continue;
          const s = getComputedStyle(el);
          ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
          const need = ctx.measureText(el.placeholder).width;
          const r = el.getBoundingClientRect();
          const have = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
          if (need > have + tolerance)
            problems.push({
              kind: 'placeholder',
              where: path(el),
              text: el.placeholder.slice(0, 40),
              box: box({ left: r.left, right: r.left + need, top: r.top, bottom: r.bottom }),
              limit: box(r),
            });
        }
        for (const el of rootEl.querySelectorAll(
          '.ant-select-selection-placeholder, .ant-select-placeholder',
        )) {
          if (ignored(el) || !visible(el)) continue;
          if (el.scrollWidth > el.clientWidth + tolerance)
            problems.push({
              kind: 'placeholder',
              where: path(el),
              text: (el.textContent ?? '').slice(0, 40),
              box: box(el.getBoundingClientRect()),
              limit: box(el.getBoundingClientRect()),
            });
        }
        for (const el of rootEl.querySelectorAll('.ant-table-content, .ant-table-body')) {
          if (ignored(el) || !visible(el)) continue;
          if (el.scrollWidth > el.clientWidth + tolerance)
            problems.push({
              kind: 'sideways',
              where: path(el.closest('.ant-table-wrapper') ?? el),
              text: `${el.scrollWidth} px in ${el.clientWidth} px`,
              box: box(el.getBoundingClientRect()),
              limit: box(el.getBoundingClientRect()),
            });
        }
      }
      return problems;
    },
    {
      root: options.root ?? '',
      ignore: options.ignore ?? [],
      tolerance: options.tolerance ?? 1,
      spill: options.spill ?? false,
      fields: options.fields ?? false,
    },
  );
}

/** The viewports the layout checks run at (laptop, common desktop, full HD). */
export const LAYOUT_VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
