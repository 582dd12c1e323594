import { KB, MB, compressionPlan, fitWithin } from './imageCompression';

describe('compressionPlan (spec §9)', () => {
  it('keeps images under 300 KB as they are', () => {
    expect(compressionPlan(0)).toEqual({ action: 'keep' });
    expect(compressionPlan(300 * KB - 1)).toEqual({ action: 'keep' });
  });
  it('re-encodes 300 KB–1 MB at 0.85 without scaling', () => {
    expect(compressionPlan(300 * KB)).toEqual({ action: 'encode', maxSide: null, quality: 0.85 });
    expect(compressionPlan(MB - 1)).toEqual({ action: 'encode', maxSide: null, quality: 0.85 });
  });
  it('scales 1–10 MB to 1600 px: 0.52 up to 5 MB, 0.92 over', () => {
    expect(compressionPlan(MB)).toEqual({ action: 'encode', maxSide: 1600, quality: 0.52 });
    expect(compressionPlan(5 * MB)).toEqual({ action: 'encode', maxSide: 1600, quality: 0.52 });
    expect(compressionPlan(5 * MB + 1)).toEqual({ action: 'encode', maxSide: 1600, quality: 0.92 });
    expect(compressionPlan(10 * MB - 1)).toEqual({ action: 'encode', maxSide: 1600, quality: 0.92 });
  });
  it('scales 10–20 MB to 1400 px and refuses more', () => {
    expect(compressionPlan(10 * MB)).toEqual({ action: 'encode', maxSide: 1400, quality: 0.92 });
    expect(compressionPlan(20 * MB)).toEqual({ action: 'encode', maxSide: 1400, quality: 0.92 });
    expect(compressionPlan(20 * MB + 1)).toEqual({ action: 'reject', reason: 'tooLarge' });
  });
});

describe('fitWithin', () => {
  it('scales the longer side down, keeping the ratio', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1400)).toEqual({ width: 1050, height: 1400 });
  });
  it('never enlarges, and leaves sizes alone without a limit', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(5000, 10, null)).toEqual({ width: 5000, height: 10 });
  });
});
