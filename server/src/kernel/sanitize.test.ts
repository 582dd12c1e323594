import { plainText, sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps the editor formatting', () => {
    const html =
      '<h2>标题</h2><p class="ql-align-center">居中 <span class="ql-size-large">大字</span> <strong>粗</strong><em>斜</em><u>下</u><s>删</s></p><ol><li>一</li></ol><ul><li>二</li></ul><p>a<br />b</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });
  it('drops scripts, event handlers, styles and unknown classes', () => {
    const out = sanitizeRichText(
      '<p onclick="x()" style="color:red" class="evil ql-size-huge">t</p><script>alert(1)</script><img src="/api/file/Image/a.png" onerror="alert(1)"><iframe src="x"></iframe>',
    );
    expect(out).toBe('<p class="ql-size-huge">t</p><img src="/api/file/Image/a.png" />');
  });
  it('allows http(s)/mailto/tel links only, and images only from /api/file/', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;',
      '//evil.example/x',
      'vbscript:x',
    ])
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="tel:12345">x</a><a href="mailto:a@b.cn">y</a>')).toBe(
      '<a href="tel:12345">x</a><a href="mailto:a@b.cn">y</a>',
    );
    expect(
      sanitizeRichText(
        '<img src="data:image/png;base64,AAAA"><img src="https://evil/x.png"><img src="//evil/x.png">',
      ),
    ).toBe('');
  });
  it('plainText strips tags', () => {
    expect(plainText('<p>路灯&nbsp;<b>节能</b></p>\n<p>改造</p>')).toBe('路灯 节能 改造');
  });
});
