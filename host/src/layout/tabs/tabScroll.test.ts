import { revealScrollLeft } from './tabScroll';

const view = { scrollLeft: 0, viewWidth: 500, contentWidth: 1500 };

describe('revealScrollLeft', () => {
  it('leaves a visible tab where it is', () => {
    expect(revealScrollLeft(view, { left: 100, width: 80 })).toBe(0);
    expect(revealScrollLeft({ ...view, scrollLeft: 300 }, { left: 400, width: 80 })).toBe(300);
  });
  it('scrolls right just enough for a tab past the right edge (a newly opened one)', () => {
    expect(revealScrollLeft(view, { left: 1400, width: 92 })).toBe(1000);
    expect(revealScrollLeft(view, { left: 480, width: 80 })).toBe(68);
  });
  it('scrolls left to a tab before the left edge', () => {
    expect(revealScrollLeft({ ...view, scrollLeft: 600 }, { left: 200, width: 80 })).toBe(192);
  });
  it('stays within the strip', () => {
    expect(revealScrollLeft({ ...view, scrollLeft: 100 }, { left: 2, width: 80 })).toBe(0);
    expect(revealScrollLeft({ ...view, contentWidth: 520 }, { left: 430, width: 86 })).toBe(20);
  });
  it('shows a tab wider than the strip from its start', () => {
    expect(revealScrollLeft(view, { left: 700, width: 600 })).toBe(692);
  });
});
