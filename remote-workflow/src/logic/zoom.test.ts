import { ZOOM_MAX, ZOOM_MIN, clampZoom, fitZoom, zoomIn, zoomOut } from './zoom';

describe('zoom', () => {
  it('steps by 10 within 50–200', () => {
    expect(zoomIn(100)).toBe(110);
    expect(zoomOut(100)).toBe(90);
    expect(zoomIn(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(zoomOut(ZOOM_MIN)).toBe(ZOOM_MIN);
  });
  it('rounds odd values to a step and treats nonsense as 100', () => {
    expect(clampZoom(104)).toBe(100);
    expect(clampZoom(Number.NaN)).toBe(100);
    expect(clampZoom(1000)).toBe(ZOOM_MAX);
  });
  it('fits a wide drawing without going above 100 or below the minimum', () => {
    expect(fitZoom(800, 1000)).toBe(100);
    expect(fitZoom(2000, 1000)).toBe(50);
    expect(fitZoom(1300, 1000)).toBe(70);
    expect(fitZoom(10000, 1000)).toBe(ZOOM_MIN);
    expect(fitZoom(0, 1000)).toBe(100);
  });
});
