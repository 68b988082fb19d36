/**
 * Why another page sent the user to /account, carried in the router's state: a reason, never
 * text, so what the page says stays its own words (shared/messages.ts).
 */
export type AccountReason = 'twoFactorRequired' | 'passkeyRequired';

export interface AccountState {
  reason: AccountReason;
}

export function accountReasonOf(state: unknown): AccountReason | null {
  const reason = (state as Partial<AccountState> | null)?.reason;
  return reason === 'twoFactorRequired' || reason === 'passkeyRequired' ? reason : null;
}
