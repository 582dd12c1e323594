import { plateCaption } from './plates';

describe('QR plate caption', () => {
  it('says it in the city’s language first, then in English, with the hotline', () => {
    expect(plateCaption('12345')).toEqual({
      local: '扫码报修 · 服务热线 12345',
      en: 'SCAN TO REPORT A FAULT  ·  HOTLINE 12345',
    });
  });
});
