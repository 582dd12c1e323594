import fs from 'node:fs';
import path from 'node:path';
import { emojiOf, insertAt, isBlank, segments } from './codec';
import { EMOJI } from './table';

describe('emoji table', () => {
  it('has about 120 entries, each code and image once', () => {
    expect(EMOJI.length).toBeGreaterThanOrEqual(110);
    expect(EMOJI.length).toBeLessThanOrEqual(130);
    expect(new Set(EMOJI.map((e) => e.code)).size).toBe(EMOJI.length);
    expect(new Set(EMOJI.map((e) => e.file)).size).toBe(EMOJI.length);
    expect(emojiOf('[微笑]')?.file).toBe('1f642');
  });
  it('every image is in the package and in urls.ts (served by us)', () => {
    const dir = path.dirname(require.resolve('@twemoji/svg/package.json'));
    const urls = fs.readFileSync(path.join(__dirname, 'urls.ts'), 'utf8');
    for (const e of EMOJI) {
      expect(fs.existsSync(path.join(dir, `${e.file}.svg`))).toBe(true);
      expect(urls).toContain(`'@twemoji/svg/${e.file}.svg'`);
    }
  });
});

describe('emoji codec', () => {
  it('turns only known codes into emoji, the rest stays text as typed', () => {
    expect(segments('好的[微笑]收到')).toEqual([
      { kind: 'text', text: '好的' },
      { kind: 'emoji', emoji: emojiOf('[微笑]') },
      { kind: 'text', text: '收到' },
    ]);
    expect(segments('[不存在] [ ] [[微笑]]').map((s) => (s.kind === 'text' ? s.text : s.emoji.code))).toEqual(
      ['[不存在] [ ] [', '[微笑]', ']'],
    );
    expect(segments('')).toEqual([]);
  });
  it('joining the segments gives the text back (nothing lost, nothing added)', () => {
    for (const t of ['a[微笑][强]b', '[OK]', '[ok]', 'x[', '<img src=x onerror=alert(1)>[灯泡]', '[[[]]]']) {
      expect(
        segments(t)
          .map((s) => (s.kind === 'text' ? s.text : s.emoji.code))
          .join(''),
      ).toBe(t);
    }
  });
  it('markup is never interpreted: it is a text segment', () => {
    expect(segments('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
  it('inserts at the caret, replacing a selection', () => {
    expect(insertAt('ab', 1, 1, '[强]')).toEqual({ text: 'a[强]b', caret: 4 });
    expect(insertAt('abc', 0, 3, '[强]')).toEqual({ text: '[强]', caret: 3 });
    expect(insertAt('ab', 9, 9, '[强]')).toEqual({ text: 'ab[强]', caret: 5 });
  });
  it('a blank text is not sent', () => {
    expect(isBlank('  \n ')).toBe(true);
    expect(isBlank(' [微笑] ')).toBe(false);
  });
});
