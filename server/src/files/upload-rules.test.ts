import {
  STORED_NAME,
  UPLOAD_LIMITS,
  checkImage,
  cleanOriginalName,
  contentDisposition,
  extensionOf,
  isImageOnly,
  mayReadFile,
  sizeLimit,
  sizeMessage,
  sniffFile,
  sniffImage,
  tooLargeMessage,
} from './upload-rules';

const bytes = (...b: Array<number | string>): Buffer =>
  Buffer.concat(b.map((x) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from([x]))));

describe('upload rules', () => {
  it('limits per type: avatars and editor images 2 MB, chat 5 MB, form images 10 MB, annexes 20 MB', () => {
    expect(sizeLimit('userAvatar')).toBe(2 * 1024 * 1024);
    expect(sizeLimit('quill')).toBe(2 * 1024 * 1024);
    expect(sizeLimit('IM')).toBe(5 * 1024 * 1024);
    expect(sizeLimit('annexpic')).toBe(10 * 1024 * 1024);
    expect(sizeLimit('annex')).toBe(20 * 1024 * 1024);
    expect(Object.keys(UPLOAD_LIMITS).sort()).toEqual(
      ['IM', 'annex', 'annexpic', 'quill', 'userAvatar', 'workFlow'].sort(),
    );
    expect(sizeMessage(2 * 1024 * 1024)).toBe('文件大小超过2MB');
    expect(sizeMessage(500 * 1024)).toBe('文件大小超过500KB');
    expect(tooLargeMessage('IM')).toBe('图片大小不能超过5M');
    expect(tooLargeMessage('annexpic')).toBe('文件大小超过10MB');
  });

  it('image-only types', () => {
    expect(['userAvatar', 'annexpic', 'quill', 'IM'].every((t) => isImageOnly(t as 'IM'))).toBe(true);
    expect(isImageOnly('annex')).toBe(false);
    expect(isImageOnly('workFlow')).toBe(false);
  });

  it('sniffs images by magic bytes; SVG and BMP are not images here', () => {
    expect(sniffImage(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(bytes('<svg>'))).toBeNull();
    expect(sniffImage(bytes('BM', ...new Array<number>(40).fill(0)))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('requires mime AND bytes to agree for image types', () => {
    const jpg = bytes(0xff, 0xd8, 0xff, 0xe0);
    expect(checkImage('image/jpg', jpg)).toEqual({ ok: true, mime: 'image/jpeg', ext: 'jpg' });
    expect(checkImage('image/png', jpg).ok).toBe(false);
    expect(checkImage('text/plain', jpg).ok).toBe(false);
    expect(checkImage('image/svg+xml', bytes('<svg/>')).ok).toBe(false);
  });

  it('tells a file by its content, whatever its name says', () => {
    expect(sniffFile(bytes('%PDF-1.7\n'), '报告.docx')).toEqual({
      kind: 'document',
      mime: 'application/pdf',
      ext: 'pdf',
    });
    const zip = bytes('PK', 3, 4, 20, 0);
    expect(sniffFile(zip, '台账.xlsx')?.ext).toBe('xlsx');
    expect(sniffFile(zip, 'evil.exe')?.ext).toBe('zip');
    expect(sniffFile(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), '旧.xls')?.ext).toBe('xls');
    expect(sniffFile(bytes('AC1032', 0, 0), '路灯.dwg')?.ext).toBe('dwg');
    expect(sniffFile(bytes('Rar!', 0x1a, 0x07, 0), 'a.rar')?.kind).toBe('archive');
    expect(sniffFile(bytes(0, 0, 0, 0x20, 'ftypisom'), 'v.mov')?.ext).toBe('mov');
    expect(sniffFile(Buffer.from('编号,名称\n1,路灯\n'), 'a.csv')).toEqual({
      kind: 'text',
      mime: 'text/plain',
      ext: 'csv',
    });
    expect(sniffFile(Buffer.from('plain words'), 'a.html')?.ext).toBe('txt');
    expect(sniffFile(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a), 'x.pdf')?.kind).toBe('image');
  });

  it('refuses executables, scripts, markup and unknown binaries', () => {
    expect(sniffFile(bytes('MZ', 0x90, 0), 'report.pdf')).toBeNull();
    expect(sniffFile(bytes(0x7f, 'ELF', 2, 1), 'a.txt')).toBeNull();
    expect(sniffFile(bytes(0xcf, 0xfa, 0xed, 0xfe), 'a.txt')).toBeNull();
    expect(sniffFile(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'a.txt')).toBeNull();
    expect(sniffFile(Buffer.from('<script>alert(1)</script>'), 'a.txt')).toBeNull();
    expect(sniffFile(Buffer.from('\ufeff  \n<svg onload=alert(1)>'), 'a.png')).toBeNull();
    expect(sniffFile(Buffer.from('<?xml version="1.0"?><a/>'), 'a.xml')).toBeNull();
    expect(sniffFile(bytes('abc', 0, 1, 2), 'a.bin')).toBeNull();
    expect(sniffFile(Buffer.alloc(0), 'a.txt')).toBeNull();
  });

  it('names and dispositions', () => {
    expect(extensionOf('报告.PDF')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('x.tar.gz')).toBe('gz');
    expect(STORED_NAME.test('0123456789abcdef0123456789abcdef.png')).toBe(true);
    for (const bad of [
      '../0123456789abcdef0123456789abcdef.png',
      '0123456789abcdef0123456789abcdef.png/..',
      '/etc/passwd',
      '0123456789abcdef0123456789abcdef\u0000.png',
      '\u2024\u2024/0123456789abcdef0123456789abcdef',
      '0123456789ABCDEF0123456789ABCDEF',
    ])
      expect(STORED_NAME.test(bad)).toBe(false);
    expect(cleanOriginalName('C:\\Users\\me\\巡检\u202e报告.pdf')).toBe('巡检报告.pdf');
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('\u0000')).toBe('file');
    expect(Array.from(cleanOriginalName('灯'.repeat(300)))).toHaveLength(255);
    expect(contentDisposition('巡检"报告".pdf')).toBe(
      `attachment; filename="______.pdf"; filename*=UTF-8''${encodeURIComponent('巡检"报告".pdf')}`,
    );
  });

  it('reads a file held by records only with one of those records’ permission; avatars to anyone', () => {
    const pic = { type: 'annexpic', ownerId: 'u-op' };
    const other = { id: 'u-mgr', isAdministrator: 0 };
    expect(mayReadFile({ type: 'userAvatar', ownerId: 'u-op' }, null, [])).toBe(true);
    expect(mayReadFile(pic, null, [])).toBe(false);
    expect(mayReadFile(pic, null, [true])).toBe(false);
    // the uploader and administrators always
    expect(mayReadFile(pic, { id: 'u-op', isAdministrator: 0 }, [false])).toBe(true);
    expect(mayReadFile(pic, { id: 'u-admin', isAdministrator: 1 }, [false])).toBe(true);
    // held by a record the user may not read, and by none they may
    expect(mayReadFile(pic, other, [false, null])).toBe(false);
    expect(mayReadFile(pic, other, [false, true])).toBe(true);
    // held by no record: any signed-in user
    expect(mayReadFile(pic, other, [null, null])).toBe(true);
    expect(mayReadFile(pic, other, [])).toBe(true);
  });
});
