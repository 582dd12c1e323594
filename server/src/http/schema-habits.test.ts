import { schemaHabitProblems } from './schema-habits';

describe('schema habits', () => {
  it('accepts a bounded body', () => {
    const body = {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 50 },
        kind: { type: 'string', enum: ['a', 'b'] },
        password: { type: 'string', format: 'md5' },
        tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
        extra: { type: 'object', additionalProperties: { type: 'string', maxLength: 10 } },
      },
    };
    expect(schemaHabitProblems(body, 'body')).toEqual([]);
  });

  it('names every unbounded string and array and every open object in a body', () => {
    const body = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        list: { type: 'array', items: { type: ['string', 'null'] } },
        nested: { type: 'object', properties: { x: { type: 'string', maxLength: 1 } } },
      },
    };
    expect(schemaHabitProblems(body, 'body')).toEqual([
      'body: an object in a body needs additionalProperties (false or a schema)',
      'name: a string needs maxLength (or enum)',
      'list: an array needs maxItems',
      'list[]: a string needs maxLength (or enum)',
      'nested: an object in a body needs additionalProperties (false or a schema)',
    ]);
  });

  it('lets query strings stay open to unknown parameters but not to unbounded strings', () => {
    const q = { type: 'object', properties: { keyword: { type: 'string' }, page: { type: 'integer' } } };
    expect(schemaHabitProblems(q, 'querystring')).toEqual(['keyword: a string needs maxLength (or enum)']);
  });
});
