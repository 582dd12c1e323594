// Reporting a fault (repair-report inside the chat app, repair-report-nowx with a phone number):
// where (a scanned pole, a typed number, a light near the GPS position), what (the street-light list;
// the urgent ones say keep away and show the hotline), description, up to 3 photos compressed on the
// phone, an optional private contact. An open report at the same pole is offered as "me too". The form
// is kept on the phone while it is filled in; a sent report waits in the outbox until the server has it.
// One submission is one report whatever the taps: the form keeps the key it was first sent under, and
// while it waits for the network the button stays off with the waiting state beside it. A code in the
// address that is forged, altered or unknown clears the place and says so at the top.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { CITIZEN_CATEGORIES, CITIZEN_PHONE, citizenCategory, qrTokenOf } from '@lighting/shared/core';
import { ApiFailure, api, newKey, type NearLight, type SiteView } from '../api';
import { preparePhotos, type PickedPhoto } from '../compress';
import { PhoneIdentity, startWechatSignIn, useSession } from '../identity';
import { useLang, useT } from '../i18n';
import { useNav } from '../nav';
import { REPORT_DRAFT, flushOutbox, kv, onFlushed, onProgress, outbox } from '../state';
import { Alert, Field, Page, PhotoThumb, fmt, useConfig } from '../ui';

const PinPicker = lazy(() => import(/* webpackChunkName: "citizen-pin" */ '../PinPicker'));

type DraftPhoto = PickedPhoto;

interface Draft {
  category: string;
  site: SiteView | null;
  qr: string;
  locationSource: 'qr' | 'code' | 'gps' | 'pin' | '';
  lat: number | null;
  lng: number | null;
  description: string;
  contactName: string;
  contactPhone: string;
  photos: DraftPhoto[];
  /** The idempotency key the form was submitted under ('' before): a second tap sends the same. */
  key: string;
}

const EMPTY: Draft = {
  category: '',
  site: null,
  qr: '',
  locationSource: '',
  lat: null,
  lng: null,
  description: '',
  contactName: '',
  contactPhone: '',
  photos: [],
  key: '',
};

const DRAFT_KEY = REPORT_DRAFT;
type Nearby = NearLight[];

export function categoryName(code: string, lang: 'zh' | 'zhtw' | 'en'): string {
  return citizenCategory(code)?.name[lang] ?? code;
}

export default function Report({ mode }: { mode: 'wx' | 'nowx' }) {
  const t = useT();
  const lang = useLang();
  const nav = useNav();
  const config = useConfig();
  const [session, setSession] = useSession();
  const [d, setD] = useState<Draft>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [nearby, setNearby] = useState<Nearby | null>(null);
  const [gpsMsg, setGpsMsg] = useState('');
  const [compressing, setCompressing] = useState(0);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [queuedId, setQueuedId] = useState('');
  /** The submitted report waits in the outbox for the network (the button stays off). */
  const [waiting, setWaiting] = useState(false);
  const [siteError, setSiteError] = useState('');
  const submitting = useRef(false);
  const [meToo, setMeToo] = useState<Record<string, boolean>>({});
  const [picking, setPicking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const self = mode === 'wx' ? 'repair/repair-report' : 'repair/repair-report-nowx';

  const update = useCallback((patch: Partial<Draft>) => {
    setD((prev) => {
      const next = { ...prev, ...patch };
      void kv.set(DRAFT_KEY, next);
      return next;
    });
  }, []);

  const lookup = useCallback(
    async (
      q: { qr?: string; code?: string },
      source: Draft['locationSource'],
      at?: { lat: number; lng: number },
    ) => {
      setBusy('site');
      setError('');
      setSiteError('');
      try {
        const qs = new URLSearchParams(q.qr ? { qr: q.qr } : { code: q.code ?? '' });
        const r = await api<SiteView>('GET', `sites?${qs.toString()}`);
        update({
          site: r.data,
          qr: q.qr ?? '',
          locationSource: source,
          lat: at?.lat ?? null,
          lng: at?.lng ?? null,
        });
        setNearby(null);
      } catch (e) {
        // the place asked for is not known: no earlier pole stays on the form as if it were this one
        update({ site: null, qr: '', locationSource: '', lat: null, lng: null });
        setSiteError(
          e instanceof ApiFailure && e.code === 400
            ? t(q.qr ? 'badQr' : 'unknownCode')
            : e instanceof ApiFailure && e.code
              ? e.message.replace(/^\w+: /, '')
              : t('networkError'),
        );
      } finally {
        setBusy('');
      }
    },
    [t, update],
  );

  // the kept form, then what the address says (a scanned code, a chat-app sign-in coming back)
  useEffect(() => {
    let alive = true;
    void (async () => {
      let kept = await kv.get<Draft>(DRAFT_KEY);
      if (kept?.key) {
        // submitted before: still waiting, refused, or already with the server (the form is done)
        const item = (await outbox.list()).find((i) => i.id === kept?.key);
        if (!item) {
          await kv.del(DRAFT_KEY);
          kept = undefined;
        } else if (item.error) {
          await outbox.discard(item.id);
          kept = { ...kept, key: '' };
          void kv.set(DRAFT_KEY, kept);
          setError(item.error.replace(/^[\w.]+: /, ''));
        } else {
          setQueuedId(item.id);
          setWaiting(true);
        }
      }
      if (!alive) return;
      if (kept) setD({ ...EMPTY, ...kept });
      setLoaded(true);
      const qr = nav.search.get('qr');
      const token = qr ? qrTokenOf(qr) : null;
      const typed = nav.search.get('code');
      if (token) await lookup({ qr: token }, 'qr');
      else if (qr) {
        update({ site: null, qr: '', locationSource: '', lat: null, lng: null });
        setSiteError(t('notOurCode'));
      }
      // (?code&state is the chat app's sign-in coming back: CitizenApp finishes it)
      else if (typed && !nav.search.get('state')) await lookup({ code: typed }, 'code');
    })();
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening of the page
  }, []);

  // while the report waits, each send of the outbox says what became of it: sent (the app opens the
  // result), refused (said here, the form can be corrected), or still waiting
  useEffect(() => {
    if (!waiting || !queuedId) return undefined;
    return onFlushed(() => {
      void outbox.list().then(async (items) => {
        const item = items.find((i) => i.id === queuedId);
        if (!item?.error) return;
        await outbox.discard(item.id);
        setWaiting(false);
        setD((prev) => {
          const next = { ...prev, key: '' };
          void kv.set(DRAFT_KEY, next);
          return next;
        });
        setError(item.error.replace(/^[\w.]+: /, ''));
      });
    });
  }, [waiting, queuedId]);

  useEffect(
    () =>
      onProgress((id, i, pct) => {
        if (id === queuedId) setProgress((p) => ({ ...p, [i]: pct }));
      }),
    [queuedId],
  );

  const useGps = () => {
    setGpsMsg(t('gpsLocating'));
    if (!navigator.geolocation) return setGpsMsg(t('gpsUnavailable'));
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        setGpsMsg('');
        const { latitude: lat, longitude: lng } = pos.coords;
        try {
          const r = await api<Nearby>('GET', `sites/nearby?lat=${lat}&lng=${lng}`);
          setNearby(r.data);
          update({ lat, lng });
        } catch {
          setGpsMsg(t('networkError'));
        }
      },
      (err) => setGpsMsg(err.code === err.PERMISSION_DENIED ? t('gpsDenied') : t('gpsUnavailable')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const { added, refusal } = await preparePhotos([...files], 3 - d.photos.length, newKey, undefined, (n) =>
      setCompressing((c) => c + n),
    );
    if (refusal) setError(t(refusal));
    setD((prev) => {
      const next = { ...prev, photos: [...prev.photos, ...added].slice(0, 3) };
      void kv.set(DRAFT_KEY, next);
      return next;
    });
    if (fileInput.current) fileInput.current.value = '';
  };

  const removePhoto = (p: DraftPhoto) => update({ photos: d.photos.filter((x) => x.id !== p.id) });

  const picked = (code: string, at: { lat: number; lng: number }) => {
    setPicking(false);
    void lookup({ code }, 'pin', at);
  };

  const support = async (id: string) => {
    try {
      const r = await api<{ counted: boolean }>('POST', `reports/${id}/support`);
      setMeToo((m) => ({ ...m, [id]: true }));
      setNotice(r.msg || t('meTooDone'));
    } catch (e) {
      setError(e instanceof ApiFailure && e.code ? e.message : t('networkError'));
    }
  };

  const submit = async () => {
    // one submission, whatever the taps: a tap while one is on its way or waiting does nothing
    if (submitting.current || waiting) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  };

  const send = async () => {
    setError('');
    if (!d.site) return setError(t('needPlace'));
    if (!d.category) return setError(t('needType'));
    if (d.contactPhone && !CITIZEN_PHONE.test(d.contactPhone)) return setError(t('phoneInvalid'));
    // the key stays with the form until the server has it: sending it again files nothing new
    const id = d.key || newKey();
    const draft = { ...d, key: id };
    setD(draft);
    await kv.set(DRAFT_KEY, draft);
    const body: Record<string, unknown> = {
      channel: mode === 'wx' ? 'gzh' : 'nowx',
      category: d.category,
      locationSource: d.locationSource || 'code',
      description: d.description,
      contactName: d.contactName,
      contactPhone: d.contactPhone,
    };
    if (d.locationSource === 'qr') body.qr = d.qr;
    else body.assetCode = d.site.code;
    if ((d.locationSource === 'gps' || d.locationSource === 'pin') && d.lat !== null && d.lng !== null) {
      body.lat = d.lat;
      body.lng = d.lng;
    }
    await outbox.add({
      id,
      kind: 'report',
      body,
      photos: d.photos.map((p) => ({ blob: p.blob })),
      createdAt: Date.now(),
    });
    setQueuedId(id);
    setBusy('submit');
    if (mode === 'wx' && !session) {
      startWechatSignIn(`/bt/gzh/${self}`);
      return;
    }
    if (!navigator.onLine) {
      setBusy('');
      setWaiting(true);
      return;
    }
    await flushOutbox();
    const left = (await outbox.list()).find((i) => i.id === id);
    setBusy('');
    if (left?.error) {
      await outbox.discard(id);
      const again = { ...draft, key: '' };
      setD(again);
      void kv.set(DRAFT_KEY, again);
      setError(left.error.replace(/^[\w.]+: /, ''));
    } else if (left) setWaiting(true);
    else await kv.del(DRAFT_KEY);
  };

  const cat = citizenCategory(d.category);
  const sending = busy === 'submit';
  const showIdentity = mode === 'nowx' && session === null;
  if (!loaded) return <Page title={t('reportFault')}>{t('loading')}</Page>;
  return (
    <Page title={t('reportFault')}>
      {siteError ? (
        <Alert kind="danger" testId="citizen-site-error">
          {siteError}
        </Alert>
      ) : null}
      {notice ? (
        <Alert kind="ok" testId="citizen-notice">
          {notice}
        </Alert>
      ) : null}

      <section className="cz-card" data-testid="citizen-location">
        <h2>{t('location')}</h2>
        {d.site ? (
          <>
            <dl className="cz-kv" data-testid="citizen-site">
              <dt>{d.site.poleCode ? t('pole') : t('lamp')}</dt>
              <dd>
                <b data-testid="citizen-site-code">{d.site.poleCode ?? d.site.code}</b>
                {d.locationSource === 'qr' ? <span className="cz-badge">{t('fromQr')}</span> : null}
                {d.locationSource === 'pin' ? <span className="cz-badge">{t('fromPin')}</span> : null}
              </dd>
              <dt>{t('road')}</dt>
              <dd>{d.site.road}</dd>
              <dt>{t('district')}</dt>
              <dd>{d.site.district}</dd>
              {d.site.maintainer ? (
                <>
                  <dt>{t('maintainer')}</dt>
                  <dd>{d.site.maintainer}</dd>
                </>
              ) : null}
            </dl>
            <button
              type="button"
              className="cz-btn"
              style={{ marginTop: 10 }}
              onClick={() => update({ site: null, qr: '', locationSource: '' })}
              data-testid="citizen-change-site"
            >
              {t('change')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="cz-btn primary"
              onClick={() => nav.go(`repair/repair-report/scan?back=${mode}`)}
              data-testid="citizen-go-scan"
            >
              {t('scanPole')}
            </button>
            <Field label={t('typeCode')}>
              <div className="cz-row">
                <input
                  className="cz-input"
                  value={code}
                  placeholder={t('codePlaceholder')}
                  maxLength={32}
                  autoCapitalize="characters"
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="citizen-code-input"
                />
                <button
                  type="button"
                  className="cz-btn"
                  style={{ flex: '0 0 88px' }}
                  disabled={!code.trim() || busy === 'site'}
                  onClick={() => void lookup({ code: code.trim() }, 'code')}
                  data-testid="citizen-code-find"
                >
                  {t('find')}
                </button>
              </div>
            </Field>
            <button type="button" className="cz-btn" onClick={useGps} data-testid="citizen-gps">
              {t('useGps')}
            </button>
            <button
              type="button"
              className="cz-btn"
              onClick={() => setPicking(true)}
              data-testid="citizen-pick-plan"
            >
              {t('pickPlace')}
            </button>
            {picking ? (
              <Suspense fallback={<p>{t('loading')}</p>}>
                <PinPicker onPick={picked} onCancel={() => setPicking(false)} />
              </Suspense>
            ) : null}
            {gpsMsg ? (
              <p className="cz-muted" role="status">
                {gpsMsg}
              </p>
            ) : null}
            {nearby ? (
              nearby.length ? (
                <>
                  <p className="cz-muted">{t('nearbyTitle')}</p>
                  <ul className="cz-list">
                    {nearby.map((a) => (
                      <li key={a.code}>
                        <button
                          type="button"
                          onClick={() =>
                            void lookup(
                              { code: a.code },
                              'gps',
                              d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : undefined,
                            )
                          }
                        >
                          <b>{a.code}</b> {a.road} <small>{t('metres', { n: a.distance })}</small>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="cz-muted">{t('nearbyNone')}</p>
              )
            ) : null}
          </>
        )}
      </section>

      {d.site && d.site.openReports.length ? (
        <section className="cz-card" data-testid="citizen-open-reports">
          <h2>{t('alreadyReported')}</h2>
          {d.site.openReports.map((r) => (
            <div key={r.id} style={{ marginBottom: 10 }}>
              <p style={{ margin: '0 0 6px' }}>
                {t('alreadyReportedBody', {
                  date: fmt(r.createdAt),
                  type: categoryName(r.category, lang),
                  n: r.supportCount + (meToo[r.id] ? 1 : 0),
                })}
              </p>
              <button
                type="button"
                className="cz-btn primary"
                disabled={!!meToo[r.id]}
                onClick={() => void support(r.id)}
                data-testid="citizen-me-too"
              >
                {meToo[r.id] ? t('meTooDone') : t('meToo')}
              </button>
            </div>
          ))}
          <p className="cz-muted">{t('differentProblem')} ↓</p>
        </section>
      ) : null}

      <section className="cz-card">
        <h2>{t('faultType')}</h2>
        <div className="cz-types" role="group" aria-label={t('faultType')}>
          {CITIZEN_CATEGORIES.map((c) => (
            <button
              key={c.code}
              type="button"
              className={`cz-type${c.danger ? ' danger' : ''}`}
              aria-pressed={d.category === c.code}
              onClick={() => update({ category: c.code })}
              data-testid={`citizen-type-${c.code}`}
            >
              {c.name[lang]}
            </button>
          ))}
        </div>
      </section>

      {cat?.danger ? (
        <Alert kind="danger" title={t('urgentTitle')} testId="citizen-danger">
          <p style={{ margin: '0 0 8px' }}>{t('urgentBody', { hotline: config.hotline })}</p>
          <a className="cz-btn danger" href={`tel:${config.hotline}`}>
            {t('callHotline', { hotline: config.hotline })}
          </a>
        </Alert>
      ) : null}

      <section className="cz-card">
        <Field label={t('description')}>
          <textarea
            className="cz-input"
            maxLength={500}
            value={d.description}
            placeholder={t('descriptionPlaceholder')}
            onChange={(e) => update({ description: e.target.value })}
            data-testid="citizen-description"
          />
        </Field>
        <span className="cz-muted">{t('photos')}</span>
        <div className="cz-photos" style={{ marginTop: 6 }}>
          {d.photos.map((p, i) => (
            <PhotoThumb
              key={p.id}
              blob={p.blob}
              name={p.name}
              onRemove={() => removePhoto(p)}
              status={
                sending
                  ? progress[i] === 100
                    ? t('uploaded')
                    : progress[i] !== undefined
                      ? t('uploading', { p: progress[i] ?? 0 })
                      : t('waiting')
                  : ''
              }
            />
          ))}
          {compressing > 0 ? <div className="cz-add">{t('compressing')}</div> : null}
          {d.photos.length < 3 ? (
            <label className="cz-add">
              <span style={{ fontSize: 28 }}>+</span>
              {t('addPhoto')}
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                multiple
                onChange={(e) => void addPhotos(e.target.files)}
                data-testid="citizen-photo-input"
              />
            </label>
          ) : null}
        </div>
      </section>

      <section className="cz-card">
        <h2 style={{ fontSize: 15 }}>{t('contact')}</h2>
        <div className="cz-row">
          <Field label={t('contactName')}>
            <input
              className="cz-input"
              maxLength={50}
              value={d.contactName}
              onChange={(e) => update({ contactName: e.target.value })}
              data-testid="citizen-contact-name"
            />
          </Field>
          <Field
            label={t('contactPhone')}
            error={d.contactPhone && !CITIZEN_PHONE.test(d.contactPhone) ? t('phoneInvalid') : undefined}
          >
            <input
              className="cz-input"
              inputMode="tel"
              maxLength={11}
              value={d.contactPhone}
              onChange={(e) => update({ contactPhone: e.target.value.replace(/\D/g, '') })}
              data-testid="citizen-contact-phone"
            />
          </Field>
        </div>
      </section>

      {showIdentity ? <PhoneIdentity onDone={setSession} /> : null}
      {session?.kind === 'phone' ? (
        <p className="cz-muted">{t('verifiedAs', { phone: session.display })}</p>
      ) : null}

      {error ? (
        <Alert kind="danger" testId="citizen-error">
          {error}
        </Alert>
      ) : null}
      {waiting ? (
        <Alert kind="warn" testId="citizen-queued">
          {t('offlineQueued')}
        </Alert>
      ) : null}
      <button
        type="button"
        className="cz-btn primary"
        disabled={sending || waiting || showIdentity || session === undefined}
        onClick={() => void submit()}
        data-testid="citizen-submit"
      >
        {waiting
          ? t('queuedWaiting')
          : sending
            ? mode === 'wx' && !session
              ? t('wxSigningIn')
              : t('submitting')
            : t('submit')}
      </button>
      <p className="cz-muted" style={{ textAlign: 'center' }}>
        {t('hotline', { hotline: config.hotline })}
      </p>
    </Page>
  );
}
