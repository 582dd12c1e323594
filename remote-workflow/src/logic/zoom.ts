// The designer's and the flow chart's zoom: steps of 10 % between 50 % and 200 %, and the scale
// that fits a drawing into its box (never above 100 %). Pure.

export const ZOOM_MIN = 50;
export const ZOOM_MAX = 200;
export const ZOOM_STEP = 10;

export function clampZoom(percent: number): number {
  if (!Number.isFinite(percent)) return 100;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(percent / ZOOM_STEP) * ZOOM_STEP));
}

export const zoomIn = (p: number): number => clampZoom(p + ZOOM_STEP);
export const zoomOut = (p: number): number => clampZoom(p - ZOOM_STEP);

/** The largest step at which a `content` wide drawing fits in `box` px, at most 100 %. */
export function fitZoom(content: number, box: number): number {
  if (!(content > 0) || !(box > 0) || content <= box) return 100;
  const exact = (box / content) * 100;
  return Math.max(ZOOM_MIN, Math.floor(exact / ZOOM_STEP) * ZOOM_STEP);
}
