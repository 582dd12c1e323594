/**
 * How citizens are known, behind two provider interfaces so that nothing here calls the internet
 * unless it is configured to:
 *
 * - `SmsSender` delivers the phone path's one-time code: none (the image code alone identifies the
 *   phone: the default), the server log (development), or an HTTP gateway (CITIZEN_SMS=<url>).
 * - `WechatOAuth` turns the chat app's web-OAuth code (snsapi_base) into an openid: the real API when
 *   WECHAT_APPID/WECHAT_SECRET are set (its base URL configurable, so tests use a local stub), else a
 *   local double whose "consent page" is ours and hands out a stable fake openid per browser.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CitizenConfig } from '../config';

export interface SmsSender {
  readonly kind: 'none' | 'log' | 'http';
  send(phone: string, text: string): Promise<void>;
}

export function smsSender(config: CitizenConfig, log: FastifyBaseLogger): SmsSender {
  if (config.sms === '') return { kind: 'none', send: () => Promise.resolve() };
  if (config.sms === 'log')
    return {
      kind: 'log',
      send: (phone, text) => {
        log.info({ phone, text }, 'citizen SMS (CITIZEN_SMS=log)');
        return Promise.resolve();
      },
    };
  const url = config.sms;
  return {
    kind: 'http',
    async send(phone, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export interface WechatOAuth {
  readonly kind: 'wechat' | 'double';
  /** Where to send the browser to get a code for `redirectUri`. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The openid for a code (single use, minutes), or null when the code is not good. */
  openidFor(code: string): Promise<string | null>;
}

/** The real chat app: web OAuth with scope snsapi_base (no consent screen, the openid only). */
export function wechatOAuth(config: CitizenConfig, log: FastifyBaseLogger): WechatOAuth {
  if (!config.wechatAppId || !config.wechatSecret) return new WechatDouble();
  return {
    kind: 'wechat',
    authorizeUrl(redirectUri, state) {
      const q = new URLSearchParams({
        appid: config.wechatAppId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
      });
      return `${config.wechatOauthBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
    },
    async openidFor(code) {
      const q = new URLSearchParams({
        appid: config.wechatAppId,
        secret: config.wechatSecret,
        code,
        grant_type: 'authorization_code',
      });
      try {
        const res = await fetch(`${config.wechatApiBase}/sns/oauth2/access_token?${q.toString()}`, {
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { openid?: unknown; errcode?: unknown };
        return typeof body.openid === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.openid)
          ? body.openid
          : null;
      } catch (err) {
        log.warn({ err }, 'wechat oauth exchange failed');
        return null;
      }
    },
  };
}

export const DOUBLE_CONSENT_PATH = '/api/public/wx/double/consent';

/**
 * The local stand-in for the chat app: its consent page is our own route, which knows the "chat-app
 * user" by a cookie (a random fake openid, `dbl_…`) and redirects back with a one-time code.
 */
export class WechatDouble implements WechatOAuth {
  readonly kind = 'double' as const;
  private readonly codes = new Map<string, { openid: string; expiresAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  authorizeUrl(redirectUri: string, state: string): string {
    return `${DOUBLE_CONSENT_PATH}?${new URLSearchParams({ redirect_uri: redirectUri, state }).toString()}`;
  }

  /** Issues a code for the browser's fake openid (the consent route calls it). */
  issue(openid: string): string {
    const now = this.clock();
    for (const [k, v] of this.codes) if (v.expiresAt < now) this.codes.delete(k);
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { openid, expiresAt: now + 5 * 60_000 });
    return code;
  }

  openidFor(code: string): Promise<string | null> {
    const hit = this.codes.get(code);
    this.codes.delete(code);
    return Promise.resolve(hit && hit.expiresAt >= this.clock() ? hit.openid : null);
  }
}

export const newFakeOpenid = (): string => `dbl_${randomBytes(12).toString('base64url')}`;
