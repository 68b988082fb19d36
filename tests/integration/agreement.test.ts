/**
 * The client agreement on the real local stack: accepted by the client alone, of the current
 * version only, recorded once with where it came from, logged and e-mailed; and until then no
 * withdrawal request and no payout account change, while reads and an administrator's deposit go
 * on. Each control is walked around: an old page's version, an administrator's hand, a second
 * acceptance, a version changed after the client accepted the one before.
 *
 * Its own stack, started with AGREEMENT_VERSION set, so the version the functions check is the
 * one a stage gives them, not the local default; and the client accepted under the default one
 * stands for a client of the version before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS } from '../../shared/growth';
import { refusals } from '../../shared/refusals';
import { keys } from '../../lambdas/lib/data/table';
import { DEMO_AGREEMENT } from '../../infra/local/client-agreement';
import { PASSWORD, type Session } from './support/client';
import { eventually } from './support/eventually';
import { mailsArrived } from './support/mail';
import { useTestStack } from './support/use-stack';

const VERSION = 'it-2';
const t = useTestStack({ env: { AGREEMENT_VERSION: VERSION } });

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const accept = (who: Session, version: string, token = who.accessToken) =>
  t.client.callAny('acceptAgreement', { token, params: { uid: who.sub }, body: { version } });
const portfolioOf = async (who: Session) =>
  (await t.client.call('getPortfolio', { token: who.accessToken, params: { userId: who.sub } })).body.portfolio;
const ask = (who: Session) =>
  t.client.callAny('requestWithdrawal', {
    token: who.accessToken,
    body: { userId: who.sub, userEmail: who.email, amount: 100 },
  });
const setAccount = (who: Session) =>
  t.client.callAny('setPayoutAccount', {
    token: who.accessToken,
    params: { uid: who.sub },
    body: {
      holderName: 'Pat Example',
      bankName: 'First Example Bank',
      kind: 'us',
      accountNumber: '000123456789',
      routingNumber: '011000015',
      password: PASSWORD,
    },
  });
const agreementItem = (who: Session, version: string) => t.table.item(keys.agreement(who.sub, version));
const logged = async (who: Session) =>
  (
    await t.client.call('listActivity', {
      token: admin.accessToken,
      query: { kind: 'agreement-accepted', client: who.sub },
    })
  ).body.entries;
/** The stored e-mails' text to `to` (the mailbox file holds it, the helper route only the subjects). */
const mailTexts = (to: string) =>
  (JSON.parse(readFileSync(join(t.stack.dataDir, 'mailbox.json'), 'utf8')) as { to: string; body: string }[])
    .filter((m) => m.to === to.toLowerCase())
    .map((m) => m.body);

/** A client with eligible profit (a deposit over 6 months old, which the missing acceptance does not hold up). */
async function fundedClient(prefix: string, options: { payoutAccount?: boolean } = {}): Promise<Session> {
  const client = await t.client.newClient(prefix, { agreement: false, ...options });
  const deposit = await t.client.fund(admin, client, 10_000, {
    timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString(),
  });
  expect(deposit.status).toBe(200);
  return client;
}

it("config.json gives the web the stack's agreement: the version it was started with, and its page", async () => {
  const res = await fetch(`${t.stack.url}/config.json`);
  expect(((await res.json()) as { agreement?: unknown }).agreement).toEqual({
    version: VERSION,
    url: DEMO_AGREEMENT.url,
  });
});

describe('before the client accepts', () => {
  it('the portfolio says so; a withdrawal request and a payout account change are refused and write nothing; reads and deposits go on', async () => {
    const client = await fundedClient('not-yet', { payoutAccount: false });
    expect((await portfolioOf(client)).agreement).toEqual({ current: { version: VERSION, url: DEMO_AGREEMENT.url } });

    const asked = await ask(client);
    expect([asked.status, asked.body]).toEqual([403, { error: refusals.agreementRequired }]);
    const set = await setAccount(client);
    expect([set.status, set.body]).toEqual([403, { error: refusals.agreementRequired }]);
    expect(await t.table.item(keys.payout(client.sub))).toBeUndefined();
    expect(
      (await t.client.call('listMyWithdrawalRequests', { token: client.accessToken, params: { uid: client.sub } }))
        .body,
    ).toEqual([]);
    expect((await t.table.profile(client.sub))?.pendingRequests).toBeUndefined();

    // The prompt must render: the client still reads its own.
    for (const route of ['listTransactions', 'getEligibility', 'getPayoutAccount', 'getHistory'] as const)
      expect((await t.client.callAny(route, { token: client.accessToken, params: { uid: client.sub } })).status).toBe(
        200,
      );
  });

  it("an old page's version is refused (400) and writes nothing", async () => {
    const client = await t.client.newClient('stale', { agreement: false });
    const res = await accept(client, DEMO_AGREEMENT.version);
    expect([res.status, res.body]).toEqual([400, { error: refusals.agreementNotCurrent }]);
    expect((await t.table.profile(client.sub))?.agreement).toBeUndefined();
    expect(await agreementItem(client, DEMO_AGREEMENT.version)).toBeUndefined();
    expect(await agreementItem(client, VERSION)).toBeUndefined();
    const malformed = await accept(client, 'no spaces allowed');
    expect(malformed.status).toBe(400);
  });

  it('an administrator cannot accept for a client (403), and nothing is written', async () => {
    const client = await t.client.newClient('by-admin', { agreement: false });
    const res = await accept(client, VERSION, admin.accessToken);
    expect([res.status, res.body]).toEqual([403, { error: refusals.notYours }]);
    expect((await t.table.profile(client.sub))?.agreement).toBeUndefined();
    expect(await agreementItem(client, VERSION)).toBeUndefined();
    expect(await logged(client)).toEqual([]);
  });
});

describe('the acceptance', () => {
  let client: Session;
  let acceptedAt: string;

  beforeAll(async () => {
    client = await fundedClient('accepts');
    const res = await t.client.callAny('acceptAgreement', {
      token: client.accessToken,
      params: { uid: client.sub },
      body: { version: VERSION },
      headers: { 'user-agent': 'AgreementTest/1.0' },
    });
    expect(res.status).toBe(200);
    acceptedAt = (res.body as { agreement: { acceptedAt: string } }).agreement.acceptedAt;
  });

  it('is recorded: the version, its page, when and from where; on the profile; in the log', async () => {
    expect(await agreementItem(client, VERSION)).toMatchObject({
      version: VERSION,
      url: DEMO_AGREEMENT.url,
      acceptedAt,
      sourceIp: expect.stringMatching(/\S/),
      userAgent: 'AgreementTest/1.0',
    });
    expect((await t.table.profile(client.sub))?.agreement).toEqual({ version: VERSION, acceptedAt });
    expect((await portfolioOf(client)).agreement).toEqual({
      accepted: { version: VERSION, acceptedAt },
      current: { version: VERSION, url: DEMO_AGREEMENT.url },
    });
    expect(await logged(client)).toEqual([
      expect.objectContaining({ kind: 'agreement-accepted', actor: client.email, clientId: client.sub }),
    ]);
  });

  it('is e-mailed to the client with the version and the link', async () => {
    await mailsArrived(t.client, client.email, 'You accepted the client agreement');
    const text = mailTexts(client.email).find((body) => body.includes('client agreement')) ?? '';
    expect(text).toContain(VERSION);
    expect(text).toContain(DEMO_AGREEMENT.url);
  });

  it('opens the withdrawal request and the payout account change', async () => {
    expect((await ask(client)).status).toBe(201);
    expect((await setAccount(client)).status).toBe(200);
  });

  it('a second time answers the first record (200) and writes nothing new: no entry, no e-mail', async () => {
    const itemBefore = await agreementItem(client, VERSION);
    const again = await accept(client, VERSION);
    expect([again.status, again.body]).toEqual([200, { success: true, agreement: { version: VERSION, acceptedAt } }]);
    expect(await agreementItem(client, VERSION)).toEqual(itemBefore);
    expect((await t.table.profile(client.sub))?.agreement).toEqual({ version: VERSION, acceptedAt });
    expect(await logged(client)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await t.client.mailbox(client.email)).filter((m) => m.subject.includes('client agreement'))).toHaveLength(
      1,
    );
  });

  it("is on the client's page in the console: the version, when, and the current version", async () => {
    const res = await t.client.call('getClient', { token: admin.accessToken, params: { id: client.sub } });
    expect(res.body.agreement).toEqual({ accepted: { version: VERSION, acceptedAt }, currentVersion: VERSION });
  });
});

describe('a new version', () => {
  it('stops a client who accepted the one before until they accept it', async () => {
    const client = await fundedClient('bumped');
    // Accepted under the version before (the stack's default), as a stage's clients are when it changes.
    const before = { version: DEMO_AGREEMENT.version, acceptedAt: new Date(Date.now() - 30 * DAY_MS).toISOString() };
    await t.table.setProfileAttribute(client.sub, 'agreement', before);
    expect((await portfolioOf(client)).agreement).toEqual({
      accepted: before,
      current: { version: VERSION, url: DEMO_AGREEMENT.url },
    });
    const asked = await ask(client);
    expect([asked.status, asked.body]).toEqual([403, { error: refusals.agreementRequired }]);
    const page = await t.client.call('getClient', { token: admin.accessToken, params: { id: client.sub } });
    expect(page.body.agreement).toEqual({ accepted: before, currentVersion: VERSION });

    expect((await accept(client, VERSION)).status).toBe(200);
    await eventually(async () => expect((await portfolioOf(client)).agreement?.accepted?.version).toBe(VERSION));
    expect((await ask(client)).status).toBe(201);
  });
  it('gone back to a version the client accepted before: accepting it again restores that first acceptance, logging nothing', async () => {
    const client = await fundedClient('back');
    const first = await accept(client, VERSION);
    expect(first.status).toBe(200);
    const { acceptedAt } = (first.body as { agreement: { acceptedAt: string } }).agreement;
    // Since then the client accepted a later version (which this stack no longer asks for).
    await t.table.setProfileAttribute(client.sub, 'agreement', {
      version: 'later-3',
      acceptedAt: new Date().toISOString(),
    });
    expect((await ask(client)).status).toBe(403);
    const again = await accept(client, VERSION);
    expect([again.status, again.body]).toEqual([200, { success: true, agreement: { version: VERSION, acceptedAt } }]);
    expect((await t.table.profile(client.sub))?.agreement).toEqual({ version: VERSION, acceptedAt });
    expect(await logged(client)).toHaveLength(1);
    expect((await ask(client)).status).toBe(201);
  });
});
