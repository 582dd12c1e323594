import { checkEditorImage, EDITOR_IMAGE_TOO_LARGE, withApiPrefix } from './upload';

describe('editor image upload', () => {
  it('accepts images under 2 MB', () => {
    expect(checkEditorImage({ type: 'image/png', size: 2 * 1024 * 1024 - 1 })).toBeNull();
  });
  it('refuses 2 MB and over with the spec message', () => {
    expect(checkEditorImage({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBe(EDITOR_IMAGE_TOO_LARGE);
    expect(EDITOR_IMAGE_TOO_LARGE).toBe('文件大小超过 2MB');
  });
  it('refuses non-images', () => {
    expect(checkEditorImage({ type: 'application/pdf', size: 10 })).not.toBeNull();
  });
  it('prefixes /api once', () => {
    expect(withApiPrefix('/file/Image/quill/a.png')).toBe('/api/file/Image/quill/a.png');
    expect(withApiPrefix('file/x')).toBe('/api/file/x');
    expect(withApiPrefix('/api/file/x')).toBe('/api/file/x');
    expect(withApiPrefix('https://h/x.png')).toBe('https://h/x.png');
  });
});
