import {
  SendLimiter,
  cardKindOf,
  checkCardContent,
  checkImageContent,
  pairOf,
  previewOf,
  redactCard,
} from './rules';

const IMG = `/api/file/Image/IM/${'a'.repeat(32)}.png`;

describe('chat rules', () => {
  it('a pair is one conversation whichever side sends', () => {
    expect(pairOf('b', 'a')).toEqual(pairOf('a', 'b'));
    expect(pairOf('a', 'b')).toEqual({ userLow: 'a', userHigh: 'b' });
  });

  it('image content: our IM path, integer sides, nothing else', () => {
    expect(checkImageContent(JSON.stringify({ path: IMG, width: 10, height: 20 }))).toEqual({
      ok: true,
      image: { path: IMG, width: 10, height: 20 },
    });
    expect(checkImageContent(JSON.stringify({ path: IMG, thumbPath: IMG, width: 1, height: 1 })).ok).toBe(
      true,
    );
    const bad = (v: unknown) => {
      const r = checkImageContent(typeof v === 'string' ? v : JSON.stringify(v));
      return r.ok ? '' : r.msg;
    };
    expect(bad('nope')).toMatch(/^messageContent: /);
    expect(bad({ path: 'javascript:alert(1)', width: 1, height: 1 })).toMatch(/^messageContent.path: /);
    expect(bad({ path: IMG, thumbPath: 'http://x/y.png', width: 1, height: 1 })).toMatch(/thumbPath/);
    expect(bad({ path: IMG, width: 1.5, height: 1 })).toMatch(/^messageContent.width: /);
    expect(bad({ path: IMG, width: 1, height: 0 })).toMatch(/^messageContent.height: /);
    expect(bad({ path: IMG, width: 1, height: 1, base64: 'xx' })).toMatch(
      /^messageContent.base64: not allowed/,
    );
  });

  it('card content: an asset objectid, an order id or a fault id', () => {
    expect(checkCardContent('{"kind":"asset","id":"12"}')).toEqual({ ok: true, kind: 'asset', objectid: 12 });
    expect(checkCardContent('{"kind":"order","id":"o-1"}')).toEqual({ ok: true, kind: 'order', id: 'o-1' });
    expect(checkCardContent('{"kind":"fault","id":"f-1"}')).toEqual({ ok: true, kind: 'fault', id: 'f-1' });
    expect(checkCardContent('{"kind":"fault","id":""}')).toEqual({
      ok: false,
      msg: 'messageContent.id: must be a fault id',
    });
    expect(checkCardContent('{"kind":"user","id":"1"}')).toEqual({
      ok: false,
      msg: 'messageContent.kind: must be one of asset, order, fault',
    });
    expect(checkCardContent('{"kind":"asset","id":"x"}')).toMatchObject({ ok: false });
    expect(checkCardContent('{"kind":"asset","id":"1","code":"forged"}')).toMatchObject({ ok: false });
    expect(checkCardContent('[]')).toMatchObject({ ok: false });
  });

  it('a card for a reader without the map permission: kind, id and code, no status or title', () => {
    const stored = JSON.stringify({
      kind: 'asset',
      id: '7',
      code: 'SL-7',
      status: 'fault',
      title: '东城 长安街',
    });
    expect(JSON.parse(redactCard(stored))).toEqual({ kind: 'asset', id: '7', code: 'SL-7' });
    expect(redactCard('not json')).toBe('not json');
    expect(cardKindOf(stored)).toBe('asset');
    expect(cardKindOf('[]')).toBe('');
    expect(cardKindOf('x')).toBe('');
  });

  it('send limiter: a burst, then so many a second, per user', () => {
    let now = 0;
    const l = new SendLimiter(3, 2, () => now);
    expect([1, 2, 3, 4].map(() => l.take('u'))).toEqual([true, true, true, false]);
    expect(l.take('v')).toBe(true);
    now += 500;
    expect(l.take('u')).toBe(true);
    expect(l.take('u')).toBe(false);
    now += 10_000;
    expect([1, 2, 3, 4].map(() => l.take('u'))).toEqual([true, true, true, false]);
  });

  it('previews: text cut at 100, images and cards by a tag', () => {
    expect(previewOf('text', 'x'.repeat(120))).toHaveLength(101);
    expect(previewOf('image', '{}')).toBe('[图片]');
    expect(previewOf('card', '{"code":"SL-000001"}')).toBe('[SL-000001]');
  });
});
