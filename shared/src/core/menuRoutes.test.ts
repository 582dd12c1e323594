import {
  findMenuPath,
  frameSandbox,
  flattenPermittedRoutes,
  generateRoutes,
  hasMenuPage,
  parsePropertyJson,
  routeForEntry,
  routeName,
  type MenuEntry,
} from './menuRoutes';

const opts = { dashboardUrl: 'https://dv.example.com/', token: 'a b&c' };

const menus: MenuEntry[] = [
  {
    id: 'm1',
    type: 1,
    enCode: 'system',
    fullName: '系统管理',
    icon: 'icon-sys',
    hasChildren: true,
    children: [
      {
        id: 'm12',
        type: 2,
        enCode: 'system.area',
        fullName: '行政区划',
        urlAddress: '/system/area',
        icon: 'icon-area',
        sortCode: 2,
      },
      {
        id: 'm11',
        type: 2,
        enCode: 'system.menu',
        fullName: '系统菜单',
        urlAddress: 'system/menu',
        sortCode: 1,
      },
      {
        id: 'm13',
        type: 2,
        enCode: 'system.hidden',
        fullName: '隐藏',
        urlAddress: 'system/hidden',
        hidden: true,
      },
    ],
  },
  {
    id: 'm3',
    type: 3,
    enCode: 'form.lamp',
    fullName: '路灯台账',
    urlAddress: 'model/lamp',
    propertyJson: '{"moduleId":"mod-9","isTree":1}',
  },
  { id: 'm4', type: 4, enCode: 'dict.x', fullName: '字典', urlAddress: 'dict/x', propertyJson: 'not json' },
  {
    id: 'm5',
    type: 5,
    enCode: 'report.y',
    fullName: '报表',
    urlAddress: 'report/y',
    propertyJson: '{"moduleId":42,"isTree":0}',
  },
  { id: 'm6', type: 6, enCode: 'dv.screen', fullName: '大屏', propertyJson: '{"moduleId":"screen-1"}' },
  {
    id: 'm7a',
    type: 7,
    enCode: 'link.frame',
    fullName: '内嵌',
    urlAddress: 'https://frame.example.com',
    linkTarget: '_self',
  },
  {
    id: 'm7b',
    type: 7,
    enCode: 'link.out',
    fullName: '外链',
    urlAddress: 'https://out.example.com',
    linkTarget: '_blank',
  },
];

describe('routeForEntry', () => {
  it('type 1 directory', () => {
    expect(routeForEntry(menus[0]!, opts)).toEqual({
      path: '/system',
      name: 'system',
      kind: 'directory',
      meta: { title: '系统管理', icon: 'icon-sys', fullName: '系统管理', modelId: 'm1', type: 1 },
    });
  });

  it('type 2 page: leading slash stripped, dots to dashes, menu id as modelId', () => {
    expect(
      routeForEntry(
        {
          id: 'p',
          type: 2,
          enCode: 'system.area',
          fullName: '行政区划',
          urlAddress: '/system/area',
          icon: 'i',
        },
        opts,
      ),
    ).toEqual({
      path: '/system/area',
      name: 'system-area',
      kind: 'page',
      meta: {
        title: '行政区划',
        icon: 'i',
        fullName: '行政区划',
        modelId: 'p',
        type: 2,
        urlAddress: '/system/area',
      },
    });
    expect(routeForEntry({ id: 'p', type: 2, enCode: 'noUrl', fullName: 'x' }, opts)?.path).toBe('/noUrl');
  });

  it('types 3, 4, 5: moduleId and isTree from propertyJson', () => {
    const r3 = routeForEntry(menus[1]!, opts);
    expect(r3).toMatchObject({
      path: '/model/lamp',
      name: 'form-lamp',
      kind: 'model',
      meta: { moduleId: 'mod-9', isTree: true, modelId: 'm3', type: 3 },
    });
    const r4 = routeForEntry(menus[2]!, opts);
    expect(r4?.kind).toBe('model');
    expect(r4?.meta.moduleId).toBeUndefined();
    expect(r4?.meta.isTree).toBeUndefined();
    expect(routeForEntry(menus[3]!, opts)?.meta).toMatchObject({ moduleId: '42', isTree: false, type: 5 });
  });

  it('type 6 dashboard link with encoded token', () => {
    expect(routeForEntry(menus[4]!, opts)).toMatchObject({
      kind: 'external',
      href: 'https://dv.example.com/view/screen-1?token=a%20b%26c',
      path: 'https://dv.example.com/view/screen-1?token=a%20b%26c',
      meta: { moduleId: 'screen-1', type: 6 },
    });
    expect(
      routeForEntry({ id: 'x', type: 6, enCode: 'x', fullName: 'x', propertyJson: '{}' }, opts),
    ).toBeNull();
  });

  it('type 7 frame (_self) or external', () => {
    expect(routeForEntry(menus[5]!, opts)).toMatchObject({
      path: '/link.frame',
      name: 'link-frame',
      kind: 'frame',
      meta: { frameUrl: 'https://frame.example.com' },
    });
    expect(routeForEntry(menus[5]!, opts)?.href).toBeUndefined();
    expect(routeForEntry(menus[6]!, opts)).toMatchObject({
      kind: 'external',
      href: 'https://out.example.com',
      path: 'https://out.example.com',
    });
    expect(routeForEntry({ id: 'x', type: 7, enCode: 'x', fullName: 'x' }, opts)).toBeNull();
  });

  it('type 7 with an unsafe stored link is not routed at all', () => {
    for (const urlAddress of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example',
    ])
      for (const linkTarget of ['_self', '_blank'])
        expect(
          routeForEntry({ id: 'x', type: 7, enCode: 'x', fullName: 'x', urlAddress, linkTarget }, opts),
        ).toBeNull();
  });

  it('skips unknown types', () => {
    expect(routeForEntry({ id: 'x', type: 9, enCode: 'x', fullName: 'x' }, opts)).toBeNull();
  });
});

describe('parsePropertyJson / routeName', () => {
  it('parses defensively', () => {
    expect(parsePropertyJson(undefined)).toEqual({});
    expect(parsePropertyJson('')).toEqual({});
    expect(parsePropertyJson('{bad')).toEqual({});
    expect(parsePropertyJson('[1]')).toEqual({});
    expect(parsePropertyJson('null')).toEqual({});
    expect(parsePropertyJson('{"moduleId":{"x":1}}')).toEqual({});
    expect(parsePropertyJson('{"moduleId":"a","isTree":"1"}')).toEqual({ moduleId: 'a', isTree: true });
  });
  it('routeName', () => {
    expect(routeName('a.b.c')).toBe('a-b-c');
  });
});

describe('generateRoutes', () => {
  const { routes, tree } = generateRoutes(menus, opts);

  it('produces a flat route list including children (sorted by sortCode) and hidden entries', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/system',
      '/system/menu',
      '/system/area',
      '/system/hidden',
      '/model/lamp',
      '/dict/x',
      '/report/y',
      'https://dv.example.com/view/screen-1?token=a%20b%26c',
      '/link.frame',
      'https://out.example.com',
    ]);
  });

  it('builds the menu tree without hidden entries', () => {
    expect(tree.map((n) => n.title)).toEqual([
      '系统管理',
      '路灯台账',
      '字典',
      '报表',
      '大屏',
      '内嵌',
      '外链',
    ]);
    const sys = tree[0]!;
    expect(sys).toMatchObject({
      id: 'm1',
      path: '/system',
      kind: 'directory',
      external: false,
      icon: 'icon-sys',
    });
    expect(sys.children.map((c) => c.path)).toEqual(['/system/menu', '/system/area']);
    const dv = tree[4]!;
    expect(dv.external).toBe(true);
    expect(dv.path).toBeUndefined();
    expect(dv.href).toContain('/view/screen-1');
  });

  it('titles entries by the label function when one is given (tree, routes and breadcrumbs)', () => {
    const labelled = generateRoutes(menus, { ...opts, label: (e) => `${e.enCode}!` });
    expect(labelled.tree[0]?.title).toBe('system!');
    expect(labelled.routes.find((r) => r.path === '/system/area')?.meta).toMatchObject({
      title: 'system.area!',
      fullName: '行政区划',
    });
    expect(findMenuPath(labelled.tree, '/system/area')).toEqual(['system!', 'system.area!']);
  });

  it("marks entries shown by an administrator's own wording when titles are translated", () => {
    const labelled = generateRoutes(menus, { ...opts, label: (e) => e.fullName });
    // the table knows system and system.area by these names; form.lamp is the administrator's
    expect(labelled.tree[0]?.ownWording).toBeUndefined();
    expect(labelled.tree[0]?.children.find((c) => c.path === '/system/area')?.ownWording).toBeUndefined();
    expect(labelled.tree.find((n) => n.id === 'm3')?.ownWording).toBe(true);
    // without a label function nothing is translated, so nothing is marked
    expect(generateRoutes(menus, opts).tree.some((n) => n.ownWording)).toBe(false);
  });

  it('handles empty input', () => {
    expect(generateRoutes(undefined, opts)).toEqual({ routes: [], tree: [] });
    expect(generateRoutes(null, opts)).toEqual({ routes: [], tree: [] });
  });

  it('flattenPermittedRoutes lists non-directory entries with breadcrumbs', () => {
    const flat = flattenPermittedRoutes(tree);
    expect(flat[0]).toEqual({
      path: '/system/menu',
      title: '系统菜单',
      fullTitle: '系统管理 > 系统菜单',
      titles: ['系统管理', '系统菜单'],
    });
    expect(flat.map((f) => f.title)).toEqual([
      '系统菜单',
      '行政区划',
      '路灯台账',
      '字典',
      '报表',
      '大屏',
      '内嵌',
      '外链',
    ]);
    const out = flat.find((f) => f.title === '外链');
    expect(out).toMatchObject({ href: 'https://out.example.com', path: 'https://out.example.com' });
    expect(flattenPermittedRoutes(tree, '/')[1]?.fullTitle).toBe('系统管理/行政区划');
  });

  it('findMenuPath returns the title chain', () => {
    expect(findMenuPath(tree, '/system/area')).toEqual(['系统管理', '行政区划']);
    expect(findMenuPath(tree, '/system/area/?x=1')).toEqual(['系统管理', '行政区划']);
    expect(findMenuPath(tree, '/system')).toEqual(['系统管理']);
    expect(findMenuPath(tree, '/link.frame')).toEqual(['内嵌']);
    expect(findMenuPath(tree, 'https://out.example.com')).toEqual(['外链']);
    expect(findMenuPath(tree, '/nope')).toEqual([]);
  });
});

describe('hasMenuPage', () => {
  it('finds a page at any depth by its urlAddress, with or without the leading slash', () => {
    expect(hasMenuPage(menus, 'system/area')).toBe(true);
    expect(hasMenuPage(menus, '/system/area')).toBe(true);
    expect(hasMenuPage(menus, 'system/nowhere')).toBe(false);
    expect(hasMenuPage(menus, '')).toBe(false);
    expect(hasMenuPage(null, 'system/area')).toBe(false);
    // a directory or a link is no page
    expect(hasMenuPage([{ id: 'd', type: 1, enCode: 'x', fullName: 'x', urlAddress: 'x/y' }], 'x/y')).toBe(
      false,
    );
    expect(
      hasMenuPage(
        [{ id: 'l', type: 7, enCode: 'x', fullName: 'x', urlAddress: 'https://a.example/' }],
        'https://a.example/',
      ),
    ).toBe(false);
  });
});

describe('frameSandbox', () => {
  it('never lets a framed page keep an origin, so it can never lift its own sandbox', () => {
    for (const url of ['/help/a.html', 'https://frame.example.com', 'http://127.0.0.1:8080/home'])
      expect(frameSandbox(url).split(' ')).not.toContain('allow-same-origin');
  });

  it('shows a path of ours as a document (no scripts), an external page with its scripts', () => {
    expect(frameSandbox('/help/a.html').split(' ')).not.toContain('allow-scripts');
    expect(frameSandbox('/home').split(' ')).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox']);
    expect(frameSandbox('https://frame.example.com').split(' ')).toEqual(
      expect.arrayContaining(['allow-scripts', 'allow-forms']),
    );
    // another origin written as a path is not ours
    expect(frameSandbox('//evil.example/x').split(' ')).toContain('allow-scripts');
    expect(frameSandbox('/\\evil.example/x').split(' ')).toContain('allow-scripts');
  });
});
