// Who the citizen is: the phone path (number + the image code, or an SMS code when the server has a
// provider) and the chat app's openid (its web OAuth, a local double here). The session token stays
// on the phone.
import { useEffect, useState } from 'react';
import { CITIZEN_PHONE } from '@lighting/shared/core';
import { ApiFailure, api, newKey, sessionToken, setSessionToken, type SessionInfo } from './api';
import { store, useT } from './i18n';
import { Field, useConfig } from './ui';

export function useSession(): [SessionInfo | null | undefined, (s: SessionInfo | null) => void] {
  const [s, setS] = useState<SessionInfo | null | undefined>(
    sessionToken() || addressSignIn ? undefined : null,
  );
  useEffect(() => {
    let alive = true;
    // a chat-app sign-in the address carries is finished first (CitizenApp starts it)
    void pendingSignIn().then(() => {
      if (!sessionToken()) return alive && setS(null);
      api<SessionInfo | null>('GET', 'session')
        .then((r) => {
          if (!r.data) setSessionToken(null);
          if (alive) setS(r.data);
        })
        .catch(() => alive && setS(null));
    });
    return () => {
      alive = false;
    };
  }, []);
  return [s, setS];
}

const inWechat = (): boolean =>
  typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
export { inWechat };

/** Sends the browser through the chat app's OAuth; it comes back to `returnTo` with ?code&state. */
export function startWechatSignIn(returnTo: string): void {
  const state = newKey()
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 24);
  store.set('citizenWxState', state);
  location.assign(`/api/public/wx/authorize?${new URLSearchParams({ returnTo, state }).toString()}`);
}

let addressSignIn: Promise<SessionInfo | null> | null = null;

/**
 * Finishes, once per page load, the chat-app sign-in the address carries (?code&state coming back
 * from the OAuth); null when there is none or it failed. The outbox waits for it (CitizenApp), so a
 * report queued before the sign-in goes with the session.
 */
export function signInFromAddress(search: URLSearchParams): Promise<SessionInfo | null> {
  if (!addressSignIn && search.get('code') && search.get('state'))
    addressSignIn = finishWechatSignIn(search).catch(() => null);
  return addressSignIn ?? Promise.resolve(null);
}

/** The sign-in from the address if one was started, else nothing to wait for. */
export const pendingSignIn = (): Promise<SessionInfo | null> => addressSignIn ?? Promise.resolve(null);

/** Finishes the chat-app sign-in when the page was opened with ?code&state; null when it was not. */
export async function finishWechatSignIn(search: URLSearchParams): Promise<SessionInfo | null> {
  const code = search.get('code');
  const state = search.get('state');
  if (!code || !state) return null;
  const expected = store.get<string>('citizenWxState');
  store.set('citizenWxState', undefined);
  if (!expected || expected !== state) return null; // not the sign-in this phone started
  const r = await api<{ token: string; kind: 'openid'; display: string }>('POST', 'session/wx', { code });
  setSessionToken(r.data.token);
  return { kind: r.data.kind, display: r.data.display };
}

export function PhoneIdentity({ onDone }: { onDone: (s: SessionInfo) => void }) {
  const t = useT();
  const config = useConfig();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [ts, setTs] = useState(() => String(Date.now()));
  const [smsSent, setSmsSent] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const phoneOk = CITIZEN_PHONE.test(phone);
  const refresh = () => setTs(String(Date.now()));
  const needsSms = config.sms;

  const fail = (e: unknown) => {
    setError(e instanceof ApiFailure && e.code ? e.message.replace(/^\w+: /, '') : t('networkError'));
    refresh();
  };

  const sendSms = async () => {
    if (!phoneOk) return setError(t('phoneInvalid'));
    setBusy(true);
    try {
      await api('POST', 'session/sms', { phone, code: code.trim(), timestamp: ts });
      setSmsSent(true);
      setCode('');
      setError('');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (!phoneOk) return setError(t('phoneInvalid'));
    setBusy(true);
    try {
      const r = await api<{ token: string; kind: 'phone'; display: string }>('POST', 'session/phone', {
        phone,
        code: code.trim(),
        ...(needsSms ? {} : { timestamp: ts }),
      });
      setSessionToken(r.data.token);
      onDone({ kind: 'phone', display: r.data.display });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const showImage = !needsSms || !smsSent;
  return (
    <div className="cz-card" data-testid="citizen-identity">
      <h2>{t('identity')}</h2>
      <p className="cz-muted">{t('identityHint')}</p>
      <Field label={t('phone')} error={phone && !phoneOk ? t('phoneInvalid') : undefined}>
        <input
          className="cz-input"
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          data-testid="citizen-phone"
        />
      </Field>
      <Field label={showImage ? t('imageCode') : t('smsCode')}>
        <div className="cz-code">
          <input
            className="cz-input"
            maxLength={showImage ? 6 : 6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            data-testid="citizen-code"
          />
          {showImage ? (
            <img
              src={`/api/public/session/image-code/${ts}`}
              alt={t('refreshCode')}
              title={t('refreshCode')}
              onClick={refresh}
              data-testid="citizen-code-image"
              data-timestamp={ts}
            />
          ) : null}
        </div>
      </Field>
      {error ? (
        <div className="cz-err" role="alert">
          {error}
        </div>
      ) : null}
      {needsSms && !smsSent ? (
        <button type="button" className="cz-btn primary" disabled={busy} onClick={() => void sendSms()}>
          {t('sendSms')}
        </button>
      ) : (
        <button
          type="button"
          className="cz-btn primary"
          disabled={busy}
          onClick={() => void verify()}
          data-testid="citizen-verify"
        >
          {t('verify')}
        </button>
      )}
      {smsSent ? <p className="cz-muted">{t('smsSent')}</p> : null}
    </div>
  );
}
