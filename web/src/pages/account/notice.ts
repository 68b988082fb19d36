/**
 * Why another page sent the user to /account, carried in the router's state: a reason, never
 * text, so what the page says stays its own words (shared/messages.ts).
 */
export type AccountReason = 'twoFactorRequired';

export interface AccountState {
  reason: AccountReason;
}

export function accountReasonOf(state: unknown): AccountReason | null {
  return (state as Partial<AccountState> | null)?.reason === 'twoFactorRequired' ? 'twoFactorRequired' : null;
}
