import { fitBox, imageProblem, thumbSize } from './image';

describe('chat images', () => {
  it('images only, at most 5,242,880 bytes', () => {
    expect(imageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 5_242_880 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 5_242_881 })).toBe('imageTooLarge');
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('imageOnly');
    // the server keeps no BMP (its metadata cannot be stripped): not offered
    expect(imageProblem({ type: 'image/bmp', size: 10 })).toBe('imageOnly');
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe('imageOnly');
  });
  it('a thumbnail only when the image is big, never for a GIF', () => {
    expect(thumbSize(4000, 3000, 3_000_000, 'image/jpeg')).toEqual({ width: 240, height: 180 });
    expect(thumbSize(300, 1200, 90_000, 'image/png')).toEqual({ width: 60, height: 240 });
    expect(thumbSize(200, 100, 20_000, 'image/png')).toBeNull();
    expect(thumbSize(200, 100, 900_000, 'image/png')).toEqual({ width: 200, height: 100 });
    expect(thumbSize(4000, 3000, 3_000_000, 'image/gif')).toBeNull();
  });
  it('fits a bubble', () => {
    expect(fitBox(360, 90)).toEqual({ width: 180, height: 45 });
    expect(fitBox(50, 40)).toEqual({ width: 50, height: 40 });
  });
});
