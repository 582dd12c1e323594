import { createField } from './controls';
import { acceptsFile, checkUpload, uploadLimits } from './uploads';

describe('upload limits', () => {
  it('reads size, unit, count and accept with the spec defaults', () => {
    expect(uploadLimits(createField('uploadImg', 1))).toEqual({
      images: true,
      size: 2,
      unit: 'MB',
      maxBytes: 2 * 1024 * 1024,
      limit: 9,
      accept: 'image/*',
      uploadType: 'annexpic',
    });
    const f = { ...createField('uploadFile', 1), fileSize: 500, sizeUnit: 'KB', limit: 0, accept: '' };
    expect(uploadLimits(f)).toMatchObject({
      images: false,
      maxBytes: 500 * 1024,
      limit: 0,
      accept: '',
      uploadType: 'annex',
    });
    expect(uploadLimits({ ...f, fileSize: -1, sizeUnit: 'TB' })).toMatchObject({ size: 2, unit: 'MB' });
  });

  it('says why a file is refused, with the spec messages', () => {
    const img = uploadLimits({ ...createField('uploadImg', 1), limit: 2 });
    expect(checkUpload(img, { name: 'a.png', type: 'image/png', size: 10 }, 2)).toEqual({
      reason: 'count',
      message: '当前限制最多可以上传2张图片',
    });
    expect(checkUpload(img, { name: 'a.png', type: 'image/png', size: 3 * 1024 * 1024 }, 0)).toEqual({
      reason: 'size',
      message: '文件大小超过2MB',
    });
    expect(checkUpload(img, { name: 'a.pdf', type: 'application/pdf', size: 1 }, 0)?.reason).toBe('type');
    expect(checkUpload(img, { name: 'a.png', type: 'image/png', size: 2 * 1024 * 1024 }, 1)).toBeNull();
    const files = uploadLimits({ ...createField('uploadFile', 1), limit: 1 });
    expect(checkUpload(files, { name: 'x', type: '', size: 1 }, 1)?.message).toBe(
      '当前限制最多可以上传1个文件',
    );
  });

  it('matches accept lists by extension and MIME type', () => {
    expect(acceptsFile('.pdf, .DOCX', { name: 'A.docx', type: '' })).toBe(true);
    expect(acceptsFile('.pdf', { name: 'a.pdf.exe', type: '' })).toBe(false);
    expect(acceptsFile('image/*', { name: 'x', type: 'image/jpeg' })).toBe(true);
    expect(acceptsFile('application/pdf', { name: 'x', type: 'application/pdf' })).toBe(true);
    expect(acceptsFile('', { name: 'x', type: '' })).toBe(true);
  });
});
