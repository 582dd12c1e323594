// After a report: the reference number, what happens next and by when (the repair targets).
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useLang, useT } from '../i18n';
import { useNav } from '../nav';
import { Alert, Page, fmt, useConfig } from '../ui';
import { categoryName } from './Report';
import type { CitizenReport } from '../api';

export default function Success() {
  const t = useT();
  const lang = useLang();
  const nav = useNav();
  const config = useConfig();
  const id = nav.search.get('id') ?? '';
  const folded = nav.search.get('folded') === '1';
  const [r, setR] = useState<CitizenReport | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id) return;
    api<CitizenReport>('GET', `reports/${id}`)
      .then((x) => setR(x.data))
      .catch(() => setFailed(true));
  }, [id]);
  return (
    <Page title={t('successTitle')} back={false}>
      <Alert kind="ok" title={folded ? t('folded') : t('successTitle')} testId="citizen-success" />
      {failed ? <Alert kind="warn">{t('networkError')}</Alert> : null}
      {r ? (
        <div className="cz-card">
          <span className="cz-muted">{t('refNo')}</span>
          <div className="cz-ref" data-testid="citizen-ref">
            {r.refNo}
          </div>
          <dl className="cz-kv">
            <dt>{t('faultType')}</dt>
            <dd>{categoryName(r.category, lang)}</dd>
            <dt>{t('expected')}</dt>
            <dd data-testid="citizen-expected" data-at={r.expectedAt}>
              {fmt(r.expectedAt)}
            </dd>
          </dl>
          <h2 style={{ marginTop: 12 }}>{t('whatNext')}</h2>
          <p style={{ margin: 0 }}>{t('whatNextBody', { date: fmt(r.expectedAt) })}</p>
          {r.urgency === 3 ? (
            <Alert kind="danger" title={t('urgentTitle')}>
              {t('urgentBody', { hotline: config.hotline })}
            </Alert>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className="cz-btn primary"
        onClick={() => nav.go(`repair/repair-log?id=${id}`)}
        disabled={!id}
      >
        {t('viewProgress')}
      </button>
      <button type="button" className="cz-btn" onClick={() => nav.go('')}>
        {t('backHome')}
      </button>
    </Page>
  );
}
