import { IP_PLACES, ipPlaceName } from './ipPlace';

describe('ipPlaceName', () => {
  it('translates the places the server names', () => {
    expect(ipPlaceName(IP_PLACES.lan.zh, 'en')).toBe('Local network');
    expect(ipPlaceName('本地局域网', 'zhtw')).toBe('本地區域網路');
    expect(ipPlaceName('本地局域网', 'zh')).toBe('本地局域网');
    expect(ipPlaceName('未知', 'en')).toBe('Unknown');
  });
  it('shows any other name as the server wrote it', () => {
    expect(ipPlaceName('北京市', 'en')).toBe('北京市');
    expect(ipPlaceName('', 'en')).toBe('');
  });
});
