// Scanning a pole's code in the page: the camera with a maintained decoder, a photo of the code when
// the camera cannot be used, and typing the number. A code that is not one of our plates is refused.
import { useEffect, useRef, useState } from 'react';
import { qrTokenOf } from '@lighting/shared/core';
import { useT } from '../i18n';
import { useNav } from '../nav';
import { Alert, Page } from '../ui';

type Scanner = typeof import('../scanner');
let scannerModule: Promise<Scanner> | null = null;
const loadScanner = () => (scannerModule ??= import(/* webpackChunkName: "citizen-scanner" */ '../scanner'));

export default function Scan() {
  const t = useT();
  const nav = useNav();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<'starting' | 'scanning' | 'denied' | 'unavailable'>('starting');
  const [message, setMessage] = useState('');
  const [code, setCode] = useState('');
  const back = nav.search.get('back') === 'wx' ? 'repair/repair-report' : 'repair/repair-report-nowx';

  const found = (token: string) => nav.go(`${back}?qr=${encodeURIComponent(token)}`, { replace: true });

  useEffect(() => {
    let stop = () => undefined as void;
    let alive = true;
    void loadScanner().then((m) => {
      if (!alive || !video.current) return;
      const run = m.scanCamera(video.current, (text) => {
        const token = qrTokenOf(text);
        if (!token) setMessage(t('notOurCode'));
        return token !== null;
      });
      stop = run.stop;
      setStatus('scanning');
      run.done.then(
        (text) => alive && found(qrTokenOf(text) ?? ''),
        (e: unknown) => alive && setStatus(e === 'denied' ? 'denied' : 'unavailable'),
      );
    });
    return () => {
      alive = false;
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one camera per visit
  }, []);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    setMessage(t('decoding'));
    try {
      const texts = await (await loadScanner()).decodePhoto(file);
      const token = texts.map(qrTokenOf).find((x): x is string => x !== null);
      if (token) found(token);
      else setMessage(texts.length ? t('notOurCode') : t('noCodeInPhoto'));
    } catch {
      setMessage(t('noCodeInPhoto'));
    }
  };

  return (
    <Page title={t('scan')}>
      <div className="cz-video" data-testid="citizen-scanner" data-status={status}>
        <video ref={video} muted playsInline />
        <i />
      </div>
      <p className="cz-muted" style={{ textAlign: 'center' }}>
        {status === 'starting' ? t('scanStarting') : t('scanTitle')}
      </p>
      {status === 'denied' ? <Alert kind="warn">{t('cameraDenied')}</Alert> : null}
      {status === 'unavailable' ? <Alert kind="warn">{t('cameraUnavailable')}</Alert> : null}
      {message ? (
        <Alert kind="info" testId="citizen-scan-message">
          {message}
        </Alert>
      ) : null}
      <label className="cz-btn">
        {t('photoOfCode')}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          style={{ display: 'none' }}
          onChange={(e) => void fromPhoto(e.target.files?.[0])}
          data-testid="citizen-scan-photo"
        />
      </label>
      <div className="cz-card" style={{ marginTop: 12 }}>
        <div className="cz-row">
          <input
            className="cz-input"
            value={code}
            placeholder={t('codePlaceholder')}
            maxLength={32}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="button"
            className="cz-btn"
            style={{ flex: '0 0 88px' }}
            disabled={!code.trim()}
            onClick={() => nav.go(`${back}?code=${encodeURIComponent(code.trim())}`, { replace: true })}
          >
            {t('find')}
          </button>
        </div>
      </div>
    </Page>
  );
}
