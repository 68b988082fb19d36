/**
 * The notifier against a fake table (at the document client's `send`), a fake Cognito and a fake
 * mailer: each e-mail goes once per (notification, address) however often its record comes, a
 * failed send is reported for Lambda to retry from and sends nothing twice after, and deleted
 * clients, turned-off kinds and disabled admins get nothing.
 */
import { logger } from '../lib/runtime/logger';
import { resetRuntime } from '../lib/runtime/runtime';
import { CLAIM_STALE_MS, sentMarkerKeys } from '../notifications/sent-marker';
import {
  eventOf,
  type FakeAdmin,
  NotifierFakes,
  streamRecord as record,
} from '../notifications/test-support/notifier-fakes';
import {
  approved,
  CLIENT_EMAIL,
  entryItem,
  pendingRequest,
  profileItem,
  SUB,
  tombstoneOf,
} from '../notifications/test-support/stream-records';
import { handler } from './notifier';

const ADMINS: FakeAdmin[] = [
  { email: 'ann.admin@aurum.example', enabled: true, sub: 'admin-1', firstName: 'Admin' },
  { email: 'bo.admin@aurum.example', enabled: true, sub: 'admin-2', firstName: 'Admin' },
  { email: 'gone.admin@aurum.example', enabled: false, sub: 'admin-3', firstName: 'Admin' },
];

let fakes: NotifierFakes;

/** The mailer refuses the next `count` e-mails. */
function failNextSends(count: number) {
  let left = count;
  fakes.refuse = () => left-- > 0;
}

beforeEach(() => {
  fakes = new NotifierFakes();
  fakes.admins = ADMINS;
  // One admin per page, to prove the paging.
  fakes.adminsPerPage = 1;
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  fakes.install();
  fakes.put(profileItem('Jane'));
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

const deposit = () =>
  record('INSERT', entryItem({ type: 'deposit', amountCents: 123_456, balanceAfterCents: 223_456 }));

it('sends a deposit once to its client, however often the record comes', async () => {
  const r = deposit();
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(await handler(eventOf(r, r))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent).toHaveLength(1);
  expect(fakes.sent[0]).toMatchObject({ to: CLIENT_EMAIL, subject: 'Deposit of $1,234.56 recorded' });
  expect(fakes.sent[0]?.text).toContain('Jane');
  const marker = fakes.get(sentMarkerKeys.marker(`entry:${SUB}:mi9x2k3h5a1b2c3d4e5f6a7b8`, CLIENT_EMAIL));
  expect(marker).toMatchObject({ status: 'sent', expiresAt: expect.any(Number) });
});

it('reports the first failed record, leaves the rest of the batch, and sends each e-mail once after the retry', async () => {
  const first = deposit();
  const second = record(
    'INSERT',
    entryItem({
      type: 'withdrawal',
      amountCents: 5_000,
      balanceAfterCents: 218_456,
      entryId: 'mi9x2k3h5w00000000000000001',
    }),
  );
  const third = record(
    'INSERT',
    entryItem({
      type: 'deposit',
      amountCents: 7_00,
      balanceAfterCents: 219_156,
      entryId: 'mi9x2k3h5d00000000000000002',
    }),
  );
  await handler(eventOf(first));
  failNextSends(1);
  // The first is done already; the second fails; the third is not tried.
  expect(await handler(eventOf(first, second, third))).toEqual({
    batchItemFailures: [{ itemIdentifier: second.dynamodb?.SequenceNumber }],
  });
  expect(fakes.sent.map((m) => m.subject)).toEqual(['Deposit of $1,234.56 recorded']);
  // Lambda retries from the failed record.
  expect(await handler(eventOf(second, third))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent.map((m) => m.subject)).toEqual([
    'Deposit of $1,234.56 recorded',
    'Withdrawal of $50.00 processed',
    'Deposit of $7.00 recorded',
  ]);
});

it('tells the client and every enabled admin of a new request, an approval to the client only, each once', async () => {
  const request = pendingRequest(50_000);
  const inserted = record('INSERT', request);
  await handler(eventOf(inserted, inserted));
  expect(fakes.sent.map((m) => [m.to, m.subject])).toEqual([
    [CLIENT_EMAIL, 'Withdrawal request of $500.00 received'],
    ['ann.admin@aurum.example', 'New withdrawal request for $500.00'],
    ['bo.admin@aurum.example', 'New withdrawal request for $500.00'],
  ]);
  fakes.sent = [];
  const decided = record('MODIFY', approved(request), request);
  await handler(eventOf(decided));
  await handler(eventOf(decided));
  expect(fakes.sent.map((m) => [m.to, m.subject])).toEqual([[CLIENT_EMAIL, 'Your withdrawal request was approved']]);
});

it('a failed admin send retries only what was not sent', async () => {
  const inserted = record('INSERT', pendingRequest(50_000));
  // The client's goes, the first admin's fails.
  let calls = 0;
  fakes.refuse = () => ++calls === 2;
  expect((await handler(eventOf(inserted))).batchItemFailures).toHaveLength(1);
  expect(await handler(eventOf(inserted))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent.map((m) => m.to).sort()).toEqual(
    [CLIENT_EMAIL, 'ann.admin@aurum.example', 'bo.admin@aurum.example'].sort(),
  );
});

it('e-mails nobody about a deleted client, and no optional kind the client turned off', async () => {
  fakes.put({ ...profileItem('Jane'), notifications: { 'deposit-recorded': false } });
  await handler(eventOf(deposit()));
  // Required kinds ignore preferences.
  await handler(eventOf(record('INSERT', pendingRequest(1_000))));
  expect(fakes.sent.filter((m) => m.to === CLIENT_EMAIL).map((m) => m.subject)).toEqual([
    'Withdrawal request of $10.00 received',
  ]);
  fakes.sent = [];
  fakes.put(tombstoneOf(profileItem('Jane')));
  await handler(
    eventOf(
      record(
        'INSERT',
        entryItem({ type: 'deposit', amountCents: 1, balanceAfterCents: 1, entryId: 'mi9x2k3h5d00000000000000009' }),
      ),
    ),
  );
  expect(fakes.sent).toEqual([]);
});

it('waits on a fresh claim held by another sender, and takes over a stale one', async () => {
  const r = deposit();
  const key = sentMarkerKeys.marker(`entry:${SUB}:mi9x2k3h5a1b2c3d4e5f6a7b8`, CLIENT_EMAIL);
  fakes.put({ ...key, status: 'sending', claimToken: 'other', claimedAt: Date.now() - 1_000 });
  expect((await handler(eventOf(r))).batchItemFailures).toHaveLength(1);
  fakes.put({
    ...key,
    status: 'sending',
    claimToken: 'other',
    claimedAt: Date.now() - 1_000,
    deliveryId: 'another-record',
  });
  expect((await handler(eventOf(r))).batchItemFailures).toHaveLength(1);
  expect(fakes.sent).toEqual([]);
  fakes.put({ ...key, status: 'sending', claimToken: 'other', claimedAt: Date.now() - CLAIM_STALE_MS - 1_000 });
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent).toHaveLength(1);
});

it('sends again at once what a claim for the same record left unfinished (its invocation died mid-send): never lost, at worst twice', async () => {
  const r = deposit();
  const key = sentMarkerKeys.marker(`entry:${SUB}:mi9x2k3h5a1b2c3d4e5f6a7b8`, CLIENT_EMAIL);
  // Lambda delivers the record again only once the invocation that claimed for it has ended.
  fakes.put({ ...key, status: 'sending', claimToken: 'died', claimedAt: Date.now() - 1_000, deliveryId: r.eventID });
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent.map((m) => m.subject)).toEqual(['Deposit of $1,234.56 recorded']);
  expect(fakes.get(key)).toMatchObject({ status: 'sent', deliveryId: r.eventID });
  // Once sent, the same record coming yet again sends nothing.
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent).toHaveLength(1);
});

it('sends nothing, and fails nothing, when notifications are off (no mailer, no NOTIFY_FROM)', async () => {
  fakes.install({ mailer: false });
  expect(await handler(eventOf(deposit()))).toEqual({ batchItemFailures: [] });
  expect(fakes.sent).toEqual([]);
  expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('notifications are off'));
});
