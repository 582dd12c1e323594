import { sortQuery } from './sort';

describe('sortQuery', () => {
  it('maps the column key and order', () => {
    expect(sortQuery({ columnKey: 'account', field: 'account', order: 'descend' })).toEqual({
      sidx: 'account',
      sort: 'desc',
    });
    expect(sortQuery({ field: 'realName', order: 'ascend' })).toEqual({ sidx: 'realName', sort: 'asc' });
    expect(sortQuery([{ columnKey: 'sortCode', order: 'ascend' }])).toEqual({
      sidx: 'sortCode',
      sort: 'asc',
    });
  });
  it('clears without an order', () => {
    expect(sortQuery({ columnKey: 'account', order: null })).toEqual({ sidx: '', sort: 'asc' });
    expect(sortQuery([])).toEqual({ sidx: '', sort: 'asc' });
  });
});
