/** The API description (issue 11): generated from the route schemas, covering every /api route. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createEnv, type TestEnv } from './helpers';

describe('API description at /api/docs', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await createEnv('sqlite');
    app = env.app;
  }, 60_000);
  afterAll(() => env.cleanup());

  it('describes every /api route with its guard, the envelope and the error codes', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { description?: string; responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const missing: string[] = [];
    const routes = app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.websocket,
    );
    for (const r of routes) {
      const path = r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (!op) {
        missing.push(`${r.method} ${r.url}`);
        continue;
      }
      if (r.requirement) expect(op.description).toContain(r.requirement.menu);
      else if (r.checksInHandler) expect(op.description).toContain(r.checksInHandler);
      else if (!r.public) expect(op.description).toContain(r.openWhy ?? '');
      if (r.errorFormat === 'envelope')
        expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
  });

  it('serves its viewer from our own server, without a sign-in', async () => {
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[^"']*\.(js|css)/);
    const css = await app.inject('/api/docs/static/swagger-ui.css');
    expect(css.statusCode).toBe(200);
  });
});

/**
 * Every /api route declares what it answers (http/response.ts), and every server test checks each
 * answer against it (CHECK_RESPONSES). Routes that do not declare one yet are listed in
 * response-schema-todo.json: a route added without a schema fails here, and so does a listed route
 * that has gained one (take it off the list), so the list only shrinks.
 */
describe('response schemas', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createEnv('sqlite');
  }, 60_000);
  afterAll(() => env.cleanup());

  it('every route declares its answer, but for the listed ones still to do', () => {
    const todoFile = path.join(__dirname, 'response-schema-todo.json');
    const todo = new Set(JSON.parse(fs.readFileSync(todoFile, 'utf8')) as string[]);
    const undeclared = env.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.websocket)
      .filter((r) => {
        const response = (r.schema as { response?: Record<string, unknown> }).response;
        // a redirect answers 302 with no body: that is its declared answer
        return !response?.['200'] && !response?.['302'];
      })
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    if (process.env.UPDATE_RESPONSE_TODO)
      fs.writeFileSync(todoFile, `${JSON.stringify(undeclared, null, 2)}\n`);
    expect(undeclared.filter((r) => !todo.has(r))).toEqual([]);
    expect([...todo].filter((r) => !undeclared.includes(r))).toEqual([]);
  });
});
