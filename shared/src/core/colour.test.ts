import { THEME_COLOURS } from '../settings/settings';
import { contrast, readableShade } from './colour';

describe('readableShade', () => {
  it('keeps a colour that is readable on white', () => {
    expect(readableShade('#722ed1')).toBe('#722ed1');
    expect(readableShade('#211bce')).toBe('#211bce');
  });
  it('darkens the spec colours that are not, just enough, for text on white and white text on them', () => {
    for (const colour of Object.values(THEME_COLOURS)) {
      const shade = readableShade(colour);
      expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // only a colour that fails is darkened
      if (shade !== colour) expect(contrast(colour, '#ffffff')).toBeLessThan(4.5);
    }
    expect(contrast('#0ea5e9', '#ffffff')).toBeCloseTo(2.77, 2);
    expect(readableShade('#0ea5e9')).not.toBe('#0ea5e9');
  });
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
});
