/**
 * The system administration's reads that no other suite makes, each answered as its route declares
 * (the answer check of every server test turns a misfit into a 500), and CurrentUser, which is sent
 * as prepared bytes the check does not see, checked against its schema here.
 */
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { closed } from '../src/http/response-check';
import { AUTH_ANSWERS } from '../src/auth/responses';
import { TARGETS, body, createEnv, demoTokens, getAs, sendAs, type TestEnv } from './helpers';

describe.each(TARGETS)('system answers (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    ({ admin, operator } = await demoTokens(app));
  }, 60_000);
  afterAll(() => env.cleanup());

  const ok200 = async (url: string, token = admin) => {
    const res = await getAs(app, token, url);
    expect([url, res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([url, 200, '']);
    return body(res).data;
  };

  it('answers the trees, pickers and details as declared', async () => {
    for (const url of [
      '/api/system/Menu',
      '/api/system/Menu?keyword=menu',
      '/api/system/Menu/Selector',
      '/api/system/Base/Menu?category=App',
      '/api/system/Base/DictionaryType/Selector',
      '/api/system/Base/DataInterface',
      '/api/system/Base/DataInterface/Selector',
      '/api/system/Permission/Organize/Selector',
      '/api/system/Permission/Organize/Department/Selector',
      '/api/system/Permission/Role/Selector',
      '/api/system/Permission/Users/All',
      '/api/system/Log?category=1',
      '/api/system/Base/Log/4',
    ])
      await ok200(url);
    const menus = (await ok200('/api/system/Menu')) as { list: Array<{ id: string }> };
    const menuId = menus.list[0]!.id;
    await ok200(`/api/system/Menu/${menuId}`);
    await ok200(`/api/system/Base/Menu/${menuId}`);
    const types = (await ok200('/api/system/Base/DictionaryType')) as { list: Array<{ id: string }> };
    await ok200(`/api/system/Base/DictionaryType/${types.list[0]!.id}`);
    const roles = (await ok200('/api/system/Permission/Role?currentPage=1&pageSize=5')) as {
      list: Array<{ id: string }>;
    };
    await ok200(`/api/system/Permission/Role/${roles.list[0]!.id}`);
    const log = (await ok200('/api/system/Log?category=1')) as { list: Array<{ id: string }> };
    await ok200(`/api/system/Log/${log.list[0]!.id}`);
  });

  it("answers a page's buttons and columns, an error line and the online people as declared", async () => {
    const menus = (await ok200('/api/system/Base/Menu/Selector/All')) as {
      list: Array<{ id: string; type: number; children: unknown[] }>;
    };
    const flat: Array<{ id: string; type: number }> = [];
    const walk = (ns: Array<{ id: string; type: number; children: unknown[] }>): void =>
      ns.forEach((n) => {
        flat.push(n);
        walk(n.children as typeof ns);
      });
    walk(menus.list);
    const page = flat.find((m) => m.type === 2)!;
    await ok200(`/api/system/Menu/${page.id}/Button`);
    await ok200(`/api/system/Menu/${page.id}/Column`);
    const report = await sendAs(app, operator, 'POST', '/api/system/ErrorLog', {
      message: 'probe',
      url: '/probe',
      source: 'error',
    });
    expect(report.statusCode).toBe(200);
    const errors = (await ok200('/api/system/Log?category=4')) as { list: Array<{ id: string }> };
    await ok200(`/api/system/Log/${errors.list[0]!.id}`);
    await ok200('/api/system/Base/Log/4');
    await ok200('/api/system/Permission/OnlineUser');
    await ok200('/api/system/Base/OnlineUser');
  });

  it('answers CurrentUser as its schema says', async () => {
    const validate = new Ajv({ strict: false }).compile(closed(AUTH_ANSWERS.currentUser) as object);
    for (const token of [admin, operator]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/oauth/CurrentUser',
        headers: { authorization: token, 'x-no-compression': '1' },
      });
      expect(res.statusCode).toBe(200);
      const fits = validate(res.json());
      expect([fits, validate.errors?.[0] ?? null]).toEqual([true, null]);
    }
  });
});
