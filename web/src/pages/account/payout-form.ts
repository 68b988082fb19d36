/**
 * The payout account form's checks, made in the browser with the server's own rules and words
 * (shared/payout-account.ts) before anything is sent, and the server's refusals put at the field
 * they concern. The proof asked for follows the account: the password unless Google signs the user
 * in, and a code while two-factor sign-in is on.
 */
import type { BodyInputOf } from '../../../../shared/api';
import {
  isValidRoutingNumber,
  normalUsAccountNumber,
  PAYOUT_NAME_MAX_LENGTH,
  type PayoutAccountKind,
  payoutMessages,
} from '../../../../shared/payout-account';
import { normalIban } from '../../../../shared/iban';
import { hasUnsafeCharacters } from '../../../../shared/text';
import { ApiError } from '../../api/client';
import { totpCode } from '../../auth/errors';
import type { Problems } from '../../auth/use-auth-step';
import { accountErrorMessage, accountProblems } from './errors';

/** The form's typed fields, each named as its problem is. */
export type PayoutField =
  'holderName' | 'bankName' | 'iban' | 'accountNumber' | 'routingNumber' | 'currentPassword' | 'code';

export type PayoutFormValues = Record<PayoutField, string> & { kind: PayoutAccountKind };

export type PayoutAccountBody = BodyInputOf<'setPayoutAccount'>;

/** The proof the server will ask of this user. */
export interface ProofAsked {
  password: boolean;
  code: boolean;
}

function nameProblem(name: string, required: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return required;
  if (trimmed.length > PAYOUT_NAME_MAX_LENGTH) return payoutMessages.nameTooLong;
  return hasUnsafeCharacters(trimmed) ? payoutMessages.nameUnsafe : null;
}

/** The account number's fields as the bank needs them, or the problems of each. */
function accountPart(values: PayoutFormValues): { body: Partial<PayoutAccountBody>; problems: Problems<PayoutField> } {
  if (values.kind === 'iban') {
    if (!values.iban.trim()) return { body: {}, problems: { iban: payoutMessages.ibanRequired } };
    const iban = normalIban(values.iban);
    return iban ? { body: { iban }, problems: {} } : { body: {}, problems: { iban: payoutMessages.ibanInvalid } };
  }
  const accountNumber = values.accountNumber.trim() ? normalUsAccountNumber(values.accountNumber) : null;
  const routingNumber = values.routingNumber.trim();
  const problems: Problems<PayoutField> = {
    ...(accountNumber
      ? {}
      : {
          accountNumber: values.accountNumber.trim()
            ? payoutMessages.accountNumberInvalid
            : payoutMessages.accountNumberRequired,
        }),
    ...(isValidRoutingNumber(routingNumber)
      ? {}
      : {
          routingNumber: routingNumber ? payoutMessages.routingNumberInvalid : payoutMessages.routingNumberRequired,
        }),
  };
  return { body: accountNumber ? { accountNumber, routingNumber } : {}, problems };
}

/** The body to send, or every field's problem at once. */
export function checkPayoutForm(
  values: PayoutFormValues,
  asked: ProofAsked,
): { body: PayoutAccountBody } | { problems: Problems<PayoutField> } {
  const holderName = nameProblem(values.holderName, payoutMessages.holderNameRequired);
  const bankName = nameProblem(values.bankName, payoutMessages.bankNameRequired);
  const account = accountPart(values);
  const code = asked.code ? totpCode(values.code) : null;
  const problems: Problems<PayoutField> = {
    ...(holderName ? { holderName } : {}),
    ...(bankName ? { bankName } : {}),
    ...account.problems,
    ...(asked.password && !values.currentPassword ? { currentPassword: payoutMessages.passwordRequired } : {}),
    ...(asked.code && !code ? { code: payoutMessages.codeRequired } : {}),
  };
  if (Object.keys(problems).length > 0) return { problems };
  return {
    body: {
      holderName: values.holderName.trim(),
      bankName: values.bankName.trim(),
      kind: values.kind,
      ...account.body,
      ...(asked.password ? { password: values.currentPassword } : {}),
      ...(code ? { code } : {}),
    },
  };
}

/** The server's words for each field of the account (the proof's are the other account forms', errors.ts). */
const FIELD_OF_WORDS: ReadonlyMap<string, PayoutField> = new Map<string, PayoutField>([
  [payoutMessages.holderNameRequired, 'holderName'],
  [payoutMessages.bankNameRequired, 'bankName'],
  [payoutMessages.ibanRequired, 'iban'],
  [payoutMessages.ibanInvalid, 'iban'],
  [payoutMessages.accountNumberRequired, 'accountNumber'],
  [payoutMessages.accountNumberInvalid, 'accountNumber'],
  [payoutMessages.routingNumberRequired, 'routingNumber'],
  [payoutMessages.routingNumberInvalid, 'routingNumber'],
  [payoutMessages.passwordRequired, 'currentPassword'],
  [payoutMessages.codeRequired, 'code'],
]);

/** A refusal at the field it concerns, or over the form (a session over, too many attempts, a name the server refused). */
export function payoutProblems(error: unknown): Problems<PayoutField> {
  const message = accountErrorMessage(error);
  const field = FIELD_OF_WORDS.get(message);
  return field ? { [field]: message } : accountProblems(error);
}

/** The server's refusal of a session whose sign-in is older than a change of the payout account takes. */
export const signInTooOld = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === payoutMessages.freshSignInRequired;
