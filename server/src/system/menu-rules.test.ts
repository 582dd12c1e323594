import { MESSAGES } from '@lighting/shared/core';
import { firstDuplicate, jnpfMenuFlags, menuProblem, menuValues, propertyJsonText } from './menu-rules';

describe('menu rules', () => {
  it('checks the enCode with the section 5 message', () => {
    expect(menuProblem({ type: 1, enCode: '.bad' })).toBe(`enCode: ${MESSAGES.enCode}`);
    expect(menuProblem({ type: 1, enCode: 'good.code' })).toBeNull();
  });

  it('needs an address for pages and links, propertyJson for 3/4/5/6, a known link target for 7', () => {
    expect(menuProblem({ type: 2, enCode: 'a' })).toBe('urlAddress: required');
    expect(menuProblem({ type: 2, enCode: 'a', urlAddress: 'system/x' })).toBeNull();
    expect(menuProblem({ type: 3, enCode: 'a', urlAddress: 'x', propertyJson: '{}' })).toBe(
      'propertyJson: moduleId required',
    );
    expect(menuProblem({ type: 4, enCode: 'a', urlAddress: 'x', propertyJson: '[' })).toBe(
      'propertyJson: must be a JSON object',
    );
    expect(
      menuProblem({ type: 5, enCode: 'a', urlAddress: 'x', propertyJson: '{"moduleId":"m","isTree":1}' }),
    ).toBeNull();
    expect(menuProblem({ type: 7, enCode: 'a', urlAddress: 'https://x', linkTarget: '_top' })).toBe(
      'linkTarget: must be one of _self, _blank',
    );
    expect(menuProblem({ type: 7, enCode: 'a', urlAddress: 'https://x', linkTarget: '_self' })).toBeNull();
  });

  it('stores only safe links: no javascript:, data: or other schemes, in any letter case', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      'vbscript:x',
    ])
      expect(menuProblem({ type: 7, enCode: 'a', urlAddress: url, linkTarget: '_self' })).toBe(
        `urlAddress: ${MESSAGES.safeLink}`,
      );
    expect(
      menuProblem({ type: 7, enCode: 'a', urlAddress: '/help/index.html', linkTarget: '_self' }),
    ).toBeNull();
    expect(menuProblem({ type: 7, enCode: 'a', urlAddress: 'mailto:ops@example.org' })).toBeNull();
    expect(menuProblem({ type: 2, enCode: 'a', urlAddress: 'javascript:alert(1)' })).toMatch(/^urlAddress: /);
    expect(
      menuProblem({ type: 3, enCode: 'a', urlAddress: 'data:x', propertyJson: '{"moduleId":"m"}' }),
    ).toMatch(/^urlAddress: /);
  });
});

describe('menuValues', () => {
  it('trims the name and a page address, keeps a directory address, defaults the rest', () => {
    expect(menuValues({ type: 2, enCode: 'a', fullName: ' 页 ', urlAddress: ' system/x ' }, 'p')).toEqual({
      parentId: 'p',
      type: 2,
      enCode: 'a',
      fullName: '页',
      icon: '',
      urlAddress: 'system/x',
      propertyJson: '{}',
      linkTarget: '',
      sortCode: 0,
      enabledMark: 1,
    });
    expect(menuValues({ type: 1, enCode: 'a', fullName: 'd', urlAddress: ' x ' }, null).urlAddress).toBe(
      ' x ',
    );
  });

  it('normalises propertyJson for types 3–6 and opens links in a new tab unless told', () => {
    const v = menuValues({ type: 3, enCode: 'a', fullName: 'f', propertyJson: '{ "moduleId": "m" }' }, null);
    expect(v.propertyJson).toBe('{"moduleId":"m"}');
    expect(menuValues({ type: 7, enCode: 'a', fullName: 'f' }, null).linkTarget).toBe('_blank');
    expect(menuValues({ type: 6, enCode: 'a', fullName: 'f', linkTarget: '_self' }, null).linkTarget).toBe(
      '_self',
    );
  });
});

describe('firstDuplicate', () => {
  it('finds the first code named twice', () => {
    expect(firstDuplicate(['a', 'b', 'c'])).toBeUndefined();
    expect(firstDuplicate(['a', 'b', 'b', 'a'])).toBe('b');
  });
});

describe('the JNPF 3.x menu form', () => {
  it('propertyJson: its object becomes our JSON text; ours passes as it is', () => {
    expect(propertyJsonText({ moduleId: 'vd-1', iconBackgroundColor: '', isTree: 0 })).toBe(
      '{"moduleId":"vd-1","iconBackgroundColor":"","isTree":0}',
    );
    expect(propertyJsonText('{"moduleId":"vd-1"}')).toBe('{"moduleId":"vd-1"}');
    expect(propertyJsonText(undefined)).toBeUndefined();
  });
  it('flags: pages (types 2–5) have button and column catalogues, the others none', () => {
    expect(jnpfMenuFlags(2)).toEqual({ category: 'Web', isButtonAuthorize: 1, isColumnAuthorize: 1 });
    expect(jnpfMenuFlags(5)).toEqual({ category: 'Web', isButtonAuthorize: 1, isColumnAuthorize: 1 });
    expect(jnpfMenuFlags(1)).toEqual({ category: 'Web', isButtonAuthorize: 0, isColumnAuthorize: 0 });
    expect(jnpfMenuFlags(7)).toEqual({ category: 'Web', isButtonAuthorize: 0, isColumnAuthorize: 0 });
  });
});
