// Feedback (suggestions and complaints, photos optional): add, my list, and the thread with the
// staff's replies. Everything is shown as text.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure, api, newKey, type FeedbackThread } from '../api';
import { preparePhotos, type PickedPhoto } from '../compress';
import { PhoneIdentity, inWechat, startWechatSignIn, useSession } from '../identity';
import { useT } from '../i18n';
import { useNav } from '../nav';
import { flushOutbox, outbox } from '../state';
import { Alert, Field, Page, PhotoThumb, fmt, usePoll } from '../ui';

/** How often an open thread asks for the staff's reply (no socket on the phone: polling). */
export const THREAD_POLL_MS = 15_000;

type Thread = FeedbackThread;

function Identity({ children }: { children: React.ReactNode }) {
  const t = useT();
  const nav = useNav();
  const [session, setSession] = useSession();
  if (session === undefined) return <p>{t('loading')}</p>;
  if (session) return <>{children}</>;
  if (inWechat())
    return (
      <button
        type="button"
        className="cz-btn primary"
        onClick={() => startWechatSignIn(`/bt/gzh/${nav.path}`)}
      >
        {t('verify')}
      </button>
    );
  return <PhoneIdentity onDone={setSession} />;
}

export function FeedbackAdd() {
  const t = useT();
  const nav = useNav();
  const [kind, setKind] = useState<'suggestion' | 'complaint'>('suggestion');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const idem = useRef(newKey());
  const submit = async () => {
    if (!title.trim()) return setError(t('titleRequired'));
    if (!content.trim()) return setError(t('contentRequired'));
    setBusy(true);
    setError('');
    await outbox.add({
      id: idem.current,
      kind: 'feedback',
      body: { kind, title, content },
      photos: photos.map((p) => ({ blob: p.blob })),
      createdAt: Date.now(),
    });
    await flushOutbox();
    const left = (await outbox.list()).find((i) => i.id === idem.current);
    setBusy(false);
    if (left?.error) {
      await outbox.discard(left.id);
      idem.current = newKey();
      setError(left.error.replace(/^[\w.]+: /, ''));
    } else if (left) setError(t('offlineQueued'));
  };
  return (
    <Page title={t('feedbackAdd')}>
      <Identity>
        <div className="cz-card">
          <Field label={t('feedbackKind')}>
            <div className="cz-types">
              {(['suggestion', 'complaint'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  className="cz-type"
                  aria-pressed={kind === k}
                  onClick={() => setKind(k)}
                >
                  {t(k)}
                </button>
              ))}
            </div>
          </Field>
          <Field label={t('feedbackTitle')}>
            <input
              className="cz-input"
              maxLength={100}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="citizen-feedback-title"
            />
          </Field>
          <Field label={t('feedbackContent')}>
            <textarea
              className="cz-input"
              maxLength={2000}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              data-testid="citizen-feedback-content"
            />
          </Field>
          <span className="cz-muted">{t('photos')}</span>
          <div className="cz-photos" style={{ marginTop: 6 }}>
            {photos.map((p) => (
              <PhotoThumb
                key={p.id}
                blob={p.blob}
                name={p.name}
                onRemove={() => setPhotos((list) => list.filter((x) => x.id !== p.id))}
              />
            ))}
            {photos.length < 3 ? (
              <label className="cz-add">
                +{t('addPhoto')}
                <input
                  type="file"
                  accept="image/*"
                  onChange={async (e) => {
                    const input = e.currentTarget;
                    // spec §5: a photo over the limit is refused with its message, never sent as it is
                    const { added, refusal } = await preparePhotos(
                      [...(input.files ?? [])],
                      3 - photos.length,
                      newKey,
                    );
                    setError(refusal ? t(refusal) : '');
                    setPhotos((list) => [...list, ...added].slice(0, 3));
                    input.value = '';
                  }}
                  data-testid="citizen-feedback-photo-input"
                />
              </label>
            ) : null}
          </div>
        </div>
        {error ? <Alert kind="danger">{error}</Alert> : null}
        <button
          type="button"
          className="cz-btn primary"
          disabled={busy}
          onClick={() => void submit()}
          data-testid="citizen-feedback-submit"
        >
          {busy ? t('submitting') : t('send')}
        </button>
        <button type="button" className="cz-btn" onClick={() => nav.go('feedback/feedback-list')}>
          {t('myFeedback')}
        </button>
      </Identity>
    </Page>
  );
}

export function FeedbackList() {
  const t = useT();
  const nav = useNav();
  const [list, setList] = useState<Array<{
    id: string;
    kind: string;
    title: string;
    state: string;
    createdAt: number;
  }> | null>(null);
  const [session] = useSession();
  useEffect(() => {
    if (!session) return;
    api<typeof list>('GET', 'feedback/mine')
      .then((r) => setList(r.data))
      .catch(() => setList([]));
  }, [session]);
  return (
    <Page title={t('myFeedback')}>
      <Identity>
        <div className="cz-card">
          {list === null ? <p>{t('loading')}</p> : null}
          {list?.length === 0 ? <p className="cz-muted">{t('noFeedback')}</p> : null}
          <ul className="cz-list" data-testid="citizen-feedback-items">
            {list?.map((f) => (
              <li key={f.id}>
                <button type="button" onClick={() => nav.go(`feedback/feedback-reply?id=${f.id}`)}>
                  <b>{f.title}</b>
                  <span className={`cz-badge ${f.state}`}>
                    {f.state === 'replied' ? t('feedbackReplied') : t('feedbackPending')}
                  </span>
                  <br />
                  <small>
                    {t(f.kind === 'complaint' ? 'complaint' : 'suggestion')} · {fmt(f.createdAt)}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <button type="button" className="cz-btn primary" onClick={() => nav.go('feedback/feedback-add')}>
          {t('feedbackAdd')}
        </button>
      </Identity>
    </Page>
  );
}

export function FeedbackReply() {
  const t = useT();
  const nav = useNav();
  const id = nav.search.get('id') ?? '';
  const [th, setTh] = useState<Thread | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [session] = useSession();
  const load = useCallback(() => {
    api<Thread>('GET', `feedback/${id}`)
      .then((r) => setTh(r.data))
      .catch((e: unknown) => setError(e instanceof ApiFailure && e.code ? e.message : t('networkError')));
  }, [id, t]);
  useEffect(() => {
    if (session) load();
  }, [session, load]);
  // the staff's reply arrives while the thread is open; a failed poll says nothing (the next one tries)
  const refresh = useCallback(() => {
    api<Thread>('GET', `feedback/${id}`).then(
      (r) => setTh(r.data),
      () => undefined,
    );
  }, [id]);
  usePoll(refresh, THREAD_POLL_MS, !!session && !!id);
  const send = async () => {
    if (!text.trim()) return;
    try {
      setTh((await api<Thread>('POST', `feedback/${id}/replies`, { content: text })).data);
      setText('');
    } catch (e) {
      setError(e instanceof ApiFailure && e.code ? e.message : t('networkError'));
    }
  };
  const rate = async (n: number) => {
    try {
      setTh((await api<Thread>('POST', `feedback/${id}/rate`, { satisfaction: n })).data);
    } catch (e) {
      setError(e instanceof ApiFailure && e.code ? e.message : t('networkError'));
    }
  };
  return (
    <Page title={t('feedback')}>
      <Identity>
        {error ? <Alert kind="danger">{error}</Alert> : null}
        {th ? (
          <div className="cz-card" data-testid="citizen-thread">
            <h2>{th.title}</h2>
            <div className="cz-bubble citizen">
              <small>
                {t('you')} · {fmt(th.createdAt)}
              </small>
              {th.content}
            </div>
            {th.photos.length ? (
              <div className="cz-photos">
                {th.photos.map((u) => (
                  <div className="cz-photo" key={u}>
                    <img src={u} alt="" loading="lazy" />
                  </div>
                ))}
              </div>
            ) : null}
            {th.replies.map((r) => (
              <div
                key={r.id}
                className={`cz-bubble ${r.authorKind}`}
                data-testid={`citizen-reply-${r.authorKind}`}
              >
                <small>
                  {r.authorKind === 'staff' ? t('serviceCentre') : t('you')} · {fmt(r.createdAt)}
                </small>
                {r.content}
              </div>
            ))}
            <Field label="">
              <textarea
                className="cz-input"
                maxLength={2000}
                value={text}
                placeholder={t('replyPlaceholder')}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            <button
              type="button"
              className="cz-btn primary"
              disabled={!text.trim()}
              onClick={() => void send()}
            >
              {t('send')}
            </button>
            {th.repliedAt ? (
              <div style={{ marginTop: 12 }}>
                <span className="cz-muted">
                  {th.satisfaction ? t('rated', { n: th.satisfaction }) : t('rate')}
                </span>
                <div className="cz-stars">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <button
                      key={n}
                      type="button"
                      className={(th.satisfaction ?? 0) >= n ? 'on' : ''}
                      onClick={() => void rate(n)}
                      aria-label={`${n}`}
                    >
                      ★
                    </button>
                  ))}
                </div>
              </div>
            ) : null}
          </div>
        ) : !error ? (
          <p>{t('loading')}</p>
        ) : null}
      </Identity>
    </Page>
  );
}
