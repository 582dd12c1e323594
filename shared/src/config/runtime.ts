import type { Label } from '../core/menuLabels';
import { WALL_BASE } from '../core/wall';

// Runtime configuration (base URL, socket address, timeout, title). Never a build constant:
// the host and each standalone remote read /config.json from their origin at start.
export interface RuntimeConfig {
  apiBase: string;
  socketUrl: string;
  timeout: number;
  title: string;
  /** The title per language when `title` is not the default one (core/menuLabels platformTitle). */
  titles?: Partial<Label>;
  dashboardUrl: string;
  version: string;
}

export const DEFAULT_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  socketUrl: '/api/message/websocket',
  timeout: 60000,
  title: '城市照明综合管理平台',
  // this platform's own wall display (core/wall.ts); another dashboard host may be configured
  dashboardUrl: WALL_BASE,
  version: '1.0',
};

let current: RuntimeConfig = { ...DEFAULT_CONFIG };

export function getConfig(): RuntimeConfig {
  return current;
}

export function setConfig(partial: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...partial };
  return current;
}

/** Loads `${origin}/config.json` once; missing or broken config keeps the defaults. */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (res.ok) setConfig((await res.json()) as Partial<RuntimeConfig>);
  } catch {
    /* offline or not served: defaults apply */
  }
  return current;
}

/** Absolute ws(s):// URL for the socket, resolving a relative path against the page origin. */
export function socketAddress(cfg: RuntimeConfig = current): string {
  const u = new URL(cfg.socketUrl, window.location.href);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  if (u.protocol === 'https:') u.protocol = 'wss:';
  return u.toString();
}
