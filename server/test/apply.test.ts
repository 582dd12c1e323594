import type { FastifyInstance } from 'fastify';
import { APPLY_OK, APPLY_PER_IP_PER_HOUR } from '../src/auth/routes-apply';
import { TARGETS, body, createEnv, type TestEnv } from './helpers';

describe.each(TARGETS)('account application from the sign-in page (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let n = 0;

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
  });
  afterAll(async () => {
    await env.cleanup();
  });

  /** Draws an image code and reads its text back from the store, as a person reads the picture. */
  async function imageCode(): Promise<{ code: string; timestamp: string }> {
    n += 1;
    const timestamp = String(1700000000000 + n);
    const res = await app.inject({ method: 'GET', url: `/api/oauth/ImageCode/${timestamp}` });
    expect(res.headers['content-type']).toContain('image/svg+xml');
    const row = await app.ctx.db
      .selectFrom('captcha')
      .select('code')
      .where('timestamp', '=', timestamp)
      .executeTakeFirstOrThrow();
    return { code: row.code, timestamp };
  }

  const apply = (payload: Record<string, unknown>, ip = '10.9.0.1') =>
    app.inject({ method: 'POST', url: '/api/oauth/Apply', payload, remoteAddress: ip });
  const count = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('account_application')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );

  it('stores an application with a right image code', async () => {
    const res = await apply({
      companyName: '东城照明维护有限公司',
      contact: '王建国',
      mobile: '13912345678',
      ...(await imageCode()),
    });
    expect(body(res)).toMatchObject({ code: 200, msg: APPLY_OK });
    const row = await app.ctx.db
      .selectFrom('account_application')
      .selectAll()
      .where('mobile', '=', '13912345678')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ companyName: '东城照明维护有限公司', contact: '王建国', state: 0 });
  });

  it.each([
    [{ contact: '李四', mobile: '13900000001' }, 'companyName'],
    [{ companyName: '某公司', contact: '李#四', mobile: '13900000001' }, 'contact'],
    [{ companyName: '某公司', contact: '李四', mobile: '12900000001' }, 'mobile'],
  ])('bad input %j is refused naming %s and stores nothing', async (fields, field) => {
    const before = await count();
    const res = await apply({ ...fields, ...(await imageCode()) });
    const b = body(res);
    expect(b.code).toBe(400);
    expect(b.msg).toContain(field);
    expect(await count()).toBe(before);
  });

  it('a wrong image code is refused and stores nothing', async () => {
    const before = await count();
    const { timestamp } = await imageCode();
    const res = await apply({
      companyName: '某公司',
      contact: '李四',
      mobile: '13900000002',
      code: 'zzzz',
      timestamp,
    });
    expect(body(res)).toMatchObject({ code: 400, msg: '验证码错误' });
    expect(await count()).toBe(before);
  });

  it('a second pending application for the same mobile is refused', async () => {
    const res = await apply({
      companyName: '另一家公司',
      contact: '赵六',
      mobile: '13912345678',
      ...(await imageCode()),
    });
    expect(body(res).code).toBe(400);
    expect(body(res).msg).toContain('待审核');
  });

  it(`an address may file ${APPLY_PER_IP_PER_HOUR} an hour`, async () => {
    const ip = '10.9.0.77';
    for (let i = 0; i < APPLY_PER_IP_PER_HOUR; i++) {
      const res = await apply(
        { companyName: '批量公司', contact: '孙七', mobile: `1370000000${i}`, ...(await imageCode()) },
        ip,
      );
      expect(body(res).code).toBe(200);
    }
    const res = await apply(
      { companyName: '批量公司', contact: '孙七', mobile: '13700000009', ...(await imageCode()) },
      ip,
    );
    expect(res.statusCode).toBe(429);
    expect(body(res).code).toBe(429);
  });
});
