import type { Selectable } from 'kysely';

/** Row types of the auth domain's tables: sessions (tokens), sign-in attempts, image codes, account applications. */

export interface TokenTable {
  token: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
  ip: string;
}

export interface LoginAttemptTable {
  id: string;
  account: string;
  ip: string;
  success: number;
  createdAt: number;
}

export interface AccountApplicationTable {
  id: string;
  companyName: string;
  contact: string;
  mobile: string;
  /** 0 pending, 1 approved, 2 rejected */
  state: number;
  ip: string;
  createdAt: number;
}

export interface CaptchaTable {
  timestamp: string;
  code: string;
  expiresAt: number;
}

export interface AuthTables {
  token: TokenTable;
  login_attempt: LoginAttemptTable;
  account_application: AccountApplicationTable;
  captcha: CaptchaTable;
}

export type Token = Selectable<TokenTable>;
