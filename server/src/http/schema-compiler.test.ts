import type { FastifySchemaCompiler } from 'fastify';
import { createValidatorCompiler, withTextRules } from './schema-compiler';

const compile = createValidatorCompiler() as FastifySchemaCompiler<unknown>;
const check = (schema: object, part: 'body' | 'querystring', data: unknown) => {
  const v = compile({ schema, method: 'POST', url: '/t', httpPart: part }) as ((d: unknown) => boolean) & {
    errors?: Array<{ instancePath: string; keyword: string; message?: string }> | null;
  };
  const ok = v(data);
  return { ok, data, error: v.errors?.[0] };
};

const body = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fullName: { type: 'string', maxLength: 50 },
    roleIds: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 64 } },
    description: { type: 'string', maxLength: 500 },
    enabledMark: { type: 'integer', enum: [0, 1] },
    flag: { type: 'boolean' },
  },
};

describe('the validator compiler', () => {
  it('marks names, ids and their arrays one-line, free text multi-line', () => {
    const s = withTextRules(body) as { properties: Record<string, Record<string, unknown>> };
    expect(s.properties.fullName?.['x-text']).toBe('line');
    expect((s.properties.roleIds?.items as Record<string, unknown>)['x-text']).toBe('line');
    expect(s.properties.description?.['x-text']).toBe('multi');
  });

  it('bodies: no coercion, unknown properties refused, text rules applied', () => {
    expect(check(body, 'body', { flag: 'true' }).ok).toBe(false);
    expect(check(body, 'body', { enabledMark: null }).ok).toBe(false);
    expect(check(body, 'body', { enabledMark: '1' }).ok).toBe(false);
    expect(check(body, 'body', { other: 1 }).error).toMatchObject({ keyword: 'additionalProperties' });
    expect(check(body, 'body', { fullName: 'a\nb' }).error).toMatchObject({
      instancePath: '/fullName',
      message: 'must be a single line',
    });
    expect(check(body, 'body', { roleIds: ['a\u202Eb'] }).error).toMatchObject({
      instancePath: '/roleIds/0',
    });
    expect(
      check(body, 'body', { description: '一\n二', fullName: '名称', enabledMark: 1, flag: true }).ok,
    ).toBe(true);
  });

  it('query strings: coerced, as everything in a URL is text', () => {
    const q = {
      type: 'object',
      properties: { n: { type: 'integer', maximum: 10 }, on: { type: 'boolean' } },
    };
    const r = check(q, 'querystring', { n: '7', on: 'true' });
    expect(r.ok).toBe(true);
    expect(r.data).toEqual({ n: 7, on: true });
  });

  it('refuses to compile a schema that breaks a habit, naming the route', () => {
    expect(() =>
      compile({
        schema: { type: 'object', properties: { x: { type: 'string' } } },
        method: 'PUT',
        url: '/x',
        httpPart: 'body',
      }),
    ).toThrow(
      /PUT \/x body:\n {2}body: an object in a body needs additionalProperties[\s\S]*x: a string needs maxLength/,
    );
  });
});
