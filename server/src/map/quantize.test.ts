import { quantizePaths, quantizePoint, ringCentroid } from './quantize';

const q = { tolerance: 10, originX: 1000, originY: 5000 };

/** What the SDK does with the answer: first vertex absolute, then add the steps up. */
function decode(path: number[][]): number[][] {
  let x = 0;
  let y = 0;
  return path.map(([dx = 0, dy = 0], i) => {
    x = i === 0 ? dx : x + dx;
    y = i === 0 ? dy : y + dy;
    return [q.originX + x * q.tolerance, q.originY - y * q.tolerance];
  });
}

describe('quantization', () => {
  it('puts points in tolerance units from the upper-left corner, y downwards', () => {
    expect(quantizePoint(1000, 5000, q)).toEqual([0, 0]);
    expect(quantizePoint(1104, 4896, q)).toEqual([10, 10]);
  });

  it('delta-encodes paths and rings, leaving out zero steps, and decodes back to the grid', () => {
    const line = [
      [1000, 5000],
      [1003, 4999],
      [1100, 5000],
      [1100, 4800],
    ];
    const [enc] = quantizePaths([line], q, false);
    expect(enc).toEqual([
      [0, 0],
      [10, 0],
      [0, 20],
    ]);
    expect(decode(enc!)).toEqual([
      [1000, 5000],
      [1100, 5000],
      [1100, 4800],
    ]);
    const ring = [
      [1000, 5000],
      [1000, 4900],
      [1100, 4900],
      [1100, 5000],
      [1000, 5000],
    ];
    const [r] = quantizePaths([ring], q, true);
    expect(decode(r!)).toEqual(ring);
  });

  it('drops what is smaller than a pixel at that tolerance', () => {
    expect(
      quantizePaths(
        [
          [
            [1000, 5000],
            [1002, 5001],
          ],
        ],
        q,
        false,
      ),
    ).toEqual([]);
    const tiny = [
      [1000, 5000],
      [1000, 4998],
      [1002, 4998],
      [1000, 5000],
    ];
    expect(quantizePaths([tiny], q, true)).toEqual([]);
  });

  it('finds a ring centroid for labels', () => {
    expect(
      ringCentroid([
        [0, 0],
        [0, 10],
        [20, 10],
        [20, 0],
        [0, 0],
      ]),
    ).toEqual([10, 5]);
  });
});
