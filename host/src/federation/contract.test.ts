import { contractVerdict, declaredRange, IncompatibleRemoteError } from './contract';

const manifest = (range?: unknown) => ({
  id: 'workflow',
  name: 'workflow',
  metaData: {
    name: 'workflow',
    ...(range === undefined ? {} : { contract: { name: '@lighting/shared', range } }),
  },
  shared: [],
  exposes: [],
});

describe('contractVerdict', () => {
  test('a range that includes the offered version fits', () => {
    expect(contractVerdict(manifest('^1.0.0'), '1.4.2')).toEqual({
      status: 'fits',
      range: '^1.0.0',
      offered: '1.4.2',
    });
    expect(contractVerdict(manifest('>=1.2 <3'), '2.0.0').status).toBe('fits');
  });

  test('another major, or an older minor than the remote needs, is outside', () => {
    expect(contractVerdict(manifest('^2.0.0'), '1.4.2')).toEqual({
      status: 'outside',
      range: '^2.0.0',
      offered: '1.4.2',
    });
    expect(contractVerdict(manifest('^1.0.0'), '2.0.0').status).toBe('outside');
    expect(contractVerdict(manifest('^1.5.0'), '1.4.2').status).toBe('outside');
  });

  test('a range that is not semver is outside (nothing can vouch for it)', () => {
    expect(contractVerdict(manifest('one point oh'), '1.0.0').status).toBe('outside');
  });

  test('a manifest without a contract is undeclared', () => {
    expect(contractVerdict(manifest(), '1.0.0')).toEqual({
      status: 'undeclared',
      range: null,
      offered: '1.0.0',
    });
    expect(contractVerdict(manifest(''), '1.0.0').status).toBe('undeclared');
    expect(contractVerdict(manifest(3), '1.0.0').status).toBe('undeclared');
    expect(contractVerdict(null, '1.0.0').status).toBe('undeclared');
    expect(declaredRange({ metaData: 'x' })).toBeNull();
  });
});

test('IncompatibleRemoteError says which remote, what it needs and what is offered', () => {
  const e = new IncompatibleRemoteError('workflow', '^2.0.0', '1.0.0');
  expect(e).toBeInstanceOf(Error);
  expect(e.message).toBe('remote workflow needs @lighting/shared ^2.0.0; this console offers 1.0.0');
  expect([e.remote, e.range, e.offered]).toEqual(['workflow', '^2.0.0', '1.0.0']);
});
