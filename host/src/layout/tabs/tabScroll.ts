// The tags view keeps the shown tab in view (spec §4 tabs): the scroll position that reveals a tab
// inside the strip, moving as little as possible. Pure (positions in px along the strip).

export const TAB_SCROLL_MARGIN = 8;

/**
 * The strip's scrollLeft after revealing the tab at [`tabLeft`, `tabLeft + tabWidth`) (positions in
 * the strip's content), the strip showing [`scrollLeft`, `scrollLeft + viewWidth`) of
 * `contentWidth`. A tab wider than the strip shows from its start.
 */
export function revealScrollLeft(
  view: { scrollLeft: number; viewWidth: number; contentWidth: number },
  tab: { left: number; width: number },
  margin = TAB_SCROLL_MARGIN,
): number {
  const max = Math.max(0, view.contentWidth - view.viewWidth);
  const clamp = (x: number) => Math.min(max, Math.max(0, Math.round(x)));
  const start = tab.left - margin;
  const end = tab.left + tab.width + margin;
  if (start < view.scrollLeft || end - start > view.viewWidth) return clamp(start);
  if (end > view.scrollLeft + view.viewWidth) return clamp(end - view.viewWidth);
  return clamp(view.scrollLeft);
}
