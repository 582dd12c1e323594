import { parameterNames } from './sqlParams';

describe('parameterNames', () => {
  it('lists @names once, in order', () => {
    expect(parameterNames('SELECT * FROM t WHERE a = @typeCode AND b > @min OR c = @typeCode')).toEqual([
      'typeCode',
      'min',
    ]);
  });
  it('ignores names inside literals and quoted identifiers', () => {
    expect(parameterNames(`SELECT '@no', "@col" FROM t WHERE x = @yes AND y = 'it''s @no'`)).toEqual(['yes']);
    expect(parameterNames('SELECT 1')).toEqual([]);
  });
});
