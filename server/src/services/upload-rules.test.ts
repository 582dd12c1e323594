import {
  checkImage,
  contentDisposition,
  extensionOf,
  isImageOnly,
  sizeLimit,
  sizeMessage,
  sniffImage,
  STORED_NAME,
} from './upload-rules';

const bytes = (...b: Array<number | string>): Buffer =>
  Buffer.concat(b.map((x) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from([x]))));

describe('upload rules', () => {
  it('sizes: 2 MB, IM 5 MB', () => {
    expect(sizeLimit('annex')).toBe(2 * 1024 * 1024);
    expect(sizeLimit('IM')).toBe(5 * 1024 * 1024);
    expect(sizeMessage(2 * 1024 * 1024)).toBe('文件大小超过2MB');
    expect(sizeMessage(500 * 1024)).toBe('文件大小超过500KB');
  });

  it('image-only types', () => {
    expect(['userAvatar', 'annexpic', 'quill', 'IM'].every((t) => isImageOnly(t as 'IM'))).toBe(true);
    expect(isImageOnly('annex')).toBe(false);
    expect(isImageOnly('workFlow')).toBe(false);
  });

  it('sniffs images by magic bytes', () => {
    expect(sniffImage(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(bytes('<svg>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('requires mime AND bytes to agree', () => {
    const jpg = bytes(0xff, 0xd8, 0xff, 0xe0);
    expect(checkImage('image/jpg', jpg)).toEqual({ ok: true, mime: 'image/jpeg', ext: 'jpg' });
    expect(checkImage('image/png', jpg).ok).toBe(false);
    expect(checkImage('text/plain', jpg).ok).toBe(false);
    expect(checkImage('image/svg+xml', bytes('<svg/>')).ok).toBe(false);
  });

  it('names and dispositions', () => {
    expect(extensionOf('报告.PDF')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('x.tar.gz')).toBe('gz');
    expect(STORED_NAME.test('0123456789abcdef0123456789abcdef.png')).toBe(true);
    expect(STORED_NAME.test('../0123456789abcdef0123456789abcdef.png')).toBe(false);
    expect(contentDisposition('巡检"报告".pdf')).toBe(
      `attachment; filename="______.pdf"; filename*=UTF-8''${encodeURIComponent('巡检"报告".pdf')}`,
    );
  });
});
