// My reports: what the server has (this phone's, this citizen's from any phone, and the reports they
// said "me too" on, following those reports' status) and what still waits in the outbox.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useLang, useT } from '../i18n';
import { useNav } from '../nav';
import { onSent, outbox } from '../state';
import { Alert, Page, fmt } from '../ui';
import { categoryName } from './Report';
import type { CitizenReport } from '../api';

export default function MyLog() {
  const t = useT();
  const lang = useLang();
  const nav = useNav();
  const [list, setList] = useState<CitizenReport[] | null>(null);
  const [waiting, setWaiting] = useState<
    Array<{ id: string; category: string; createdAt: number; error?: string }>
  >([]);
  const [error, setError] = useState(false);
  useEffect(() => {
    const load = () => {
      api<CitizenReport[]>('GET', 'reports/mine')
        .then((r) => setList(r.data))
        .catch(() => setError(true));
      void outbox.list().then((l) =>
        setWaiting(
          l
            .filter((i) => i.kind === 'report')
            .map((i) => ({
              id: i.id,
              category: String(i.body.category ?? ''),
              createdAt: i.createdAt,
              error: i.error,
            })),
        ),
      );
    };
    load();
    return onSent(load);
  }, []);
  return (
    <Page title={t('myReports')}>
      {error ? <Alert kind="warn">{t('networkError')}</Alert> : null}
      {waiting.map((w) => (
        <Alert key={w.id} kind={w.error ? 'danger' : 'warn'} title={categoryName(w.category, lang)}>
          {w.error ?? t('pendingOutbox', { n: 1 })} · {fmt(w.createdAt)}
        </Alert>
      ))}
      <div className="cz-card">
        {list === null && !error ? <p>{t('loading')}</p> : null}
        {list?.length === 0 && !waiting.length ? <p className="cz-muted">{t('noReports')}</p> : null}
        <ul className="cz-list" data-testid="citizen-my-reports">
          {list?.map((r) => (
            <li key={r.id}>
              <button type="button" onClick={() => nav.go(`repair/repair-log?id=${r.id}`)}>
                <b>{categoryName(r.category, lang)}</b>
                <span className={`cz-badge ${r.state}`}>{t(`state_${r.state}`)}</span>
                {r.supported ? (
                  <span className="cz-badge" data-testid="citizen-me-too-badge">
                    {t('meTooBadge')}
                  </span>
                ) : null}
                <br />
                <small>
                  {r.refNo} · {r.site?.code} · {fmt(r.createdAt)}
                </small>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Page>
  );
}
