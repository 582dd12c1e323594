import { ImageTooLarge } from '@lighting/shared/media';
import { preparePhotos } from './compress';

const file = (name: string, type = 'image/jpeg', size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('preparing picked photos', () => {
  let n = 0;
  const id = () => `p${++n}`;
  const shrink = (f: Blob) => Promise.resolve(new Blob([new Uint8Array(Math.ceil(f.size / 2))]));

  it('compresses each photo, up to the room left', async () => {
    const r = await preparePhotos([file('a.jpg', 'image/jpeg', 8), file('b.jpg')], 1, id, shrink);
    expect(r.added.map((p) => [p.name, p.blob.size])).toEqual([['a.jpg', 4]]);
    expect(r.refusal).toBe('tooManyPhotos');
  });

  it('refuses a photo over the limit with the spec’s message, never sending the original', async () => {
    const busy: number[] = [];
    const r = await preparePhotos(
      [file('huge.jpg'), file('ok.jpg')],
      3,
      id,
      (f) => ((f as File).name === 'huge.jpg' ? Promise.reject(new ImageTooLarge()) : shrink(f)),
      (d) => busy.push(d),
    );
    expect(r.added.map((p) => p.name)).toEqual(['ok.jpg']);
    expect(r.refusal).toBe('photoTooLarge');
    expect(busy.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('refuses what is not an image', async () => {
    const r = await preparePhotos([file('a.pdf', 'application/pdf')], 3, id, shrink);
    expect(r).toEqual({ added: [], refusal: 'notImage' });
  });
});
