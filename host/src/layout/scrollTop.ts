// History-mode navigation scrolls to the top (spec §2) in 800 ms (§9, SCROLL_TO_TOP_MS), eased
// in and out. `scrollAt` is the pure curve; `animateScrollTop` drives an element with it.

/** Ease-in-out (quadratic): the position at `elapsed` ms of a move from `from` to 0 in `duration` ms. */
export function scrollAt(from: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return 0;
  if (elapsed <= 0) return from;
  let t = elapsed / (duration / 2);
  const change = -from;
  if (t < 1) return from + (change / 2) * t * t;
  t -= 1;
  return from - (change / 2) * (t * (t - 2) - 1);
}

export interface Frames {
  request: (cb: (time: number) => void) => number;
  cancel: (id: number) => void;
  now: () => number;
}

const browserFrames = (): Frames => ({
  request: (cb) => window.requestAnimationFrame(cb),
  cancel: (id) => window.cancelAnimationFrame(id),
  now: () => performance.now(),
});

/** Scrolls `el` to the top over `duration` ms; returns a function that stops it. */
export function animateScrollTop(
  el: { scrollTop: number },
  duration: number,
  frames: Frames = browserFrames(),
): () => void {
  const from = el.scrollTop;
  if (from <= 0) return () => undefined;
  const start = frames.now();
  let id = 0;
  const step = () => {
    const elapsed = frames.now() - start;
    el.scrollTop = Math.round(scrollAt(from, elapsed, duration));
    if (elapsed < duration) id = frames.request(step);
  };
  id = frames.request(step);
  return () => frames.cancel(id);
}
