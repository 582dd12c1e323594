/**
 * The auth domain's public face: sign-in and sessions (tokens), image codes, sign-in throttling, the
 * access snapshot and permission rules, passwords, OAuth. Other domains import only this file.
 */
export type { AuthTables, Token } from './schema';
export { AccessService, MENU_COLUMNS } from './access';
export { denialMessage, missingPermission } from './access-model';
export { authenticate } from './authenticate';
export { CaptchaStore } from './captcha';
export { ipAddressName, normalizeIp } from './ip';
export { md5Hex } from './md5';
export { LOCKED_PASSWORD_HASH, hashPassword } from './password';
export { hasPermission, requirePermission } from './permissions';
export { CAPTCHA_FAILED } from './routes-oauth';
export { LoginAttempts } from './throttle';
export { extractToken } from './token-rules';
export { TokenStore } from './tokens';
