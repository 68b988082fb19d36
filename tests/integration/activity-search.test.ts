/**
 * The activity log found by the client's name or e-mail, and "Withdrawal" as all money out, on the
 * real local stack: the server filters the whole log (not the page a browser holds), reads on past
 * pages of other clients' entries, and a move made through a second administrator's approval is
 * found under its kind like one made alone.
 */
import { DEMO_ADMIN } from '../../infra/local/seed';
import type { ActivityEntryDto } from '../../shared/answers';
import { DAY_MS } from '../../shared/growth';
import { apiMessages } from '../../shared/messages';
import type { Session } from './support/client';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
let admin: Session;
let checker: Session;

beforeAll(async () => {
  admin = await t.client.signIn(DEMO_ADMIN);
  checker = await t.client.newAdmin();
});

type ActivityQuery = NonNullable<Parameters<typeof t.client.call<'listActivity'>>[1]['query']>;

/** Every entry the query finds, page after page of `limit`, newest first. */
async function allPages(query: ActivityQuery, limit = 200): Promise<ActivityEntryDto[]> {
  const seen: ActivityEntryDto[] = [];
  let cursor: string | undefined;
  do {
    const res = await t.client.call('listActivity', {
      token: admin.accessToken,
      query: { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) },
    });
    expect(res.status).toBe(200);
    seen.push(...res.body.entries);
    cursor = res.body.nextCursor;
  } while (cursor);
  return seen;
}

/**
 * A client signed up under a name that shares nothing with the e-mail; without the client's own
 * acceptance of the agreement, so only the administrators' acts are found.
 */
async function namedClient(firstName: string, lastName: string): Promise<Session> {
  const client = await t.client.newClient('named', { agreement: false });
  const renamed = await t.client.call('updateMyNames', {
    token: client.accessToken,
    params: { userId: client.sub },
    body: { firstName, lastName },
  });
  expect(renamed.status).toBe(200);
  return client;
}

const deposit = (client: Session, amount: number) =>
  t.client.call('addDeposit', { token: admin.accessToken, params: { id: client.sub }, body: { amount, note: '' } });

describe('finding a client in the log by name or e-mail', () => {
  it("finds a client's entries by a part of the name as the profile has it now, case aside, and by the logged e-mail", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const quentin = await namedClient(`Quentin${tag}`, 'Zephyrine');
    const other = await t.client.newClient('other', { agreement: false });
    await deposit(quentin, 11);
    // Other clients' entries come after (newer): a page of two cannot hold them and Quentin's.
    for (const amount of [1, 2, 3]) await deposit(other, amount);

    const byName = await allPages({ clientSearch: `  QUENTIN${tag.toUpperCase()} zeph ` }, 2);
    expect(byName.map((e) => [e.clientId, e.amount])).toEqual([[quentin.sub, 11]]);
    const byEmail = await allPages({ clientSearch: quentin.email.toUpperCase() }, 1);
    expect(byEmail.map((e) => e.amount)).toEqual([11]);
    // The name as changed since: the profile's name now, not the one at the time of the act.
    await t.client.call('updateMyNames', {
      token: quentin.accessToken,
      params: { userId: quentin.sub },
      body: { firstName: `Renata${tag}`, lastName: 'Zephyrine' },
    });
    expect((await allPages({ clientSearch: `renata${tag}` })).map((e) => e.amount)).toEqual([11]);
    expect(await allPages({ clientSearch: `quentin${tag}` })).toEqual([]);
  });

  it('combines with the other filters, and finds nothing for a text that names nobody', async () => {
    const client = await t.client.newClient('combined', { agreement: false });
    await deposit(client, 5);
    await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { amount: 2, note: '' },
    });
    expect((await allPages({ clientSearch: client.email, kind: 'deposit' })).map((e) => e.kind)).toEqual(['deposit']);
    expect(await allPages({ clientSearch: client.email, actor: checker.email })).toEqual([]);
    expect(await allPages({ clientSearch: `${client.email}x` })).toEqual([]);
  });

  it('keeps the search a value: expression syntax in it matches nothing and is no error', async () => {
    for (const text of [') OR attribute_exists(PK', ':pk', '#kind', '%', '*']) {
      const res = await t.client.call('listActivity', { token: admin.accessToken, query: { clientSearch: text } });
      expect(res.status).toBe(200);
      expect(res.body.entries.filter((e) => !`${e.clientEmail ?? ''}`.includes(text))).toEqual([]);
    }
  });

  it('refuses a search longer than an e-mail can be, and answers only administrators', async () => {
    const long = await t.client.call('listActivity', {
      token: admin.accessToken,
      query: { clientSearch: 'a'.repeat(255) },
    });
    expect(long).toMatchObject({ status: 400, body: { error: apiMessages.invalidActivityClientSearch } });
    const client = await t.client.newClient('nosy');
    expect(
      (await t.client.call('listActivity', { token: client.accessToken, query: { clientSearch: client.email } }))
        .status,
    ).toBe(403);
  });
});

describe('"Withdrawal" is all money out', () => {
  it('finds withdrawals processed and requests approved, alone or approved by a second administrator, and nothing else', async () => {
    const client = await t.client.newClient('payout');
    // $60,000 deposited 200 days ago (approved by a second administrator): profit a request may draw on.
    expect(
      (await t.client.fund(admin, client, 60_000, { timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() }))
        .status,
    ).toBe(200);
    await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { amount: 100, note: 'alone' },
    });
    const asked = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 150 },
    });
    expect(asked.status).toBe(201);
    expect(
      (
        await t.client.call('approveWithdrawalRequest', {
          token: admin.accessToken,
          params: { id: asked.body.request.id },
        })
      ).status,
    ).toBe(200);
    // Above the threshold: logged only as the second administrator's approval.
    const held = await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { amount: 15_000, note: 'held' },
    });
    expect(held.status).toBe(202);
    const actionId = (held.body as { action: { id: string } }).action.id;
    expect(
      (await t.client.call('approvePendingAction', { token: checker.accessToken, params: { id: actionId } })).status,
    ).toBe(200);

    const out = await allPages({ client: client.sub, kind: 'withdrawal' });
    expect(out.map((e) => [e.kind, e.actionKind ?? null, e.amount])).toEqual([
      ['action-approved', 'withdrawal', 15_000],
      ['request-approved', null, 150],
      ['withdrawal', null, 100],
    ]);
    // The deposit's approval, the proposal and the request's own filter stay apart.
    expect((await allPages({ client: client.sub, kind: 'deposit' })).map((e) => [e.kind, e.actionKind])).toEqual([
      ['action-approved', 'deposit'],
    ]);
    expect((await allPages({ client: client.sub, kind: 'request-approved' })).map((e) => e.amount)).toEqual([150]);
    expect((await allPages({ client: client.sub, kind: 'action-proposed' })).map((e) => e.actionKind)).toEqual([
      'withdrawal',
      'deposit',
    ]);
  });
});
