import { MESSAGES } from '@lighting/shared/core';
import { menuProblem } from './menu-rules';

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
