/**
 * Onboarding with review by the firm (a stage's clientSignUp 'review'), on the real local stack
 * started with CLIENT_SIGN_UP=review: a new client is an applicant, off the client list, the
 * totals and the export, told no funding instructions, and refused every move of money until an
 * administrator decides.
 */
import { LOCAL_FUNDING_INSTRUCTIONS } from '../../infra/local/funding-instructions';
import { keys } from '../../lambdas/lib/data/table';
import { refusals } from '../../shared/refusals';
import type { Session } from './support/client';
import { eventually } from './support/eventually';
import { mailsArrived } from './support/mail';
import { useTestStack } from './support/use-stack';

// A stack of its own: it reviews sign-ups, where the shared stack's are open.
const t = useTestStack({ env: { CLIENT_SIGN_UP: 'review' } });
let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const totals = async () => (await t.client.call('getClientTotals', { token: admin.accessToken })).body;
const portfolioOf = async (who: Session) =>
  (await t.client.call('getPortfolio', { token: who.accessToken, params: { userId: who.sub } })).body.portfolio;

/** The balances export's file, as the admin page fetches it once the exporter has written it. */
async function exportedFile(): Promise<string> {
  const started = await t.client.call('startBalancesExport', { token: admin.accessToken });
  if (started.status !== 202) throw new Error(`startBalancesExport answered ${started.status}`);
  const url = await eventually(async () => {
    const res = await t.client.call('getBalancesExport', {
      token: admin.accessToken,
      params: { id: started.body.exportId },
    });
    if (res.body.status === 'ready') return res.body.url ?? '';
    throw new Error(`export ${res.body.status}`);
  }, 10_000);
  return (await fetch(url)).text();
}

describe('an applicant', () => {
  let applicant: Session;
  let before: Awaited<ReturnType<typeof totals>>;

  // The profile's version once signed up: the client agreement's acceptance is its one change.
  let signedUpVersion: number;

  beforeAll(async () => {
    before = await totals();
    applicant = await t.client.newClient('applicant');
    signedUpVersion = (await t.table.profile(applicant.sub))?.version as number;
  });

  it('is applied, with its pending application, off the list, the totals and the export', async () => {
    expect(await t.table.profile(applicant.sub)).toMatchObject({ status: 'applied' });
    expect(await t.table.profile(applicant.sub)).not.toHaveProperty('GSI1PK');
    expect(await t.table.item(keys.application(applicant.sub))).toMatchObject({
      status: 'pending',
      email: applicant.email.toLowerCase(),
      GSI3PK: 'APPLICATIONS#pending',
    });
    expect(await totals()).toEqual(before);
    const listed = await t.client.allClients(admin.accessToken, { search: applicant.email.toLowerCase() });
    expect(listed).toEqual([]);
    expect(await exportedFile()).not.toContain(applicant.email.toLowerCase());
  });

  it('reads its portfolio as applied, with no funding instructions', async () => {
    const portfolio = await portfolioOf(applicant);
    expect(portfolio).toMatchObject({ status: 'applied', balance: 0 });
    expect(portfolio).not.toHaveProperty('funding');
    expect(JSON.stringify(portfolio)).not.toContain(LOCAL_FUNDING_INSTRUCTIONS[2]);
  });

  it('stays applied when it asks for its portfolio to be created again', async () => {
    const again = await t.client.call('createPortfolio', {
      token: applicant.accessToken,
      body: { userId: applicant.sub, initialBalance: 0 },
    });
    expect(again).toMatchObject({ status: 200, body: { portfolio: { status: 'applied' } } });
    expect(await t.table.profile(applicant.sub)).toMatchObject({ status: 'applied', version: signedUpVersion });
    expect(await totals()).toEqual(before);
  });

  it('is refused a withdrawal request and a payout account (409), nothing written', async () => {
    const asked = await t.client.callAny('requestWithdrawal', {
      token: applicant.accessToken,
      body: { userId: applicant.sub, userEmail: applicant.email, amount: 150 },
    });
    expect(asked).toMatchObject({ status: 409, body: { error: refusals.notApprovedYet } });
    const payout = await t.client.callAny('setPayoutAccount', {
      token: applicant.accessToken,
      params: { uid: applicant.sub },
      body: {
        holderName: 'Pat Example',
        bankName: 'First Example Bank',
        kind: 'iban',
        iban: 'DE89 3704 0044 0532 0130 00',
        password: 'Passw0rd!',
      },
    });
    expect(payout).toMatchObject({ status: 409, body: { error: refusals.notApprovedYet } });
    expect((await t.table.items(applicant.sub, 'REQUEST#')).length).toBe(0);
  });

  it("is refused every administrator's money move and a closing (409), nothing written", async () => {
    const params = { id: applicant.sub };
    const token = admin.accessToken;
    const moves = [
      await t.client.callAny('addDeposit', { token, params, body: { amount: 100, note: 'wire' } }),
      await t.client.callAny('processWithdrawal', { token, params, body: { amount: 1, note: 'out' } }),
      await t.client.callAny('updateBalance', { token, params, body: { balance: 50 } }),
    ];
    for (const res of moves) expect(res).toMatchObject({ status: 409, body: { error: refusals.notApprovedYet } });
    const closing = await t.client.callAny('deleteClient', { token, params });
    expect(closing).toMatchObject({ status: 409, body: { error: refusals.closeRefusedApplied } });
    expect(await t.table.profile(applicant.sub)).toMatchObject({
      status: 'applied',
      version: signedUpVersion,
      balanceCents: 0,
    });
    expect(await t.table.profile(applicant.sub)).not.toHaveProperty('deleted');
    expect(await t.table.items(applicant.sub, 'ENTRY#')).toEqual([]);
    expect(await totals()).toEqual(before);
  });
});

it('records the client agreement an applicant accepts at sign-up, before the firm decides', async () => {
  // newClient accepts it through the API, as the sign-up page does right after the code.
  const applicant = await t.client.newClient('agreeing');
  const profile = await t.table.profile(applicant.sub);
  expect(profile).toMatchObject({ status: 'applied', agreement: { version: expect.any(String) } });
  const portfolio = await portfolioOf(applicant);
  expect(portfolio.agreement?.accepted?.version).toBe(portfolio.agreement?.current.version);
});

it('opens an invited address at once, under review too: active, listed, counted, told how to fund, no application', async () => {
  const before = await totals();
  const email = `invited-${Date.now()}@invited.example`;
  const sent = await t.client.call('createInvitation', {
    token: admin.accessToken,
    body: { email, firstName: 'Ivy', lastName: 'Invited' },
  });
  expect(sent.status).toBe(201);
  const client = await t.client.newClient('invited', { email });
  expect(await t.table.profile(client.sub)).not.toHaveProperty('status');
  expect(await t.table.item(keys.application(client.sub))).toBeUndefined();
  expect(await portfolioOf(client)).toMatchObject({ status: 'active', funding: [...LOCAL_FUNDING_INSTRUCTIONS] });
  expect((await totals()).totalClients).toBe(before.totalClients + 1);
  const listed = await t.client.allClients(admin.accessToken, { search: email });
  expect(listed.map((c) => c.id)).toEqual([client.sub]);
});

it('makes an applicant an administrator with `npm run admin -- add`: staff, the totals unchanged, its application decided', async () => {
  const before = await totals();
  const applicant = await t.client.newClient('staffer');
  await t.client.changeAdmin('add', applicant.email);
  const profile = await t.table.profile(applicant.sub);
  expect(profile).toMatchObject({ staff: true });
  expect(profile).not.toHaveProperty('status');
  expect(await t.table.item(keys.application(applicant.sub))).toMatchObject({ status: 'approved' });
  expect(await t.table.item(keys.application(applicant.sub))).not.toHaveProperty('GSI3PK');
  expect(await totals()).toEqual(before);
});

describe('deciding an application', () => {
  const decide = (by: Session, action: 'approveApplication' | 'rejectApplication', id: string, reason?: string) =>
    action === 'approveApplication'
      ? t.client.callAny('approveApplication', { token: by.accessToken, params: { id } })
      : t.client.callAny('rejectApplication', {
          token: by.accessToken,
          params: { id },
          body: reason === undefined ? {} : { reason },
        });
  const pendingIds = async () =>
    (await t.client.call('listApplications', { token: admin.accessToken })).body.applications.map((a) => a.id);
  const activityOf = async (sub: string) =>
    (
      await t.client.call('listActivity', { token: admin.accessToken, query: { client: sub, limit: '20' } })
    ).body.entries.map((e) => e.kind);

  it('lists the pending applications oldest first, and e-mails the administrators a link to them', async () => {
    const first = await t.client.newClient('first');
    const second = await t.client.newClient('second');
    const ids = await pendingIds();
    expect(ids.indexOf(first.sub)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.sub)).toBeLessThan(ids.indexOf(second.sub));
    const [mail] = await mailsArrived(t.client, admin.email, 'A new client is waiting for review', { count: 2 });
    expect(mail?.link).toBe(`${t.stack.url}/admin/applications`);
  });

  it('approves: listed, counted, told how to fund, logged and e-mailed; a second decision is refused', async () => {
    const applicant = await t.client.newClient('approved');
    const before = await totals();
    const approved = await decide(admin, 'approveApplication', applicant.sub);
    expect(approved).toMatchObject({
      status: 200,
      body: { application: { id: applicant.sub, status: 'approved', decidedBy: admin.email.toLowerCase() } },
    });
    expect((await totals()).totalClients).toBe(before.totalClients + 1);
    expect(await t.client.allClients(admin.accessToken, { search: applicant.email.toLowerCase() })).toHaveLength(1);
    expect(await portfolioOf(applicant)).toMatchObject({ status: 'active', funding: [...LOCAL_FUNDING_INSTRUCTIONS] });
    expect(await pendingIds()).not.toContain(applicant.sub);
    expect(await activityOf(applicant.sub)).toContain('application-approved');
    await mailsArrived(t.client, applicant.email.toLowerCase(), 'Your Aurum account is approved');
    // Twice, or rejected after: already decided.
    for (const again of [
      await decide(admin, 'approveApplication', applicant.sub),
      await decide(admin, 'rejectApplication', applicant.sub, 'Changed my mind'),
    ])
      expect(again).toMatchObject({ status: 409, body: { error: refusals.applicationDecided } });
    expect((await totals()).totalClients).toBe(before.totalClients + 1);
    expect(
      (await t.client.call('getClient', { token: admin.accessToken, params: { id: applicant.sub } })).body.client,
    ).toMatchObject({ status: 'active', application: { status: 'approved', decidedBy: admin.email.toLowerCase() } });
  });

  it('rejects only with a reason: the account closed, the login disabled, the applicant told at its address', async () => {
    const applicant = await t.client.newClient('rejected');
    const before = await totals();
    const noReason = await decide(admin, 'rejectApplication', applicant.sub, '   ');
    expect(noReason).toMatchObject({ status: 400, body: { error: 'Please give a reason for the rejection' } });
    expect(await decide(admin, 'rejectApplication', applicant.sub)).toMatchObject({ status: 400 });
    expect(await t.table.item(keys.application(applicant.sub))).toMatchObject({ status: 'pending' });
    expect(await t.table.profile(applicant.sub)).not.toHaveProperty('deleted');

    const rejected = await decide(admin, 'rejectApplication', applicant.sub, 'We could not verify your identity.');
    expect(rejected).toMatchObject({
      status: 200,
      body: { application: { status: 'rejected', reason: 'We could not verify your identity.' } },
    });
    expect(await t.table.profile(applicant.sub)).toMatchObject({ deleted: true, closedBy: admin.email.toLowerCase() });
    expect(await totals()).toEqual(before);
    expect(await activityOf(applicant.sub)).toEqual(expect.arrayContaining(['application-rejected', 'client-closed']));
    const [mail] = await mailsArrived(
      t.client,
      applicant.email.toLowerCase(),
      'Your Aurum application was not approved',
    );
    expect(mail?.subject).toBe('Your Aurum application was not approved');
    await expect(t.client.signIn(applicant.email)).rejects.toThrow();
    for (const again of [
      await decide(admin, 'approveApplication', applicant.sub),
      await decide(admin, 'rejectApplication', applicant.sub, 'Again'),
    ])
      expect(again).toMatchObject({ status: 409, body: { error: refusals.applicationDecided } });
    expect(await t.table.profile(applicant.sub)).not.toHaveProperty('GSI1PK');
  });

  it('finishes a rejection cut short when its administrator sends it again, and refuses anyone else', async () => {
    const applicant = await t.client.newClient('cut-short');
    expect((await decide(admin, 'rejectApplication', applicant.sub, 'Incomplete')).status).toBe(200);
    // As if the function had stopped after the closing's transaction, before stamping the records.
    const { recordsStampedAt: _stamped, ...unstamped } = (await t.table.profile(applicant.sub)) ?? {};
    await t.table.putItems([unstamped]);
    const other = await t.client.newAdmin();
    expect(await decide(other, 'rejectApplication', applicant.sub, 'Incomplete')).toMatchObject({ status: 409 });
    expect(await decide(admin, 'rejectApplication', applicant.sub, 'Incomplete')).toMatchObject({
      status: 200,
      body: { application: { status: 'rejected', reason: 'Incomplete' } },
    });
    expect(await t.table.profile(applicant.sub)).toHaveProperty('recordsStampedAt');
  });

  it("refuses an administrator their own account's application (403), and a client every route (403)", async () => {
    // An administrator whose own application still waits (its decision put back in the table, as a
    // second sign-in of the same person would leave it).
    const insider = await t.client.newAdmin();
    await t.table.putItems([
      {
        ...(await t.table.item(keys.application(insider.sub))),
        status: 'pending',
        ...keys.pendingApplicationIndex(Date.now(), insider.sub),
      },
    ]);
    for (const action of ['approveApplication', 'rejectApplication'] as const) {
      const own = await decide(insider, action, insider.sub, 'Mine');
      expect(own).toMatchObject({ status: 403, body: { error: refusals.ownApplication } });
    }
    expect(await t.table.item(keys.application(insider.sub))).toMatchObject({ status: 'pending' });

    const applicant = await t.client.newClient('walkaround');
    const other = await t.client.newClient('other');
    const refused = [
      await t.client.callAny('listApplications', { token: applicant.accessToken }),
      await decide(applicant, 'approveApplication', applicant.sub),
      await decide(other, 'approveApplication', applicant.sub),
      await decide(other, 'rejectApplication', applicant.sub, 'No'),
    ];
    for (const res of refused) expect(res.status).toBe(403);
    expect(await t.table.item(keys.application(applicant.sub))).toMatchObject({ status: 'pending' });
  });

  it('answers 404 for an id with no application', async () => {
    expect(await decide(admin, 'approveApplication', '00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
    });
  });
});
