import type { FastifyInstance } from 'fastify';
import {
  FEEDBACK_OK,
  FEEDBACK_PER_USER_PER_HOUR,
  FEEDBACK_THROTTLED,
  FEEDBACK_TITLE_PREFIX,
  feedbackHtml,
} from '../src/messages/routes-feedback';
import { TARGETS, authed, body, createEnv, login, type TestEnv } from './helpers';

test('feedback HTML escapes what the user typed and signs it', () => {
  expect(feedbackHtml('line <b>1</b>\n\n  & two ', { realName: '张<三>', account: 'op' })).toBe(
    '<p>line &lt;b&gt;1&lt;/b&gt;</p><p>&amp; two</p><p>— 张&lt;三&gt; (op)</p>',
  );
});

describe.each(TARGETS)('POST /api/system/Feedback (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let operator: string;
  let manager: string;
  const post = (token: string, payload: object) =>
    app.inject(authed(token, { method: 'POST', url: '/api/system/Feedback', payload }));
  const feedbackRows = async () =>
    app.ctx.db
      .selectFrom('message')
      .select(['id', 'title', 'bodyText', 'creatorUserId'])
      .where('title', 'like', `${FEEDBACK_TITLE_PREFIX}%`)
      .execute();

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    [operator, manager] = await Promise.all([
      login(app, 'operator', 'operator123'),
      login(app, 'manager', 'manager123'),
    ]);
  });
  afterAll(async () => {
    await env.cleanup();
  });

  test('delivers an escaped notice to every enabled administrator, and only to them', async () => {
    const res = await post(operator, { title: '地图加载慢', content: '早上 <script>x</script> 打开很慢' });
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe(FEEDBACK_OK);
    const [row] = await feedbackRows();
    expect(row!.title).toBe(`${FEEDBACK_TITLE_PREFIX}地图加载慢`);
    expect(row!.bodyText).not.toContain('<script>');
    expect(row!.bodyText).toContain('&lt;script&gt;');
    const receivers = await app.ctx.db
      .selectFrom('message_receiver as r')
      .innerJoin('user as u', 'u.id', 'r.userId')
      .select(['u.isAdministrator', 'u.enabledMark'])
      .where('r.messageId', '=', row!.id)
      .execute();
    const admins = await app.ctx.db
      .selectFrom('user')
      .select('id')
      .where('isAdministrator', '=', 1)
      .where('enabledMark', '=', 1)
      .execute();
    expect(receivers.length).toBe(admins.length);
    expect(receivers.every((r) => r.isAdministrator === 1 && r.enabledMark === 1)).toBe(true);
  });

  test('bad input names the field and stores nothing', async () => {
    const before = (await feedbackRows()).length;
    for (const payload of [
      { title: '', content: 'x' },
      { title: '   ', content: 'x' },
      { title: 't', content: '' },
      { title: 't', content: 'x'.repeat(2001) },
      { title: 't' },
    ]) {
      const res = await post(manager, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toMatch(/title|content/);
    }
    expect((await feedbackRows()).length).toBe(before);
  });

  test(`at most ${FEEDBACK_PER_USER_PER_HOUR} an hour per user`, async () => {
    const already = (await feedbackRows()).length;
    for (let i = 0; i < FEEDBACK_PER_USER_PER_HOUR; i++)
      expect((await post(manager, { title: `t${i}`, content: 'c' })).statusCode).toBe(200);
    const res = await post(manager, { title: 'one more', content: 'c' });
    expect(res.statusCode).toBe(429);
    expect(body(res).msg).toBe(FEEDBACK_THROTTLED);
    expect((await feedbackRows()).length).toBe(already + FEEDBACK_PER_USER_PER_HOUR);
    // another user is not held back by it
    expect((await post(operator, { title: 'still fine', content: 'c' })).statusCode).toBe(200);
  });

  test('needs a signed-in user', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/system/Feedback',
      payload: { title: 't', content: 'c' },
    });
    expect(res.statusCode).toBe(401);
  });
});
