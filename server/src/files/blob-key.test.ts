import { BLOB_TYPES, BlobKeyError, blobKey, parseBlobKey } from './blob-key';

const NAME = '0123456789abcdef0123456789abcdef.png';

describe('blob keys', () => {
  it('are <type>/<generated name> for every known type', () => {
    for (const t of BLOB_TYPES) expect(blobKey(t, NAME)).toBe(`${t}/${NAME}`);
    expect(blobKey('citizen', '0123456789abcdef0123456789abcdef.jpg')).toBe(
      'citizen/0123456789abcdef0123456789abcdef.jpg',
    );
    expect(blobKey('annex', '0123456789abcdef0123456789abcdef')).toBe(
      'annex/0123456789abcdef0123456789abcdef',
    );
  });

  it.each([
    ['other', NAME],
    ['annex', '../' + NAME],
    ['annex', 'x.png'],
    ['annex', NAME + '/x'],
    ['annex', '.tmp-0123456789abcdef'],
    ['annex', '0123456789ABCDEF0123456789abcdef.png'],
    ['../annex', NAME],
    ['', NAME],
  ])('refuses %j / %j', (type, name) => {
    expect(() => blobKey(type, name)).toThrow(BlobKeyError);
    expect(parseBlobKey(`${type}/${name}`)).toBeNull();
  });

  it('reads a key back', () => {
    expect(parseBlobKey(`quill/${NAME}`)).toEqual({ key: `quill/${NAME}`, type: 'quill', name: NAME });
    expect(parseBlobKey(NAME)).toBeNull();
    expect(parseBlobKey(`quill/sub/${NAME}`)).toBeNull();
  });
});
