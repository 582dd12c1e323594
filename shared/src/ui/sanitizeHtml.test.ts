/**
 * @jest-environment jsdom
 */
import { sanitizeHtml } from './sanitizeHtml';

describe('HTML is sanitised again on display', () => {
  it('keeps formatting, editor size classes, links and our images', async () => {
    const html = await sanitizeHtml(
      '<h2>停电通知</h2><p><b>明晚</b> <a href="https://x.cn/a">详情</a><span class="ql-size-large">大</span><strong>s</strong><img src="/api/file/a.png"></p>',
    );
    expect(html).toContain('<h2>停电通知</h2>');
    expect(html).toContain('<b>明晚</b>');
    expect(html).toContain('href="https://x.cn/a"');
    expect(html).toContain('src="/api/file/a.png"');
    expect(html).toContain('<span class="ql-size-large">大</span><strong>s</strong>');
  });
  it('opens links in a new tab without opener', async () => {
    const out = await sanitizeHtml('<a href="https://example.org/a">a</a>');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });
  it('drops scripts, handlers, frames, forms, styles and javascript: links', async () => {
    const html = await sanitizeHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><iframe src="//e"></iframe>' +
        '<form><input></form><a href="javascript:alert(1)">b</a><img src=x onerror="alert(1)">',
    );
    expect(html).not.toMatch(/script|onclick|onerror|iframe|<form|<input|style=|javascript:/i);
    expect(html).toContain('<p>a</p>');
  });
  it('empty input gives an empty string', async () => {
    expect(await sanitizeHtml(null)).toBe('');
    expect(await sanitizeHtml('')).toBe('');
  });
});
