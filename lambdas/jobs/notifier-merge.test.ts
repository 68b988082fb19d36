/**
 * The notifier's merge of new withdrawal requests (notifications/admin-requests.ts) against a fake
 * table (at the document client's `send`), a fake Cognito and a fake mailer: the requests of one
 * batch reach each admin as ONE e-mail listing them; a batch delivered again, or cut differently
 * on a retry, tells no admin of a request twice; a failed merged e-mail is reported from the first
 * record it told of and sent whole on the retry.
 */
import { logger } from '../lib/runtime/logger';
import { resetRuntime } from '../lib/runtime/runtime';
import { newRequestItem } from '../lib/data/withdrawal-requests';
import { eventOf, type FakeAdmin, NotifierFakes, streamRecord } from '../notifications/test-support/notifier-fakes';
import { CLIENT_EMAIL, entryItem, NOW, profileItem, SUB } from '../notifications/test-support/stream-records';
import { handler } from './notifier';

const ADMINS = ['ann.admin@aurum.example', 'bo.admin@aurum.example'];

let fakes: NotifierFakes;

const insert = (item: object) => streamRecord('INSERT', item);
/** A new request of the client's, `n` minutes after NOW. */
const requestRecord = (key: string, amountCents: number, minutes: number) =>
  insert(newRequestItem(SUB, key, CLIENT_EMAIL, amountCents, NOW + minutes * 60_000));
const toAdmin = (address: string) => fakes.to(address);

beforeEach(() => {
  fakes = new NotifierFakes();
  fakes.admins = ADMINS.map((email, i): FakeAdmin => ({ email, sub: `admin-${i}`, enabled: true }));
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  fakes.install();
  fakes.put(profileItem('Jane'));
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

it('tells each admin of the requests of one batch in ONE e-mail listing them, and the client of each', async () => {
  const records = [
    requestRecord('mi9x2k3h5req0000000000001', 10_000, 0),
    requestRecord('mi9x2k3h5req0000000000002', 25_050, 1),
    requestRecord('mi9x2k3h5req0000000000003', 40_000, 2),
  ];
  expect(await handler(eventOf(...records))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent.filter((m) => m.to === CLIENT_EMAIL).map((m) => m.subject)).toEqual([
    'Withdrawal request of $100.00 received',
    'Withdrawal request of $250.50 received',
    'Withdrawal request of $400.00 received',
  ]);
  for (const admin of ADMINS) {
    const mails = toAdmin(admin);
    expect(mails.map((m) => m.subject)).toEqual(['3 new withdrawal requests for $750.50']);
    const text = mails[0]?.text ?? '';
    for (const amount of ['$100.00', '$250.50', '$400.00']) expect(text).toContain(amount);
    expect(text.match(new RegExp(CLIENT_EMAIL.replace('.', '\\.'), 'g'))).toHaveLength(3);
    expect(text.indexOf('$100.00')).toBeLessThan(text.indexOf('$400.00')); // oldest first
  }
  // Delivered again, whole: nothing more to anyone.
  expect(await handler(eventOf(...records))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent).toHaveLength(3 + ADMINS.length);
});

it('a retry cut differently tells each admin only of the requests not told yet', async () => {
  const [a, b, c] = [
    requestRecord('mi9x2k3h5req0000000000001', 10_000, 0),
    requestRecord('mi9x2k3h5req0000000000002', 20_000, 1),
    requestRecord('mi9x2k3h5req0000000000003', 30_000, 2),
  ];
  await handler(eventOf(a, b));
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual(['2 new withdrawal requests for $300.00']);
  // The same records again, with one more: only the new one is news.
  await handler(eventOf(b, c, a, a));
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual([
    '2 new withdrawal requests for $300.00',
    'New withdrawal request for $300.00',
  ]);
  expect(toAdmin(ADMINS[1] as string)).toHaveLength(2);
});

it('a failed merged e-mail fails the batch from the first record it told of; the retry sends it whole, and nothing twice', async () => {
  const deposit = insert(
    entryItem({
      type: 'deposit',
      amountCents: 5_000,
      balanceAfterCents: 105_000,
      entryId: 'mi9x2k3h5d00000000000000001',
    }),
  );
  const first = requestRecord('mi9x2k3h5req0000000000001', 10_000, 0);
  const second = requestRecord('mi9x2k3h5req0000000000002', 20_000, 1);
  const later = insert(
    entryItem({
      type: 'deposit',
      amountCents: 7_00,
      balanceAfterCents: 105_700,
      entryId: 'mi9x2k3h5d00000000000000002',
    }),
  );
  fakes.refuse = (mail) => mail.to === ADMINS[1];
  expect(await handler(eventOf(deposit, first, second, later))).toEqual({
    batchItemFailures: [{ itemIdentifier: first.dynamodb?.SequenceNumber }],
  });
  expect(toAdmin(ADMINS[0] as string)).toHaveLength(1);
  expect(toAdmin(ADMINS[1] as string)).toHaveLength(0);
  expect(fakes.sent.filter((m) => m.to === CLIENT_EMAIL)).toHaveLength(4);

  fakes.refuse = () => false;
  expect(await handler(eventOf(first, second, later))).toEqual({ batchItemFailures: [] });
  expect(toAdmin(ADMINS[1] as string).map((m) => m.subject)).toEqual(['2 new withdrawal requests for $300.00']);
  // The admin told already, and the client, get nothing again.
  expect(toAdmin(ADMINS[0] as string)).toHaveLength(1);
  expect(fakes.sent.filter((m) => m.to === CLIENT_EMAIL)).toHaveLength(4);
});

it('a failed record stops the batch there; the requests before it are still told, once', async () => {
  const first = requestRecord('mi9x2k3h5req0000000000001', 10_000, 0);
  const failing = insert(
    entryItem({
      type: 'deposit',
      amountCents: 5_000,
      balanceAfterCents: 105_000,
      entryId: 'mi9x2k3h5d00000000000000001',
    }),
  );
  const after = requestRecord('mi9x2k3h5req0000000000002', 20_000, 1);
  fakes.refuse = (mail) => mail.subject.startsWith('Deposit');
  expect(await handler(eventOf(first, failing, after))).toEqual({
    batchItemFailures: [{ itemIdentifier: failing.dynamodb?.SequenceNumber }],
  });
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual(['New withdrawal request for $100.00']);
  fakes.refuse = () => false;
  expect(await handler(eventOf(failing, after))).toEqual({ batchItemFailures: [] });
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual([
    'New withdrawal request for $100.00',
    'New withdrawal request for $200.00',
  ]);
});
