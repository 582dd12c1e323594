import { SCROLL_TO_TOP_MS } from '@lighting/shared';
import { animateScrollTop, scrollAt, type Frames } from './scrollTop';

describe('scrollAt', () => {
  it('starts at the position, ends at the top, eases in and out', () => {
    expect(scrollAt(1000, 0, 800)).toBe(1000);
    expect(scrollAt(1000, 400, 800)).toBe(500);
    expect(scrollAt(1000, 800, 800)).toBe(0);
    expect(scrollAt(1000, 900, 800)).toBe(0);
    // slow at both ends: the first and last tenth move less than a tenth of the way
    expect(1000 - scrollAt(1000, 80, 800)).toBeLessThan(100);
    expect(scrollAt(1000, 720, 800)).toBeLessThan(100);
    for (let t = 0; t < 800; t += 50)
      expect(scrollAt(1000, t + 50, 800)).toBeLessThanOrEqual(scrollAt(1000, t, 800));
  });

  it('jumps when there is no duration', () => {
    expect(scrollAt(300, 0, 0)).toBe(0);
  });
});

describe('animateScrollTop', () => {
  const fakeFrames = () => {
    let time = 0;
    const queue: Array<(t: number) => void> = [];
    const frames: Frames = {
      request: (cb) => queue.push(cb),
      cancel: () => queue.splice(0),
      now: () => time,
    };
    const advance = (ms: number) => {
      time += ms;
      const cb = queue.shift();
      cb?.(time);
    };
    return { frames, advance, pending: () => queue.length };
  };

  it('reaches the top in the spec time (800 ms) and stops asking for frames', () => {
    const el = { scrollTop: 2000 };
    const f = fakeFrames();
    animateScrollTop(el, SCROLL_TO_TOP_MS, f.frames);
    f.advance(400);
    expect(el.scrollTop).toBe(1000);
    f.advance(300);
    expect(el.scrollTop).toBeGreaterThan(0);
    f.advance(100);
    expect(el.scrollTop).toBe(0);
    expect(f.pending()).toBe(0);
  });

  it('does nothing at the top, and can be stopped', () => {
    const f = fakeFrames();
    animateScrollTop({ scrollTop: 0 }, 800, f.frames);
    expect(f.pending()).toBe(0);
    const el = { scrollTop: 500 };
    const stop = animateScrollTop(el, 800, f.frames);
    stop();
    f.advance(800);
    expect(el.scrollTop).toBe(500);
  });
});
