/**
 * The notifier's merge of new withdrawal requests (notifications/admin-requests.ts) against a fake
 * table (at the document client's `send`), a fake Cognito and a fake mailer: the requests of one
 * batch reach each admin as ONE e-mail listing them; a batch delivered again, or cut differently
 * on a retry, tells no admin of a request twice; a failed merged e-mail is reported from the first
 * record it told of and sent whole on the retry.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/runtime/logger';
import type { OutgoingMail } from '../lib/runtime/mailer';
import { cognitoClient, configureRuntime, documentClient, resetRuntime } from '../lib/runtime/runtime';
import { keys } from '../lib/data/table';
import { newRequestItem } from '../lib/data/withdrawal-requests';
import { CLIENT_EMAIL, entryItem, NOW, profileItem, SUB } from '../notifications/test-support/stream-records';
import { handler } from './notifier';

type Item = Record<string, unknown>;
type Command = { constructor: { name: string }; input: Record<string, any> };

const ADMINS = ['ann.admin@aurum.example', 'bo.admin@aurum.example'];

let rows: Map<string, Item>;
let sent: OutgoingMail[];
/** Decides whether the mailer refuses a given e-mail (as SES may). */
let refuse: (mail: OutgoingMail) => boolean;

const keyOf = (key: { PK: unknown; SK: unknown }) => `${String(key.PK)}|${String(key.SK)}`;
const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/** DynamoDB for the conditions the sent markers are written with (sent-marker.ts), and plain reads. */
async function fakeDynamo(command: Command): Promise<unknown> {
  const input = command.input;
  if (command.constructor.name === 'GetCommand') return { Item: rows.get(keyOf(input.Key)) };
  if (command.constructor.name !== 'PutCommand') throw new Error(`unexpected command ${command.constructor.name}`);
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

async function fakeCognito(command: Command): Promise<unknown> {
  if (command.constructor.name !== 'ListUsersInGroupCommand') throw new Error(`unexpected command ${command.constructor.name}`);
  return {
    Users: ADMINS.map((email, i) => ({
      Username: `admin-${i}`,
      Enabled: true,
      Attributes: [
        { Name: 'email', Value: email },
        { Name: 'sub', Value: `admin-${i}` },
      ],
    })),
  };
}

let sequence = 0;
function insert(item: object): DynamoDBRecord {
  sequence++;
  return { eventID: `e${sequence}`, eventName: 'INSERT', dynamodb: { SequenceNumber: String(1000 + sequence), NewImage: marshall(item, { removeUndefinedValues: true }) as never } };
}
const eventOf = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A new request of the client's, `n` minutes after NOW. */
const requestRecord = (key: string, amountCents: number, minutes: number) => insert(newRequestItem(SUB, key, CLIENT_EMAIL, amountCents, NOW + minutes * 60_000));
const toAdmin = (address: string) => sent.filter((m) => m.to === address);

beforeEach(() => {
  rows = new Map();
  sent = [];
  refuse = () => false;
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  configureRuntime(
    { tableName: 't', region: 'us-east-1', userPoolId: 'us-east-1_pool', siteUrl: 'https://portal.example.com', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } },
    {
      mailer: async (mail) => {
        if (refuse(mail)) throw new Error('SES is down');
        sent.push(mail);
      },
    },
  );
  jest.spyOn(documentClient(), 'send').mockImplementation(fakeDynamo as never);
  jest.spyOn(cognitoClient(), 'send').mockImplementation(fakeCognito as never);
  const profile = profileItem('Jane');
  rows.set(keyOf(keys.profile(SUB)), profile);
});
afterEach(() => {
  jest.restoreAllMocks();
  resetRuntime();
});

it('tells each admin of the requests of one batch in ONE e-mail listing them, and the client of each', async () => {
  const records = [requestRecord('mi9x2k3h5req0000000000001', 10_000, 0), requestRecord('mi9x2k3h5req0000000000002', 25_050, 1), requestRecord('mi9x2k3h5req0000000000003', 40_000, 2)];
  expect(await handler(eventOf(...records))).toEqual({ batchItemFailures: [] });
  expect(sent.filter((m) => m.to === CLIENT_EMAIL).map((m) => m.subject)).toEqual([
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
  expect(sent).toHaveLength(3 + ADMINS.length);
});

it('a retry cut differently tells each admin only of the requests not told yet', async () => {
  const [a, b, c] = [requestRecord('mi9x2k3h5req0000000000001', 10_000, 0), requestRecord('mi9x2k3h5req0000000000002', 20_000, 1), requestRecord('mi9x2k3h5req0000000000003', 30_000, 2)];
  await handler(eventOf(a, b));
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual(['2 new withdrawal requests for $300.00']);
  // The same records again, with one more: only the new one is news.
  await handler(eventOf(b, c, a, a));
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual(['2 new withdrawal requests for $300.00', 'New withdrawal request for $300.00']);
  expect(toAdmin(ADMINS[1] as string)).toHaveLength(2);
});

it('a failed merged e-mail fails the batch from the first record it told of; the retry sends it whole, and nothing twice', async () => {
  const deposit = insert(entryItem({ type: 'deposit', amountCents: 5_000, balanceAfterCents: 105_000, entryId: 'mi9x2k3h5d00000000000000001' }));
  const first = requestRecord('mi9x2k3h5req0000000000001', 10_000, 0);
  const second = requestRecord('mi9x2k3h5req0000000000002', 20_000, 1);
  const later = insert(entryItem({ type: 'deposit', amountCents: 7_00, balanceAfterCents: 105_700, entryId: 'mi9x2k3h5d00000000000000002' }));
  refuse = (mail) => mail.to === ADMINS[1];
  expect(await handler(eventOf(deposit, first, second, later))).toEqual({ batchItemFailures: [{ itemIdentifier: first.dynamodb?.SequenceNumber }] });
  expect(toAdmin(ADMINS[0] as string)).toHaveLength(1);
  expect(toAdmin(ADMINS[1] as string)).toHaveLength(0);
  expect(sent.filter((m) => m.to === CLIENT_EMAIL)).toHaveLength(4);

  refuse = () => false;
  expect(await handler(eventOf(first, second, later))).toEqual({ batchItemFailures: [] });
  expect(toAdmin(ADMINS[1] as string).map((m) => m.subject)).toEqual(['2 new withdrawal requests for $300.00']);
  // The admin told already, and the client, get nothing again.
  expect(toAdmin(ADMINS[0] as string)).toHaveLength(1);
  expect(sent.filter((m) => m.to === CLIENT_EMAIL)).toHaveLength(4);
});

it('a failed record stops the batch there; the requests before it are still told, once', async () => {
  const first = requestRecord('mi9x2k3h5req0000000000001', 10_000, 0);
  const failing = insert(entryItem({ type: 'deposit', amountCents: 5_000, balanceAfterCents: 105_000, entryId: 'mi9x2k3h5d00000000000000001' }));
  const after = requestRecord('mi9x2k3h5req0000000000002', 20_000, 1);
  refuse = (mail) => mail.subject.startsWith('Deposit');
  expect(await handler(eventOf(first, failing, after))).toEqual({ batchItemFailures: [{ itemIdentifier: failing.dynamodb?.SequenceNumber }] });
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual(['New withdrawal request for $100.00']);
  refuse = () => false;
  expect(await handler(eventOf(failing, after))).toEqual({ batchItemFailures: [] });
  expect(toAdmin(ADMINS[0] as string).map((m) => m.subject)).toEqual(['New withdrawal request for $100.00', 'New withdrawal request for $200.00']);
});
