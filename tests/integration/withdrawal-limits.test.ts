/**
 * A client cannot flood the administrators with withdrawal requests, replayed on the real local
 * stack: a request under the minimum is a 400 that writes nothing; ten concurrent requests from
 * one client create exactly the cap, the rest a 409 in words, with the profile's count of waiting
 * requests exact and going down as requests are decided; and requests that arrive together reach
 * each admin as one e-mail listing them (the notifier's merge, read from the local mailbox).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_ADMIN } from '../../infra/local/seed';
import { DAY_MS } from '../../shared/growth';
import { MAX_PENDING_WITHDRAWAL_REQUESTS, withdrawalLimitMessages } from '../../shared/withdrawal-rules';
import { newId } from '../../lambdas/lib/data/ids';
import { keys } from '../../lambdas/lib/data/table';
import { newRequestItem } from '../../lambdas/lib/data/withdrawal-requests';
import type { Session } from './support/client';
import { mailsArrived } from './support/mail';
import { useTestStack } from './support/use-stack';

// A stack of its own: its first test needs a stream with no backlog, so that the notifier reads
// three requests written together in one batch (see 'the admins e-mail').
const t = useTestStack();
let admin: Session;

beforeAll(async () => {
  admin = await t.client.signIn(DEMO_ADMIN);
});

/** A new client with $10,000 deposited 200 days ago: over $4,000 of eligible profit. */
async function eligibleClient(prefix: string): Promise<Session> {
  const client = await t.client.newClient(prefix);
  const timestamp = new Date(Date.now() - 200 * DAY_MS).toISOString();
  const deposit = await t.client.fund(admin, client, 10_000, { note: 'old', timestamp });
  expect(deposit.status).toBe(200);
  return client;
}

const ask = (s: Session, amount: number) =>
  t.client.call('requestWithdrawal', { token: s.accessToken, body: { userId: s.sub, userEmail: s.email, amount } });
const pendingCount = async (s: Session) => (await t.table.profile(s.sub))?.pendingRequests;
const requestItems = (s: Session) => t.table.items(s.sub, keys.requestPrefix);

interface StoredMail {
  to: string;
  subject: string;
  body: string;
  sentAt: string;
}

/** The e-mails to `to` with their text, from the local mailbox's file. */
function storedMails(to: string): StoredMail[] {
  const mails = JSON.parse(readFileSync(join(t.stack.dataDir, 'mailbox.json'), 'utf8')) as StoredMail[];
  return mails.filter((m) => m.to === to.toLowerCase());
}

// First in the file, while the stream has no backlog (the seed's records are handled before the
// stack opens its port): the notifier then reads the three requests in one batch, not cut by a
// page boundary of older records.
describe('the admins e-mail', () => {
  it('tells each admin of requests that arrive together in ONE e-mail listing them', async () => {
    const client = await t.client.newClient('together');
    const now = Date.now();
    const requests = [10_000, 25_050, 40_000].map((cents, i) =>
      newRequestItem(client.sub, newId(now + i), client.email, cents, now + i),
    );
    // Three requests in one go: one transaction, so the stream hands them to the notifier in one batch.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: t.stack.dynamoEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    try {
      await doc.send(
        new TransactWriteCommand({
          TransactItems: requests.map((Item) => ({
            Put: { TableName: t.stack.tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' },
          })),
        }),
      );
    } finally {
      doc.destroy();
    }

    const subject = '3 new withdrawal requests for $750.50';
    await mailsArrived(t.client, DEMO_ADMIN, subject);
    // Records are handled in order and the merged e-mail goes at the end of their batch: any
    // e-mail to the admin about these requests is in the mailbox by now.
    // The e-mail names the client, never a raw request id.
    const aboutThem = storedMails(DEMO_ADMIN).filter((m) => m.body.includes(client.email));
    expect(aboutThem.map((m) => m.subject)).toEqual([subject]);
    const body = aboutThem[0]?.body ?? '';
    for (const r of requests) expect(body).not.toContain(r.requestId);
    for (const amount of ['$100.00', '$250.50', '$400.00']) expect(body).toContain(amount);
    // The client is told of each one, as before.
    expect(
      (await t.client.mailbox(client.email)).filter((m) => m.subject.startsWith('Withdrawal request of')),
    ).toHaveLength(3);
  });
});

describe('the minimum request', () => {
  it('refuses a cent under $100.00 with a 400 in words, writing nothing; takes $100.00', async () => {
    const client = await eligibleClient('minimum');
    const before = await t.table.items(client.sub);
    for (const amount of [99.99, 0.01]) {
      const refused = await ask(client, amount);
      expect([refused.status, refused.body]).toEqual([400, { error: 'The minimum withdrawal request is $100.00' }]);
    }
    expect(await t.table.items(client.sub)).toEqual(before);
    const taken = await ask(client, 100);
    expect(taken).toMatchObject({ status: 201, body: { request: { amount: 100, status: 'pending' } } });
    expect(await pendingCount(client)).toBe(1);
  });
});

describe('the cap on requests waiting for a decision', () => {
  it(`lets exactly ${MAX_PENDING_WITHDRAWAL_REQUESTS} of 10 concurrent requests through; the rest are a 409 in words`, async () => {
    const client = await eligibleClient('burst');
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(client, 100)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(MAX_PENDING_WITHDRAWAL_REQUESTS);
    for (const answer of refused)
      expect([answer.status, answer.body]).toEqual([409, { error: withdrawalLimitMessages.tooManyPending }]);
    expect(await requestItems(client)).toHaveLength(MAX_PENDING_WITHDRAWAL_REQUESTS);
    expect(await pendingCount(client)).toBe(MAX_PENDING_WITHDRAWAL_REQUESTS);
  });

  it('counts down as requests are decided, and up again with the next', async () => {
    const client = await eligibleClient('decided');
    const ids: string[] = [];
    for (let i = 0; i < MAX_PENDING_WITHDRAWAL_REQUESTS; i++) ids.push((await ask(client, 100)).body.request.id);
    expect((await ask(client, 100)).status).toBe(409);

    const reject = await t.client.call('rejectWithdrawalRequest', {
      token: admin.accessToken,
      params: { id: ids[0] as string },
      body: { reason: 'Too soon' },
    });
    expect(reject.status).toBe(200);
    expect(await pendingCount(client)).toBe(MAX_PENDING_WITHDRAWAL_REQUESTS - 1);
    // Decided already: a second decision changes nothing, the count included.
    expect(
      (
        await t.client.call('rejectWithdrawalRequest', {
          token: admin.accessToken,
          params: { id: ids[0] as string },
          body: { reason: 'Again' },
        })
      ).status,
    ).toBe(409);
    expect(await pendingCount(client)).toBe(MAX_PENDING_WITHDRAWAL_REQUESTS - 1);

    const approve = await t.client.call('approveWithdrawalRequest', {
      token: admin.accessToken,
      params: { id: ids[1] as string },
    });
    expect(approve.status).toBe(200);
    expect(await pendingCount(client)).toBe(MAX_PENDING_WITHDRAWAL_REQUESTS - 2);

    expect((await ask(client, 100)).status).toBe(201);
    expect((await ask(client, 100)).status).toBe(201);
    expect(await pendingCount(client)).toBe(MAX_PENDING_WITHDRAWAL_REQUESTS);
    expect((await ask(client, 100)).status).toBe(409);
  });

  it('a profile from before the count is held to the cap by its pending requests, and counted exactly from its next request', async () => {
    const client = await eligibleClient('older');
    const ids: string[] = [];
    for (let i = 0; i < MAX_PENDING_WITHDRAWAL_REQUESTS; i++) ids.push((await ask(client, 100)).body.request.id);
    await t.table.forgetProfileAttribute(client.sub, 'pendingRequests');
    expect((await ask(client, 100)).status).toBe(409);

    expect(
      (
        await t.client.call('rejectWithdrawalRequest', {
          token: admin.accessToken,
          params: { id: ids[0] as string },
          body: { reason: 'No' },
        })
      ).status,
    ).toBe(200);
    expect(await pendingCount(client)).toBeUndefined();
    expect((await ask(client, 100)).status).toBe(201);
    expect(await pendingCount(client)).toBe(MAX_PENDING_WITHDRAWAL_REQUESTS);
    expect((await ask(client, 100)).status).toBe(409);
  });
});
