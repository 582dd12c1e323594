import { fieldWidth, textWidth } from './textWidth';

describe('textWidth', () => {
  it('gives a Chinese character one em and Latin letters less', () => {
    expect(textWidth('搜索：导航菜单')).toBe(98);
    expect(textWidth('Search: navigation menu')).toBeGreaterThan(textWidth('搜索：导航菜单'));
    expect(textWidth('iiii')).toBeLessThan(textWidth('MMMM'));
  });

  it('widens a field to show its placeholder, never below the minimum', () => {
    expect(fieldWidth('搜索：导航菜单', 200, 60)).toBe(200);
    // what the navbar's 200 px box cut in English
    expect(fieldWidth('Search: navigation menu', 200, 60)).toBeGreaterThan(200);
    expect(fieldWidth('Choose the model to generate code for', 280, 40)).toBeGreaterThan(280);
  });
});
