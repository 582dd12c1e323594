import {
  dataInterfaceValues,
  SQL_FORBIDDEN_TABLE,
  SQL_ONLY_SELECT,
  splitParameters,
  sqlProblem,
  urlAllowed,
} from './data-interface-rules';

describe('data interface rules', () => {
  it('accepts one read-only SELECT', () => {
    expect(sqlProblem('SELECT id, "fullName" FROM "organize" WHERE "parentId" = @p;')).toBeNull();
    expect(sqlProblem('with t as (select 1 as a) select a from t')).toBeNull();
    expect(sqlProblem("select 'delete me' as x")).toBeNull();
  });

  it('refuses writes, chains, comments and secrets', () => {
    expect(sqlProblem('DELETE FROM "user"')).toBe(SQL_ONLY_SELECT);
    expect(sqlProblem('select 1; drop table "user"')).toBe(SQL_ONLY_SELECT);
    expect(sqlProblem('select 1 -- x')).toBe(SQL_ONLY_SELECT);
    expect(sqlProblem('select * into t2 from "user"')).toBe(SQL_ONLY_SELECT);
    expect(sqlProblem('with x as (delete from "user" returning *) select * from x')).toBe(SQL_ONLY_SELECT);
    expect(sqlProblem('select "passwordHash" from "user"')).toBe(SQL_FORBIDDEN_TABLE);
    expect(sqlProblem('select * from token')).toBe(SQL_FORBIDDEN_TABLE);
    expect(sqlProblem('')).toBe(SQL_ONLY_SELECT);
  });

  it('splits named parameters outside literals', () => {
    expect(splitParameters("select * from t where a = @a and b = '@no' and c = @c_2;")).toEqual([
      { text: 'select * from t where a = ' },
      { param: 'a' },
      { text: " and b = '@no' and c = " },
      { param: 'c_2' },
    ]);
  });

  it('checks the HTTP allow-list', () => {
    const hosts = ['127.0.0.1', 'api.example.com:8443'];
    expect(urlAllowed('http://127.0.0.1:8080/api/health', hosts)).toBe(true);
    expect(urlAllowed('https://api.example.com:8443/x', hosts)).toBe(true);
    expect(urlAllowed('https://api.example.com/x', hosts)).toBe(false);
    expect(urlAllowed('http://evil.com/', hosts)).toBe(false);
    expect(urlAllowed('file:///etc/passwd', hosts)).toBe(false);
    expect(urlAllowed('http://u:p@127.0.0.1/', hosts)).toBe(false);
  });
});

describe('data interface values', () => {
  it("keeps a SQL interface's query and an HTTP interface's path only, with defaults", () => {
    const sqlOne = dataInterfaceValues({
      fullName: 'Lamps',
      enCode: 'lamps',
      dataType: 1,
      query: '  select 1 ',
      path: 'https://x.example/',
    });
    expect(sqlOne).toEqual({
      fullName: 'Lamps',
      enCode: 'lamps',
      dataType: 1,
      query: 'select 1',
      path: '',
      requestMethod: 'GET',
      requestParameters: '[]',
      description: '',
      sortCode: 0,
      enabledMark: 1,
    });
    const http = dataInterfaceValues({
      fullName: 'Weather',
      enCode: 'weather',
      dataType: 2,
      query: 'select 1',
      path: 'https://x.example/',
      requestMethod: 'POST',
      requestParameters: [{ field: 'city', defaultValue: 'A' }],
      description: 'd',
      sortCode: 2,
      enabledMark: 0,
    });
    expect(http).toMatchObject({
      query: '',
      path: 'https://x.example/',
      requestMethod: 'POST',
      requestParameters: '[{"field":"city","defaultValue":"A"}]',
      enabledMark: 0,
    });
  });
});
