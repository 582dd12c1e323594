// The one HTTP client every app uses (spec §7, §8). Policy decisions are pure (core/http.ts);
// this module wires them to axios, the session and the toast.
import axios, {
  AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import i18next from 'i18next';
import { getConfig } from '../config/runtime';
import { htmlLang } from '../core/menuLabels';
import {
  decideResponse,
  NETWORK_ERROR_MESSAGE,
  TOAST_SECONDS,
  timeoutFor,
  withTimestamp,
  isSilentEndpoint,
} from '../core/http';
import { toast } from '../ui/toast';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface RequestOptions extends AxiosRequestConfig {
  /** Hand the raw envelope back whatever its code (data source test, model config calls). */
  passThrough?: boolean;
}

interface Hooks {
  getToken: () => string | null;
  onAuthReset: () => void;
  /** How the page reloads after a session reset (tests replace it). */
  reload: () => void;
}

let hooks: Hooks = {
  getToken: () => null,
  onAuthReset: () => undefined,
  reload: () => window.location.reload(),
};

/** The session store registers how to read the token and how to reset the session. */
export function configureHttp(h: Partial<Hooks>): void {
  hooks = { ...hooks, ...h };
}

function onLoginPage(): boolean {
  return typeof window !== 'undefined' && /\/login(-new)?$/.test(window.location.pathname);
}

export const http = axios.create();

http.interceptors.request.use((cfg: InternalAxiosRequestConfig) => {
  const runtime = getConfig();
  const url = cfg.url ?? '';
  cfg.baseURL = runtime.apiBase;
  cfg.timeout = timeoutFor(url, runtime.timeout);
  const token = hooks.getToken();
  if (token) cfg.headers.set('Authorization', token);
  // the server answers every message in the console's language (server/src/http/messages.ts)
  if (i18next.language) cfg.headers.set('Accept-Language', htmlLang(i18next.language));
  if ((cfg.method ?? 'get').toLowerCase() === 'get' && cfg.data !== undefined && cfg.params === undefined) {
    cfg.params = cfg.data; // GET payload travels as the query string
    cfg.data = undefined;
  }
  cfg.url = withTimestamp(url, Date.now());
  return cfg;
});

function settle(res: AxiosResponse, body: unknown): unknown {
  const cfg = res.config as RequestOptions;
  const url = cfg.url ?? '';
  const isBlob = cfg.responseType === 'blob' || cfg.responseType === 'arraybuffer';
  const env = (body ?? {}) as Partial<Envelope>;
  const decision = decideResponse({
    url,
    code: typeof env.code === 'number' ? env.code : isBlob ? 200 : -1,
    msg: env.msg ?? '',
    isBlob,
    passThrough: cfg.passThrough === true,
    onLoginPage: onLoginPage(),
  });
  switch (decision.kind) {
    case 'ok':
      return body;
    case 'blob':
      return res;
    case 'reject':
      if (decision.toast) toast('error', decision.toast, TOAST_SECONDS);
      throw Object.assign(new Error(env.msg || NETWORK_ERROR_MESSAGE), { code: env.code, data: env.data });
    case 'resetAndReload':
      if (decision.toast) toast('error', decision.toast, TOAST_SECONDS);
      hooks.onAuthReset();
      if (decision.reload) hooks.reload();
      throw Object.assign(new Error(env.msg || NETWORK_ERROR_MESSAGE), { code: env.code });
  }
}

http.interceptors.response.use(
  (res) => settle(res, res.data) as AxiosResponse,
  (err: AxiosError) => {
    // The server mirrors envelope codes in the HTTP status; its body is still the envelope.
    const body = err.response?.data as Partial<Envelope> | undefined;
    // a file download refused: the envelope arrives as a Blob (responseType 'blob')
    const response = err.response;
    if (response && typeof Blob !== 'undefined' && body instanceof Blob && /json/.test(body.type))
      return body.text().then((text) => {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* not an envelope after all */
        }
        const env = parsed as Partial<Envelope> | null;
        // settled as the envelope it is (a blob answer would otherwise pass as a file)
        if (env && typeof env.code === 'number')
          return settle({ ...response, config: { ...response.config, responseType: 'json' } }, env);
        toast('error', NETWORK_ERROR_MESSAGE, TOAST_SECONDS);
        throw Object.assign(new Error(NETWORK_ERROR_MESSAGE), { code: -1 });
      });
    if (err.response && body && typeof body === 'object' && typeof body.code === 'number') {
      return Promise.resolve(settle(err.response, body));
    }
    if (!isSilentEndpoint(err.config?.url ?? '')) toast('error', NETWORK_ERROR_MESSAGE, TOAST_SECONDS);
    return Promise.reject(Object.assign(new Error(NETWORK_ERROR_MESSAGE), { code: -1 }));
  },
);

/** Typed request: resolves with the envelope (code 200), rejects otherwise (toast already shown). */
export function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>> {
  return http.request(options) as unknown as Promise<Envelope<T>>;
}
