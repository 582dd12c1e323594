import { fromMenuRow, needsLinkTarget, needsProperty, needsUrl, toMenuBody } from './menuForm';

describe('menu form', () => {
  it('knows which fields each type needs', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(needsUrl)).toEqual([false, true, true, true, true, false, true]);
    expect([1, 2, 3, 4, 5, 6, 7].map(needsProperty)).toEqual([false, false, true, true, true, false, false]);
    expect([1, 2, 3, 4, 5, 6, 7].map(needsLinkTarget)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('builds a directory body without url, property or target', () => {
    expect(
      toMenuBody({ type: 1, fullName: ' 巡检 ', enCode: 'inspect', urlAddress: 'x', sortCode: null }),
    ).toEqual({
      parentId: '-1',
      type: 1,
      fullName: '巡检',
      enCode: 'inspect',
      icon: '',
      sortCode: 0,
      enabledMark: 1,
    });
  });

  it('puts moduleId and isTree into propertyJson for 3/4/5, the target for 7', () => {
    const f = toMenuBody({
      parentId: 'p',
      type: 3,
      fullName: 'F',
      enCode: 'f.a',
      urlAddress: 'a/b',
      moduleId: 'm1',
      isTree: true,
    });
    expect(f.propertyJson).toBe('{"moduleId":"m1","isTree":1}');
    expect(f.urlAddress).toBe('a/b');
    expect(f.parentId).toBe('p');
    const l = toMenuBody({
      type: 7,
      fullName: 'L',
      enCode: 'l',
      urlAddress: 'https://x',
      enabledMark: false,
    });
    expect(l).toMatchObject({ linkTarget: '_blank', enabledMark: 0, urlAddress: 'https://x' });
    expect(l.propertyJson).toBeUndefined();
  });

  it('reads a stored menu back, tolerating bad propertyJson', () => {
    expect(
      fromMenuRow({
        id: 'x',
        parentId: '-1',
        type: 4,
        fullName: 'D',
        enCode: 'd',
        propertyJson: '{"moduleId":"m","isTree":1}',
        linkTarget: null,
      }),
    ).toMatchObject({ parentId: null, moduleId: 'm', isTree: true, linkTarget: '_blank', enabledMark: true });
    expect(
      fromMenuRow({
        id: 'x',
        parentId: 'p',
        type: 3,
        fullName: 'D',
        enCode: 'd',
        propertyJson: '{bad',
        enabledMark: 0,
      }),
    ).toMatchObject({
      parentId: 'p',
      moduleId: '',
      isTree: false,
      enabledMark: false,
    });
  });
});
