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

  beforeAll(async () => {
    before = await totals();
    applicant = await t.client.newClient('applicant');
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
    expect(await t.table.profile(applicant.sub)).toMatchObject({ status: 'applied', version: 0 });
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
    expect(await t.table.profile(applicant.sub)).toMatchObject({ status: 'applied', version: 0, balanceCents: 0 });
    expect(await t.table.profile(applicant.sub)).not.toHaveProperty('deleted');
    expect(await t.table.items(applicant.sub, 'ENTRY#')).toEqual([]);
    expect(await totals()).toEqual(before);
  });
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
