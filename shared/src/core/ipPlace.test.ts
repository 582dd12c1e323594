import { IP_PLACES, ipPlaceName, LOG_SUMMARIES, logSummaryIn } from './ipPlace';

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

describe('logSummaryIn', () => {
  it('translates the summaries the server writes, shows others as stored', () => {
    expect(logSummaryIn(LOG_SUMMARIES.signedIn.zh, 'en')).toBe('Signed in');
    expect(logSummaryIn('登录成功', 'zhtw')).toBe('登錄成功');
    expect(logSummaryIn('登录成功', 'zh')).toBe('登录成功');
    expect(logSummaryIn('/api/system/Base/Area → 200', 'en')).toBe('/api/system/Base/Area → 200');
  });
});
