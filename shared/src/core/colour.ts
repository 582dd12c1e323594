// Colours that people can read (issue 17, WCAG 2.1 AA): text needs a contrast of 4.5:1 against
// its background. Several theme colours the spec fixes (blue #0ea5e9, ocean, green, yellow,
// orange, red) cannot reach that on white, nor can white text on them: they stay the colour of
// fills that carry no text (the settings' swatches, chart series, status dots), and text and
// controls carrying text use `readableShade`, the same hue darkened just enough. Pure.

/** Relative luminance of a #rrggbb colour (WCAG 2.1). */
export function luminance(hex: string): number {
  const n = parseInt(hex.replace('#', '').slice(0, 6), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Contrast ratio of two #rrggbb colours, 1–21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex2 = (v: number) => Math.round(v).toString(16).padStart(2, '0');

/**
 * `colour` darkened towards black in 1 % steps until it reaches `min` contrast against
 * `background` (4.5:1, AA for normal text; white text on it then reaches it too); `colour` itself
 * when it already does.
 */
export function readableShade(colour: string, background = '#ffffff', min = 4.5): string {
  const n = parseInt(colour.replace('#', '').slice(0, 6), 16);
  const rgb = [n >> 16, (n >> 8) & 255, n & 255];
  for (let k = 0; k <= 100; k++) {
    const shade = `#${rgb.map((c) => hex2((c * (100 - k)) / 100)).join('')}`;
    if (contrast(shade, background) >= min) return shade;
  }
  return '#000000';
}
