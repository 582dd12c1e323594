import { CHAT_LIMITS } from '@lighting/shared/core';
import { distanceFromBottom, nearBottom } from './scroll';

describe('the history panel loads more within 100 px of its bottom', () => {
  const box = (scrollTop: number) => ({ scrollHeight: 1000, clientHeight: 400, scrollTop });
  it('measures the distance from the bottom', () => {
    expect(distanceFromBottom(box(0))).toBe(600);
    expect(distanceFromBottom(box(600))).toBe(0);
  });
  it('loads at 100 px and closer, not at 101 px', () => {
    expect(CHAT_LIMITS.historyThresholdPx).toBe(100);
    const at = (d: number) => nearBottom(box(600 - d), CHAT_LIMITS.historyThresholdPx);
    expect(at(101)).toBe(false);
    expect(at(100)).toBe(true);
    expect(at(99)).toBe(true);
    expect(at(0)).toBe(true);
  });
  it('a list shorter than its box is at its bottom (the first page does not fill it)', () => {
    expect(nearBottom({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 }, 100)).toBe(true);
  });
});
