// The public account's home: report a fault (scan, number or place), my reports, feedback.
import { useEffect, useState } from 'react';
import { inWechat } from '../identity';
import { useT } from '../i18n';
import { useNav } from '../nav';
import { outbox, onSent } from '../state';
import { Alert, Page, useConfig } from '../ui';

export default function Index() {
  const t = useT();
  const nav = useNav();
  const config = useConfig();
  const [waiting, setWaiting] = useState(0);
  const report = inWechat() ? 'repair/repair-report' : 'repair/repair-report-nowx';
  useEffect(() => {
    const count = () => void outbox.list().then((l) => setWaiting(l.filter((i) => !i.error).length));
    count();
    return onSent(count);
  }, []);
  return (
    <Page title={t('title')} back={false}>
      <div className="cz-hero">
        <h2>{t('title')}</h2>
        <p>{t('subtitle')}</p>
      </div>
      {waiting ? <Alert kind="warn">{t('pendingOutbox', { n: waiting })}</Alert> : null}
      <button type="button" className="cz-tile" onClick={() => nav.go(report)} data-testid="citizen-report">
        {t('reportFault')}
        <small>{t('reportFaultHint')}</small>
      </button>
      <button
        type="button"
        className="cz-tile"
        onClick={() => nav.go(`repair/repair-report/scan?back=${inWechat() ? 'wx' : 'nowx'}`)}
        data-testid="citizen-scan"
      >
        {t('scan')}
      </button>
      <button
        type="button"
        className="cz-tile"
        onClick={() => nav.go('repair/my-log')}
        data-testid="citizen-my-log"
      >
        {t('myReports')}
      </button>
      <div className="cz-row">
        <button
          type="button"
          className="cz-tile"
          onClick={() => nav.go('feedback/feedback-add')}
          data-testid="citizen-feedback-add"
        >
          {t('feedback')}
        </button>
        <button
          type="button"
          className="cz-tile"
          onClick={() => nav.go('feedback/feedback-list')}
          data-testid="citizen-feedback-list"
        >
          {t('myFeedback')}
        </button>
      </div>
      <p className="cz-muted" style={{ textAlign: 'center' }}>
        <a href={`tel:${config.hotline}`}>{t('hotline', { hotline: config.hotline })}</a>
      </p>
    </Page>
  );
}
