import { generateRoutes } from './menuRoutes';
import { takeToken, WALL_BASE, wallModuleId } from './wall';

describe('the wall display address', () => {
  it('is what a type 6 menu entry links to with the default dashboard host', () => {
    const { routes } = generateRoutes(
      [
        {
          id: 'm1',
          type: 6,
          enCode: 'dashboard.city',
          fullName: '城市照明大屏',
          propertyJson: '{"moduleId":"screen-city"}',
        },
      ],
      { dashboardUrl: WALL_BASE, token: 't/k n' },
    );
    const href = routes[0]?.href ?? '';
    expect(href).toBe('/dv/view/screen-city?token=t%2Fk%20n');
    const { token, rest } = takeToken(href);
    expect(token).toBe('t/k n');
    expect(wallModuleId(rest)).toBe('screen-city');
  });

  it('names the module only under /dv/view/', () => {
    expect(wallModuleId('/dv/view/screen-city/')).toBe('screen-city');
    expect(wallModuleId('/dv/view/')).toBeNull();
    expect(wallModuleId('/dv/view/a/b')).toBeNull();
    expect(wallModuleId('/home')).toBeNull();
    expect(wallModuleId('/dv/view/%E0%A4%A')).toBeNull();
  });

  it('takes the token out and keeps the rest of the address', () => {
    expect(takeToken('/dv/view/x?a=1&token=abc&b=2#h')).toEqual({
      token: 'abc',
      rest: '/dv/view/x?a=1&b=2#h',
    });
    expect(takeToken('http://h:8080/dv/view/x?token=')).toEqual({ token: null, rest: '/dv/view/x' });
    expect(takeToken('/dv/view/x')).toEqual({ token: null, rest: '/dv/view/x' });
  });
});
