import { closed } from './response-check';
import { arr, envelope, obj, paged, str } from './response';
import Ajv from 'ajv';

describe('closed', () => {
  it('closes every object schema that does not say what else it holds', () => {
    const s = closed({
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: str } },
        c: { type: 'object', additionalProperties: true },
      },
    }) as Record<string, unknown>;
    expect(s.additionalProperties).toBe(false);
    const props = s.properties as Record<string, Record<string, unknown>>;
    expect(props.a?.additionalProperties).toBe(false);
    expect(props.c?.additionalProperties).toBe(true);
  });

  it('a page schema accepts its shape and refuses an unnamed field or a missing one', () => {
    const ajv = new Ajv({ strict: false });
    const v = ajv.compile(closed(paged(obj({ id: str, name: str }, ['id']))) as object);
    const page = (list: unknown[]) => ({
      code: 200,
      msg: 'ok',
      data: { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } },
    });
    expect(v(page([{ id: 'a' }, { id: 'b', name: 'B' }]))).toBe(true);
    expect(v(page([{ id: 'a', secret: 'x' }]))).toBe(false);
    expect(v(page([{ name: 'no id' }]))).toBe(false);
    expect(ajv.compile(closed(envelope(arr(str))) as object)({ code: 200, msg: '', data: [1] })).toBe(false);
  });
});
