import { UNDECODABLE, parseQueryString } from './querystring';
import { textProblem } from './text-rules';

describe('parseQueryString', () => {
  it('decodes escapes and +, and collects repeated keys', () => {
    expect({ ...parseQueryString('a=1&b=%E8%B7%AF%E7%81%AF&c=x+y&a=2&d') }).toEqual({
      a: ['1', '2'],
      b: '路灯',
      c: 'x y',
      d: '',
    });
  });
  it('marks a value that is not valid UTF-8, so the text rules refuse it', () => {
    for (const bad of ['%FF', '%E0%A4%A', '%ED%A0%80', 'abc%']) {
      const v = parseQueryString(`k=${bad}`).k as string;
      expect(v.startsWith(UNDECODABLE)).toBe(true);
      expect(textProblem(v, 'multi')).toMatch(/broken character/);
    }
  });
  it('cannot be polluted through __proto__', () => {
    const q = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
