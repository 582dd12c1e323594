import { menuIconKey } from './menuIcons';

describe('menuIconKey', () => {
  it('names the seeded sections differently (no two sections alike)', () => {
    const sections = [
      'icon-ym icon-ym-onlineDev',
      'icon-ym icon-ym-workFlow',
      'icon-ym icon-ym-chat',
      'icon-ym icon-ym-permission',
      'icon-ym icon-ym-system',
      'icon-ym icon-ym-systemData',
      'icon-ym icon-ym-map',
      'icon-ym icon-ym-wechat',
    ].map(menuIconKey);
    expect(new Set(sections).size).toBe(sections.length);
    expect(sections).not.toContain('section');
  });
  it('reads the name wherever the class sits', () => {
    expect(menuIconKey('icon-ym-map')).toBe('map');
    expect(menuIconKey('foo icon-ym icon-ym-screen')).toBe('screen');
  });
  it('places unlisted names by family', () => {
    expect(menuIconKey('icon-ym icon-ym-flowTodo')).toBe('flow');
    expect(menuIconKey('icon-ym icon-ym-generator-qrcode')).toBe('form');
    expect(menuIconKey('icon-ym icon-ym-sysLog')).toBe('setting');
    expect(menuIconKey('icon-ym icon-ym-tree-user2')).toBe('team');
  });
  it('falls back to a generic section icon', () => {
    expect(menuIconKey('')).toBe('section');
    expect(menuIconKey(undefined)).toBe('section');
    expect(menuIconKey('el-icon-star-on')).toBe('section');
    expect(menuIconKey('icon-ym icon-ym-unheardOf')).toBe('section');
  });
});
