// A report's log as the citizen sees it (received → dispatched → in progress → fixed → verified, with
// dates, following the repair order) and, at the end, "is it fixed?".
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, api, type CitizenReport } from '../api';
import { useLang, useT } from '../i18n';
import { useNav } from '../nav';
import { Alert, Page, fmt } from '../ui';
import { categoryName } from './Report';

export type { CitizenReport } from '../api';
export default function RepairLog() {
  const t = useT();
  const lang = useLang();
  const nav = useNav();
  const id = nav.search.get('id') ?? '';
  const [r, setR] = useState<CitizenReport | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const load = useCallback(() => {
    setError('');
    api<CitizenReport>('GET', `reports/${id}`)
      .then((x) => setR(x.data))
      .catch((e: unknown) => setError(e instanceof ApiFailure && e.code ? e.message : t('networkError')));
  }, [id, t]);
  useEffect(load, [load]);

  const confirmFixed = async (fixed: boolean) => {
    try {
      const x = await api<CitizenReport>('POST', `reports/${id}/confirm`, { fixed });
      setR(x.data);
      setNotice(x.msg);
    } catch (e) {
      setError(e instanceof ApiFailure && e.code ? e.message.replace(/^\w+: /, '') : t('networkError'));
    }
  };

  return (
    <Page title={t('progress')}>
      {error ? (
        <Alert kind="danger">
          {error}{' '}
          <button type="button" className="cz-btn" onClick={load}>
            {t('retry')}
          </button>
        </Alert>
      ) : null}
      {notice ? <Alert kind="ok">{notice}</Alert> : null}
      {!r && !error ? <p>{t('loading')}</p> : null}
      {r ? (
        <>
          <div className="cz-card" data-testid="citizen-report-log">
            <span className="cz-muted">{t('refNo')}</span>
            <div className="cz-ref">{r.refNo}</div>
            <dl className="cz-kv">
              <dt>{t('faultType')}</dt>
              <dd>
                {categoryName(r.category, lang)}
                <span className={`cz-badge ${r.state}`} data-testid="citizen-state">
                  {t(`state_${r.state}`)}
                </span>
                {r.supported ? <span className="cz-badge">{t('meTooBadge')}</span> : null}
              </dd>
              {r.site ? (
                <>
                  <dt>{t('location')}</dt>
                  <dd>
                    {r.site.code} · {r.site.district}
                    {r.site.road}
                  </dd>
                </>
              ) : null}
              <dt>{t('reportedAt')}</dt>
              <dd>{fmt(r.createdAt)}</dd>
              <dt>{t('expected')}</dt>
              <dd>{fmt(r.expectedAt)}</dd>
              {r.agency ? (
                <>
                  <dt>{t('maintainer')}</dt>
                  <dd>{r.agency}</dd>
                </>
              ) : null}
              <dt />
              <dd className="cz-muted">{t('supporters', { n: r.supportCount })}</dd>
            </dl>
            {r.description ? <p style={{ whiteSpace: 'pre-wrap' }}>{r.description}</p> : null}
            {r.photos?.length ? (
              <div className="cz-photos">
                {r.photos.map((u) => (
                  <div className="cz-photo" key={u}>
                    <img src={u} alt="" loading="lazy" />
                  </div>
                ))}
              </div>
            ) : null}
          </div>
          <div className="cz-card">
            <h2>{t('progress')}</h2>
            <ol className="cz-steps">
              {r.steps.map((s) => (
                <li key={s.state} className={s.at ? 'done' : ''}>
                  {t(`state_${s.state}`)}
                  {s.at ? <small>{fmt(s.at)}</small> : null}
                </li>
              ))}
            </ol>
          </div>
          {r.canConfirm ? (
            <div className="cz-card" data-testid="citizen-confirm">
              <h2>{t('isFixed')}</h2>
              <div className="cz-row">
                <button type="button" className="cz-btn primary" onClick={() => void confirmFixed(true)}>
                  {t('yesFixed')}
                </button>
                <button type="button" className="cz-btn" onClick={() => void confirmFixed(false)}>
                  {t('notFixed')}
                </button>
              </div>
            </div>
          ) : null}
          {r.fixedConfirmed === 1 ? <Alert kind="ok">{t('confirmedFixed')}</Alert> : null}
        </>
      ) : null}
    </Page>
  );
}
