/**
 * Payout accounts and payouts as the API answers them, and a fake of the payout account's routes
 * that keeps the server's rules (lambdas/lib/cognito/account-security.ts requireStepUp, then the
 * account's own checks): a sign-in of the last minutes, the password unless Google signs the user
 * in, a code while two-factor sign-in is on; answered masked, usable after the cooling-off.
 */
import type { MaskedPayoutAccountDto, WithdrawalRequestDto } from '../../../shared/api';
import { errors } from '../../../shared/messages';
import { isValidRoutingNumber, last4Of, normalUsAccountNumber, payoutMessages } from '../../../shared/payout-account';
import { normalIban } from '../../../shared/iban';
import { apiError, FAKE_PASSWORD, FAKE_TOTP_CODE, type FakeUser, type Handler } from './harness';

/** Alice's IBAN (the demo's), set long before anything the tests do: past its cooling-off. */
export const aliceIban: MaskedPayoutAccountDto = {
  holderName: 'Alice Example',
  bankName: 'Example Bank plc',
  kind: 'iban',
  last4: '5432',
  country: 'GB',
  setAt: '2025-01-01T09:00:00.000Z',
  usableFrom: '2025-01-04T09:00:00.000Z',
};

/** Bob's US account (the demo's). */
export const bobUs: MaskedPayoutAccountDto = {
  holderName: 'Bob Example',
  bankName: 'Example Savings Bank',
  kind: 'us',
  last4: '6789',
  routingNumber: '011000015',
  setAt: '2025-01-01T09:00:00.000Z',
  usableFrom: '2025-01-04T09:00:00.000Z',
};

/** Valid numbers (their checksums hold) of no real account. */
export const VALID_IBAN = 'GB82 WEST 1234 5698 7654 32';
export const VALID_US_ACCOUNT = '000123456789';
export const VALID_ROUTING = '011000015';

interface PayoutBody {
  holderName?: string;
  bankName?: string;
  kind?: string;
  iban?: string;
  accountNumber?: string;
  routingNumber?: string;
  password?: string;
  code?: string;
}

/** The server's step-up: what it refuses before it looks at the account. */
function refuseProof(user: FakeUser, body: PayoutBody): void {
  if (user.signedInLongAgo) throw apiError(403, payoutMessages.freshSignInRequired);
  if (user.provider) return;
  if (!body.password) throw apiError(400, payoutMessages.passwordRequired);
  if (user.totp && !body.code) throw apiError(400, payoutMessages.codeRequired);
  if (body.password !== FAKE_PASSWORD) throw apiError(400, errors.account.wrongCurrentPassword);
  if (user.totp && body.code !== FAKE_TOTP_CODE) throw apiError(400, errors.twoFactor.wrongCode);
}

/** The account the body names, masked, or the server's refusal of it. */
function maskedOf(body: PayoutBody, setAt: number, coolingOffHours: number): MaskedPayoutAccountDto {
  if (!body.holderName?.trim()) throw apiError(400, payoutMessages.holderNameRequired);
  if (!body.bankName?.trim()) throw apiError(400, payoutMessages.bankNameRequired);
  const dates = {
    setAt: new Date(setAt).toISOString(),
    usableFrom: new Date(setAt + coolingOffHours * 3_600_000).toISOString(),
  };
  const names = { holderName: body.holderName.trim(), bankName: body.bankName.trim() };
  if (body.kind === 'iban') {
    const iban = normalIban(body.iban ?? '');
    if (!iban) throw apiError(400, payoutMessages.ibanInvalid);
    return { ...names, kind: 'iban', last4: last4Of(iban), country: iban.slice(0, 2), ...dates };
  }
  const number = normalUsAccountNumber(body.accountNumber ?? '');
  if (!number) throw apiError(400, payoutMessages.accountNumberInvalid);
  if (!isValidRoutingNumber(body.routingNumber ?? '')) throw apiError(400, payoutMessages.routingNumberInvalid);
  return { ...names, kind: 'us', last4: last4Of(number), routingNumber: body.routingNumber, ...dates };
}

/**
 * GET and PUT /api/portfolios/{sub}/payout-account for `user` (read when called: a test may change
 * the user, as a new sign-in does), starting from `account`; `puts` holds each body sent.
 */
export function payoutAccountApi(
  user: () => FakeUser,
  { account = null, coolingOffHours = 72 }: { account?: MaskedPayoutAccountDto | null; coolingOffHours?: number } = {},
) {
  let stored = account;
  const puts: PayoutBody[] = [];
  const path = `/api/portfolios/${user().sub}/payout-account`;
  const handlers: Record<string, Handler> = {
    [`GET ${path}`]: () => ({ account: stored }),
    [`PUT ${path}`]: (body) => {
      puts.push(body as PayoutBody);
      // The body is checked before the handler asks for the proof, as the API's schema runs first.
      const masked = maskedOf(body as PayoutBody, Date.now(), coolingOffHours);
      refuseProof(user(), body as PayoutBody);
      stored = masked;
      return { account: stored };
    },
  };
  return { handlers, puts };
}

/** An approved request of Alice's, not yet sent, paying to her IBAN (set 60 days before she asked). */
export const approvedRequest = (over: Partial<WithdrawalRequestDto> = {}): WithdrawalRequestDto => ({
  id: 'r7',
  userId: 'c1',
  userEmail: 'alice@example.com',
  amount: 250,
  status: 'approved',
  createdAt: '2025-03-02T10:00:00.000Z',
  decidedAt: '2025-03-03T12:00:00.000Z',
  decidedBy: 'other-admin@example.com',
  destination: { ...aliceIban, setAt: '2025-01-01T10:00:00.000Z', usableFrom: '2025-01-04T10:00:00.000Z' },
  ...over,
});
