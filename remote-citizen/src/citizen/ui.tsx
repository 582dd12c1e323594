// Small building blocks of the citizen pages (plain elements and the one stylesheet: no UI library
// on the phone).
import { useEffect, useState, type ReactNode } from 'react';
import { formatCityTime } from '@lighting/shared/core';
import { api, type PublicConfig } from './api';
import { LANGS, setLang, useLang, useT, type Lang } from './i18n';
import { useNav } from './nav';

let config: Promise<PublicConfig> | null = null;
export function loadConfig(): Promise<PublicConfig> {
  config ??= api<PublicConfig>('GET', 'config')
    .then((r) => r.data)
    .catch(() => {
      config = null;
      return { hotline: '12345', sms: false, wechat: 'double' as const };
    });
  return config;
}

export function useConfig(): PublicConfig {
  const [c, setC] = useState<PublicConfig>({ hotline: '12345', sms: false, wechat: 'double' });
  useEffect(() => {
    let alive = true;
    void loadConfig().then((v) => alive && setC(v));
    return () => {
      alive = false;
    };
  }, []);
  return c;
}

/**
 * Keeps an open page current without a socket (citizens have no sign-in socket): calls `load` every
 * `ms` while the page is shown and the phone is online, and at once when the page is shown again or
 * the network returns. Nothing runs while the page is hidden.
 */
export function usePoll(load: () => void, ms: number, enabled = true): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const shown = () => document.visibilityState === 'visible';
    const tick = () => {
      if (shown() && navigator.onLine) load();
    };
    const again = () => {
      if (shown()) load();
    };
    const timer = setInterval(tick, ms);
    document.addEventListener('visibilitychange', again);
    addEventListener('online', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
      removeEventListener('online', again);
    };
  }, [load, ms, enabled]);
}

const LANG_NAMES: Record<Lang, string> = { zh: '简体', zhtw: '繁體', en: 'EN' };

export function Page({
  title,
  back = true,
  children,
}: {
  title: string;
  back?: boolean;
  children: ReactNode;
}) {
  const nav = useNav();
  const t = useT();
  const lang = useLang();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="cz" data-testid="citizen-page">
      <header className="cz-top">
        {back ? (
          <button
            type="button"
            className="cz-icon"
            aria-label={t('back')}
            onClick={() => (history.length > 1 ? history.back() : nav.go(''))}
          >
            ‹
          </button>
        ) : (
          <span style={{ width: 8 }} />
        )}
        <h1>{title}</h1>
        <select
          aria-label={t('language')}
          value={lang}
          onChange={(e) => setLang(e.target.value as Lang)}
          data-testid="citizen-lang"
        >
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {LANG_NAMES[l]}
            </option>
          ))}
        </select>
      </header>
      <main className="cz-main">{children}</main>
    </div>
  );
}

export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="cz-field">
      <span>{label}</span>
      {children}
      {error ? <div className="cz-err">{error}</div> : null}
    </label>
  );
}

export function Alert({
  kind,
  title,
  children,
  testId,
}: {
  kind: 'danger' | 'info' | 'ok' | 'warn';
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`cz-alert ${kind}`} role={kind === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      {title ? <strong>{title}</strong> : null}
      {children}
    </div>
  );
}

/**
 * A picked photo's thumbnail with its remove button, which asks first (spec §5: 确定移除 {name}？), and
 * its upload status while sending.
 */
export function PhotoThumb({
  blob,
  name,
  status = '',
  onRemove,
}: {
  blob: Blob;
  name: string;
  status?: string;
  onRemove: () => void;
}) {
  const t = useT();
  const [url, setUrl] = useState('');
  useEffect(() => {
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return (
    <div className="cz-photo" data-testid="citizen-photo">
      {url ? <img src={url} alt={name} /> : null}
      <button
        type="button"
        aria-label={t('remove')}
        onClick={() => confirm(t('removeConfirm', { name })) && onRemove()}
        data-testid="citizen-photo-remove"
      >
        ×
      </button>
      {status ? <span>{status}</span> : null}
    </div>
  );
}

/** yyyy-MM-dd HH:mm in the city's time (Asia/Shanghai), whatever the phone's zone: the one time rule. */
export function fmt(ms: number | null | undefined): string {
  if (!ms) return '';
  return formatCityTime(ms, 'YYYY-MM-DD HH:mm');
}
