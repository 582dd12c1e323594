import { trimAccount } from '../core/validators';

/** The sub-account sign-in name: 'mobile@account' (spec §3), each part trimmed. */
export function subAccountLogin(mobile: string, account: string): string {
  return `${trimAccount(mobile)}@${trimAccount(account)}`;
}
