import {
  takeToken,
  bucketLifeMs,
  type Bucket,
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

  it('send bucket: a burst, then so many a second; never refilled backwards', () => {
    let b: Bucket | undefined;
    const take = (now: number) => {
      const r = takeToken(b, now, 3, 2);
      b = r.next;
      return r.ok;
    };
    expect([0, 0, 0, 0].map(take)).toEqual([true, true, true, false]);
    expect(take(500)).toBe(true);
    expect(take(500)).toBe(false);
    // another instance's clock a second behind: no refill, and no debt either
    expect(take(-500)).toBe(false);
    expect(b?.at).toBe(500);
    expect([10_500, 10_500, 10_500, 10_500].map(take)).toEqual([true, true, true, false]);
    expect(takeToken(undefined, 7, 3, 2)).toEqual({ ok: true, next: { tokens: 2, at: 7 } });
    expect(bucketLifeMs(3, 2)).toBe(2500);
  });

  it('previews: text cut at 100, images and cards by a tag', () => {
    expect(previewOf('text', 'x'.repeat(120))).toHaveLength(101);
    expect(previewOf('image', '{}')).toBe('[图片]');
    expect(previewOf('card', '{"code":"SL-000001"}')).toBe('[SL-000001]');
  });
});
