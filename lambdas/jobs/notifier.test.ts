/**
 * The notifier against a fake table (at the document client's `send`), a fake Cognito and a fake
 * mailer: each e-mail goes once per (notification, address) however often its record comes, a
 * failed send is reported for Lambda to retry from and sends nothing twice after, and deleted
 * clients, turned-off kinds and disabled admins get nothing.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/runtime/logger';
import type { OutgoingMail } from '../lib/runtime/mailer';
import { cognitoClient, configureRuntime, documentClient, resetRuntime } from '../lib/runtime/runtime';
import { CLAIM_STALE_MS, sentMarkerKeys } from '../notifications/sent-marker';
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

type Item = Record<string, unknown>;
type Command = { constructor: { name: string }; input: Record<string, any> };

const ADMINS = [
  { email: 'ann.admin@aurum.example', enabled: true, sub: 'admin-1' },
  { email: 'bo.admin@aurum.example', enabled: true, sub: 'admin-2' },
  { email: 'gone.admin@aurum.example', enabled: false, sub: 'admin-3' },
];

let rows: Map<string, Item>;
let sent: OutgoingMail[];
let failNextSends: number;

const keyOf = (key: { PK: unknown; SK: unknown }) => `${String(key.PK)}|${String(key.SK)}`;
const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/** DynamoDB for the two conditions the notifier writes with (sent-marker.ts), and plain reads. */
async function fakeDynamo(command: Command): Promise<unknown> {
  const input = command.input;
  if (command.constructor.name === 'GetCommand') return { Item: rows.get(keyOf(input.Key)) };
  if (command.constructor.name === 'PutCommand') {
    const existing = rows.get(keyOf(input.Item));
    const values = input.ExpressionAttributeValues ?? {};
    const condition: string | undefined = input.ConditionExpression;
    let ok = true;
    if (condition?.startsWith('attribute_not_exists(PK) OR')) {
      const sameRecord = condition.includes('deliveryId = :delivery') && existing?.deliveryId === values[':delivery'];
      ok = !existing || existing.status === 'failed' || (existing.status === 'sending' && ((existing.claimedAt as number) < values[':stale'] || sameRecord));
    } else if (condition === 'claimToken = :token') {
      ok = existing?.claimToken === values[':token'];
    } else if (condition) throw new Error(`unexpected condition ${condition}`);
    if (!ok) throw conditionFailed();
    rows.set(keyOf(input.Item), input.Item);
    return {};
  }
  throw new Error(`unexpected command ${command.constructor.name}`);
}

async function fakeCognito(command: Command): Promise<unknown> {
  if (command.constructor.name !== 'ListUsersInGroupCommand') throw new Error(`unexpected command ${command.constructor.name}`);
  // One admin per page, to prove the paging.
  const at = Number(command.input.NextToken ?? 0);
  const admin = ADMINS[at];
  if (!admin) return { Users: [] };
  const user = {
    Username: admin.sub,
    Enabled: admin.enabled,
    Attributes: [
      { Name: 'email', Value: admin.email },
      { Name: 'sub', Value: admin.sub },
      { Name: 'given_name', Value: 'Admin' },
    ],
  };
  return { Users: [user], NextToken: at + 1 < ADMINS.length ? String(at + 1) : undefined };
}

function configure(options: { mailer?: boolean } = {}) {
  configureRuntime(
    { tableName: 't', region: 'us-east-1', userPoolId: 'us-east-1_pool', siteUrl: 'https://portal.example.com', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } },
    options.mailer === false
      ? {}
      : {
          mailer: async (mail) => {
            if (failNextSends > 0) {
              failNextSends--;
              throw new Error('SES is down');
            }
            sent.push(mail);
          },
        },
  );
  jest.spyOn(documentClient(), 'send').mockImplementation(fakeDynamo as never);
  jest.spyOn(cognitoClient(), 'send').mockImplementation(fakeCognito as never);
}

let sequence = 0;
function record(eventName: 'INSERT' | 'MODIFY', newItem: object, oldItem?: object): DynamoDBRecord {
  sequence++;
  return {
    eventID: `e${sequence}`,
    eventName,
    dynamodb: {
      SequenceNumber: String(1000 + sequence),
      NewImage: marshall(newItem, { removeUndefinedValues: true }) as never,
      ...(oldItem ? { OldImage: marshall(oldItem, { removeUndefinedValues: true }) as never } : {}),
    },
  };
}
const eventOf = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });
const putProfile = (item: Item) => rows.set(keyOf(item as { PK: string; SK: string }), item);

beforeEach(() => {
  rows = new Map();
  sent = [];
  failNextSends = 0;
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  configure();
  putProfile(profileItem('Jane'));
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

const deposit = () => record('INSERT', entryItem({ type: 'deposit', amountCents: 123_456, balanceAfterCents: 223_456 }));

it('sends a deposit once to its client, however often the record comes', async () => {
  const r = deposit();
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(await handler(eventOf(r, r))).toEqual({ batchItemFailures: [] });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ to: CLIENT_EMAIL, subject: 'Deposit of $1,234.56 recorded' });
  expect(sent[0]?.text).toContain('Jane');
  const marker = rows.get(keyOf(sentMarkerKeys.marker(`entry:${SUB}:mi9x2k3h5a1b2c3d4e5f6a7b8`, CLIENT_EMAIL)));
  expect(marker).toMatchObject({ status: 'sent', expiresAt: expect.any(Number) });
});

it('reports the first failed record, leaves the rest of the batch, and sends each e-mail once after the retry', async () => {
  const first = deposit();
  const second = record('INSERT', entryItem({ type: 'withdrawal', amountCents: 5_000, balanceAfterCents: 218_456, entryId: 'mi9x2k3h5w00000000000000001' }));
  const third = record('INSERT', entryItem({ type: 'deposit', amountCents: 7_00, balanceAfterCents: 219_156, entryId: 'mi9x2k3h5d00000000000000002' }));
  await handler(eventOf(first));
  failNextSends = 1;
  // The first is done already; the second fails; the third is not tried.
  expect(await handler(eventOf(first, second, third))).toEqual({ batchItemFailures: [{ itemIdentifier: second.dynamodb?.SequenceNumber }] });
  expect(sent.map((m) => m.subject)).toEqual(['Deposit of $1,234.56 recorded']);
  // Lambda retries from the failed record.
  expect(await handler(eventOf(second, third))).toEqual({ batchItemFailures: [] });
  expect(sent.map((m) => m.subject)).toEqual(['Deposit of $1,234.56 recorded', 'Withdrawal of $50.00 processed', 'Deposit of $7.00 recorded']);
});

it('tells the client and every enabled admin of a new request, an approval to the client only, each once', async () => {
  const request = pendingRequest(50_000);
  const inserted = record('INSERT', request);
  await handler(eventOf(inserted, inserted));
  expect(sent.map((m) => [m.to, m.subject])).toEqual([
    [CLIENT_EMAIL, 'Withdrawal request of $500.00 received'],
    ['ann.admin@aurum.example', 'New withdrawal request for $500.00'],
    ['bo.admin@aurum.example', 'New withdrawal request for $500.00'],
  ]);
  sent = [];
  const decided = record('MODIFY', approved(request), request);
  await handler(eventOf(decided));
  await handler(eventOf(decided));
  expect(sent.map((m) => [m.to, m.subject])).toEqual([[CLIENT_EMAIL, 'Your withdrawal request was approved']]);
});

it('a failed admin send retries only what was not sent', async () => {
  const inserted = record('INSERT', pendingRequest(50_000));
  // The client's goes, the first admin's fails.
  let calls = 0;
  configureRuntime(
    { tableName: 't', region: 'us-east-1', userPoolId: 'us-east-1_pool', siteUrl: 'https://portal.example.com', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } },
    {
      mailer: async (mail) => {
        if (++calls === 2) throw new Error('throttled');
        sent.push(mail);
      },
    },
  );
  jest.spyOn(documentClient(), 'send').mockImplementation(fakeDynamo as never);
  jest.spyOn(cognitoClient(), 'send').mockImplementation(fakeCognito as never);
  expect((await handler(eventOf(inserted))).batchItemFailures).toHaveLength(1);
  expect(await handler(eventOf(inserted))).toEqual({ batchItemFailures: [] });
  expect(sent.map((m) => m.to).sort()).toEqual([CLIENT_EMAIL, 'ann.admin@aurum.example', 'bo.admin@aurum.example'].sort());
});

it('e-mails nobody about a deleted client, and no optional kind the client turned off', async () => {
  putProfile({ ...profileItem('Jane'), notifications: { 'deposit-recorded': false } });
  await handler(eventOf(deposit()));
  // Required kinds ignore preferences.
  await handler(eventOf(record('INSERT', pendingRequest(1_000))));
  expect(sent.filter((m) => m.to === CLIENT_EMAIL).map((m) => m.subject)).toEqual(['Withdrawal request of $10.00 received']);
  sent = [];
  putProfile(tombstoneOf(profileItem('Jane')));
  await handler(eventOf(record('INSERT', entryItem({ type: 'deposit', amountCents: 1, balanceAfterCents: 1, entryId: 'mi9x2k3h5d00000000000000009' }))));
  expect(sent).toEqual([]);
});

it('waits on a fresh claim held by another sender, and takes over a stale one', async () => {
  const r = deposit();
  const key = sentMarkerKeys.marker(`entry:${SUB}:mi9x2k3h5a1b2c3d4e5f6a7b8`, CLIENT_EMAIL);
  rows.set(keyOf(key), { ...key, status: 'sending', claimToken: 'other', claimedAt: Date.now() - 1_000 });
  expect((await handler(eventOf(r))).batchItemFailures).toHaveLength(1);
  rows.set(keyOf(key), { ...key, status: 'sending', claimToken: 'other', claimedAt: Date.now() - 1_000, deliveryId: 'another-record' });
  expect((await handler(eventOf(r))).batchItemFailures).toHaveLength(1);
  expect(sent).toEqual([]);
  rows.set(keyOf(key), { ...key, status: 'sending', claimToken: 'other', claimedAt: Date.now() - CLAIM_STALE_MS - 1_000 });
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(sent).toHaveLength(1);
});

it('sends again at once what a claim for the same record left unfinished (its invocation died mid-send): never lost, at worst twice', async () => {
  const r = deposit();
  const key = sentMarkerKeys.marker(`entry:${SUB}:mi9x2k3h5a1b2c3d4e5f6a7b8`, CLIENT_EMAIL);
  // Lambda delivers the record again only once the invocation that claimed for it has ended.
  rows.set(keyOf(key), { ...key, status: 'sending', claimToken: 'died', claimedAt: Date.now() - 1_000, deliveryId: r.eventID });
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(sent.map((m) => m.subject)).toEqual(['Deposit of $1,234.56 recorded']);
  expect(rows.get(keyOf(key))).toMatchObject({ status: 'sent', deliveryId: r.eventID });
  // Once sent, the same record coming yet again sends nothing.
  expect(await handler(eventOf(r))).toEqual({ batchItemFailures: [] });
  expect(sent).toHaveLength(1);
});

it('sends nothing, and fails nothing, when notifications are off (no mailer, no NOTIFY_FROM)', async () => {
  configure({ mailer: false });
  expect(await handler(eventOf(deposit()))).toEqual({ batchItemFailures: [] });
  expect(sent).toEqual([]);
  expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('notifications are off'));
});
