import { ApiError, Code, fail, httpStatusFor, ok, page } from './envelope';

describe('envelope', () => {
  it('mirrors codes as HTTP statuses; sign-in codes are 401', () => {
    expect([200, 400, 403, 404, 429, 500].map(httpStatusFor)).toEqual([200, 400, 403, 404, 429, 500]);
    expect([600, 601, 602].map(httpStatusFor)).toEqual([401, 401, 401]);
    expect(httpStatusFor(999)).toBe(500);
  });
  it('builds envelopes and pages', () => {
    expect(ok({ a: 1 })).toEqual({ code: 200, msg: 'Success', data: { a: 1 } });
    expect(page([1], { currentPage: 1, pageSize: 20, total: 1 })).toEqual({
      code: 200,
      msg: 'Success',
      data: { list: [1], pagination: { currentPage: 1, pageSize: 20, total: 1 } },
    });
    expect(fail(Code.FORBIDDEN, 'x')).toEqual({ code: 403, msg: 'x', data: null });
    const e = new ApiError(400, 'bad', { needCode: true });
    expect([e.code, e.message, e.data]).toEqual([400, 'bad', { needCode: true }]);
  });
});
