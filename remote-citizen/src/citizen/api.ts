// The citizens' API (/api/public): plain fetch, the {code, msg, data} envelope, the device id and the
// citizen's session token (both kept in the console's storage). No axios: the phone door stays small.
import type { ApiData } from '@lighting/shared/api';
import { htmlLang, type CitizenState, type CitizenStep } from '@lighting/shared/core';
import { currentLang, store } from './i18n';

// What /api/public answers is generated from the server's schemas (citizen/responses.ts): types
// only, nothing of it reaches the bundle. `Coded` narrows a field the server answers as a plain
// string to the names the pages know (a client-side narrowing).
type Coded<T, C> = Omit<T, keyof C> & C;

/** A report as the citizen pages show it (the owner's text, photos and confirmation optional). */
export type CitizenReport = Coded<
  ApiData<'/api/public/reports/{id}', 'get'>,
  { state: CitizenState; steps: CitizenStep[] }
>;
/** A place a report can be filed for (a pole or lamp), with its open reports. */
export type SiteView = ApiData<'/api/public/sites', 'get'>;
/** A light near a position. */
export type NearLight = ApiData<'/api/public/sites/nearby', 'get'>[number];
export type PublicConfig = Coded<ApiData<'/api/public/config', 'get'>, { wechat: 'wechat' | 'double' }>;
export type SessionInfo = Coded<
  NonNullable<ApiData<'/api/public/session', 'get'>>,
  { kind: 'phone' | 'openid' }
>;
type ThreadAnswer = ApiData<'/api/public/feedback/{id}', 'get'>;
/** A feedback thread as its writer sees it. */
export type FeedbackThread = Coded<
  ThreadAnswer,
  { replies: Array<Coded<ThreadAnswer['replies'][number], { authorKind: 'staff' | 'citizen' }>> }
>;
/** An uploaded photo: its name, address, size and where it was taken (when the photo says). */
export type UploadedPhoto = ApiData<'/api/public/photos', 'post'>;

export class ApiFailure extends Error {
  constructor(
    message: string,
    /** The envelope code (400, 403, 404, 429, 500), or 0 when the network failed. */
    readonly code: number,
  ) {
    super(message);
  }
  /** Worth trying again later (no network, a server or gateway error, throttled). */
  get transient(): boolean {
    return this.code === 0 || this.code >= 500 || this.code === 429;
  }
}

function randomId(): string {
  const b = new Uint8Array(18);
  crypto.getRandomValues(b);
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const newKey = randomId;

/** This phone's random id (throttling and anonymous reports), created once. */
export function deviceId(): string {
  let d = store.get<string>('citizenDevice');
  if (!d || !/^[A-Za-z0-9_-]{16,64}$/.test(d)) {
    d = randomId();
    store.set('citizenDevice', d);
  }
  return d;
}

export const sessionToken = (): string => store.get<string>('citizenToken') ?? '';
export const setSessionToken = (t: string | null): void => store.set('citizenToken', t ?? undefined);

export function headers(): Record<string, string> {
  // the server answers its messages in the page's language (server/src/http/messages.ts)
  const h: Record<string, string> = { 'x-device-id': deviceId(), 'accept-language': htmlLang(currentLang()) };
  const t = sessionToken();
  if (t) h['x-citizen-token'] = t;
  return h;
}

/**
 * How long a call may take, answer included, before it counts as a network failure: a stalled
 * request on a weak network fails instead of hanging, and the outbox sends it again later (its
 * idempotency key makes that safe).
 */
export const CALL_TIMEOUT_MS = 20_000;
/** The same for one photo upload (a few hundred KB at 50 KB/s takes seconds, not minutes). */
export const UPLOAD_TIMEOUT_MS = 120_000;

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<{ data: T; msg: string }> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetch(`/api/public/${path}`, {
        method,
        headers: { ...headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        signal: ctrl.signal,
      });
    } catch {
      throw new ApiFailure(ctrl.signal.aborted ? 'timeout' : 'network', 0);
    }
    let env: { code?: number; msg?: string; data?: T } = {};
    try {
      env = (await res.json()) as typeof env;
    } catch {
      // a body cut off by the timeout is a network failure too
      throw new ApiFailure(`HTTP ${res.status}`, res.status >= 500 && !ctrl.signal.aborted ? res.status : 0);
    }
    if (env.code !== 200) throw new ApiFailure(env.msg ?? `HTTP ${res.status}`, env.code ?? res.status);
    return { data: env.data as T, msg: env.msg ?? '' };
  } finally {
    clearTimeout(timer);
  }
}

/** Uploads one photo with progress (XHR: fetch cannot report upload progress). */
export function uploadPhoto(blob: Blob, onProgress: (pct: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/public/photos');
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.onerror = () => reject(new ApiFailure('network', 0));
    xhr.ontimeout = () => reject(new ApiFailure('timeout', 0));
    xhr.onabort = () => reject(new ApiFailure('network', 0));
    xhr.onload = () => {
      try {
        const env = JSON.parse(xhr.responseText) as { code: number; msg: string; data: never };
        if (env.code === 200) resolve(env.data);
        else reject(new ApiFailure(env.msg, env.code));
      } catch {
        reject(new ApiFailure(`HTTP ${xhr.status}`, xhr.status >= 500 ? xhr.status : 0));
      }
    };
    const form = new FormData();
    form.append('file', blob, 'photo.jpg');
    xhr.send(form);
  });
}
