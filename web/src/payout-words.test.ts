/**
 * @jest-environment node
 *
 * The dashboard's and the console's payout words are shared/payout-account.ts's, word for word:
 * each copy in payout-words.ts says what its original says, for the same inputs.
 */
import * as shared from '../../shared/payout-account';
import * as words from './payout-words';
import * as sent from './pages/admin/sent-words';

const accounts = [
  { kind: 'iban', last4: '5432', country: 'GB' },
  { kind: 'iban', last4: '0000' },
  { kind: 'us', last4: '6789', routingNumber: '011000015' },
  { kind: 'us', last4: '1234' },
] as const;

it('describes an account as shared/payout-account.ts does', () => {
  for (const account of accounts)
    expect(words.describePayoutAccount(account)).toBe(shared.describePayoutAccount(account));
});

it('has each payout message the screens show, as the server words it', () => {
  expect(words.payoutMessages.none).toBe(shared.payoutMessages.none);
  expect(words.payoutMessages.coolingOff('Mar 15, 2025, 10:00 AM')).toBe(
    shared.payoutMessages.coolingOff('Mar 15, 2025, 10:00 AM'),
  );
});

it("has the mark's words and refusals, as the server words them", () => {
  expect(sent.sentMessages).toEqual(shared.sentMessages);
  const { alreadySent, beforeApproval, ...fixed } = sent.payoutRefusals;
  const {
    alreadySent: sharedAlreadySent,
    beforeApproval: sharedBeforeApproval,
    ...sharedFixed
  } = shared.payoutRefusals;
  expect(fixed).toEqual(sharedFixed);
  expect(alreadySent('2025-03-05T00:00:00.000Z', 'ABC-123')).toBe(
    sharedAlreadySent('2025-03-05T00:00:00.000Z', 'ABC-123'),
  );
  expect(beforeApproval('2025-03-03T12:00:00.000Z')).toBe(sharedBeforeApproval('2025-03-03T12:00:00.000Z'));
});
