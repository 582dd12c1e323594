import { qrTokenOf } from '@lighting/shared/core';
import { qrSignature, qrToken, qrUrl, verifyQrToken } from './qr';

const SECRET = 'a'.repeat(64);

describe('pole QR signing', () => {
  it('signs a code into a token that verifies back to the code', () => {
    const t = qrToken('PL-000123', SECRET);
    expect(t).toMatch(/^PL-000123\.[A-Za-z0-9_-]{22}$/);
    expect(verifyQrToken(t, SECRET)).toBe('PL-000123');
  });
  it('refuses an altered code, a forged signature and another secret', () => {
    const t = qrToken('PL-000123', SECRET);
    const sig = t.split('.')[1] ?? '';
    expect(verifyQrToken(`PL-000124.${sig}`, SECRET)).toBeNull();
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyQrToken(`PL-000123.${flipped}`, SECRET)).toBeNull();
    expect(verifyQrToken(t, 'b'.repeat(64))).toBeNull();
    expect(verifyQrToken('PL-000123', SECRET)).toBeNull();
    expect(verifyQrToken(`PL-000123.${sig}.x`, SECRET)).toBeNull();
  });
  it('puts the token in a report-page URL that the pages read back', () => {
    const url = qrUrl('https://lights.example.org/', 'SL-000001', SECRET);
    expect(url).toBe(
      `https://lights.example.org/bt/gzh/repair/repair-report?qr=SL-000001.${qrSignature('SL-000001', SECRET)}`,
    );
    expect(verifyQrToken(qrTokenOf(url) ?? '', SECRET)).toBe('SL-000001');
  });
});
