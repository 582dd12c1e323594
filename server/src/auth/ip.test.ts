import { ipAddressName, isPrivateIp, normalizeIp } from './ip';

describe('ip helpers', () => {
  it('normalises IPv4-mapped addresses', () => {
    expect(normalizeIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('::1')).toBe('::1');
    expect(normalizeIp(undefined)).toBe('');
  });

  it.each([
    '127.0.0.1',
    '::1',
    '10.2.3.4',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '::ffff:192.168.0.9',
    'fd12:3456::1',
    'fe80::1',
  ])('%s is the local network', (ip) => {
    expect(isPrivateIp(ip)).toBe(true);
    expect(ipAddressName(ip)).toBe('本地局域网');
  });

  it.each(['8.8.8.8', '172.32.0.1', '2001:db8::1'])('%s is public (place unknown offline)', (ip) => {
    expect(isPrivateIp(ip)).toBe(false);
    expect(ipAddressName(ip)).toBe('未知');
  });
});
