/**
 * The API contract at run time: every route in shared/api.ts, called once with a request that
 * succeeds, answers exactly what its route-table entry declares (shared/answers.ts). `call`
 * checks each answer; a test fails when a route has no successful call here, so a new route
 * cannot go without one. Each call sets up what it needs, so the tests pass alone and in any order.
 */
import { type AnswerOf, type RouteName, routes } from '../../shared/api';
import { addCalendarMonthsUtc } from '../../shared/eligibility';
import { DAY_MS } from '../../shared/growth';
import { type CallInput, checkAnswer, freshTotpCode, PASSWORD, type Session } from './support/client';
import { lastMonth, useDocumentWriter, writeStatement } from './support/documents';
import { addPasskey, authenticatorFor, creationOptions } from './support/passkeys';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
useDocumentWriter(t);

/** The routes that gave a 2xx answer, checked against their declaration: each route's test finds its route here. */
const answered = new Set<RouteName>();

/** Calls a route that must succeed: its answer is checked by `call`, and the route is recorded. */
async function succeed<N extends RouteName>(route: N, input: CallInput<N>): Promise<AnswerOf<N>> {
  const res = await t.client.call(route, input);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${route} answered ${res.status}: ${JSON.stringify(res.body)}`);
  answered.add(route);
  return res.body;
}

const iso = (ms: number) => new Date(ms).toISOString();

let admin: Session;
/** A client with money, eligible profit, a deposit coming due and two pending withdrawal requests. */
let cora: Session;
/** A client to delete. */
let doomed: Session;
let toApprove: string;
let toReject: string;
let checker: Session;
let actionToApprove: string;
let actionToReject: string;

/** A withdrawal request of Cora's, waiting for a decision: its id. */
async function ask(amount: number): Promise<string> {
  const res = await t.client.call('requestWithdrawal', {
    token: cora.accessToken,
    body: { userId: cora.sub, userEmail: cora.email, amount },
  });
  expect(res.status).toBe(201);
  return res.body.request.id;
}

/** Withdraws a request of Cora's: she may have only so many waiting at once, and other tests ask for theirs. */
async function cancel(id: string): Promise<void> {
  expect(
    (await t.client.call('cancelWithdrawalRequest', { token: cora.accessToken, params: { uid: cora.sub, id } })).status,
  ).toBe(200);
}

/** A balances export started by the admin: its id. */
async function startedExport(): Promise<string> {
  const res = await t.client.call('startBalancesExport', { token: admin.accessToken });
  expect(res.status).toBe(202);
  return res.body.exportId;
}

beforeAll(async () => {
  [admin, cora, doomed] = [
    await t.client.newAdmin(),
    await t.client.newClient('cora'),
    await t.client.newClient('doomed'),
  ];
  // Deposits dated more than 31 days back are approved by a second administrator too.
  const deposit = async (amount: number, note: string, at: number) => {
    const res = await t.client.fund(admin, cora, amount, { note, timestamp: iso(at) });
    expect(res.status).toBe(200);
  };
  // Over 6 months old (eligible, with profit to withdraw), 5 days from eligibility (an alert and a
  // next withdrawal date), and a recent one.
  await deposit(10_000, 'first wire', Date.now() - 200 * DAY_MS);
  await deposit(2_500, 'nearly eligible', addCalendarMonthsUtc(Date.now(), -6) + 5 * DAY_MS - 60_000);
  await deposit(500, 'recent', Date.now() - DAY_MS);
  [toApprove, toReject] = [await ask(100), await ask(200)];
  // Two moves above the four-eyes threshold, for a second administrator to approve and reject.
  checker = await t.client.newAdmin();
  const propose = async () => {
    const res = await t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: cora.sub },
      body: { amount: 20_000, note: 'large wire' },
    });
    expect(res.status).toBe(202);
    return (res.body as { action: { id: string } }).action.id;
  };
  [actionToApprove, actionToReject] = [await propose(), await propose()];
});

/**
 * One successful call of each route (the reads first, then what changes data), each on what
 * beforeAll made or what it makes itself. Typed by route name, so a route added to the table
 * without a case here does not compile.
 */
const successfulCalls: { [N in RouteName]: () => Promise<AnswerOf<N>> } = {
  // A client reading its own.
  getPortfolio: () => succeed('getPortfolio', { token: cora.accessToken, params: { userId: cora.sub } }),
  listTransactions: () => succeed('listTransactions', { token: cora.accessToken, params: { uid: cora.sub } }),
  getEligibility: () => succeed('getEligibility', { token: cora.accessToken, params: { uid: cora.sub } }),
  listMyWithdrawalRequests: () =>
    succeed('listMyWithdrawalRequests', { token: cora.accessToken, params: { uid: cora.sub } }),
  getHistory: () => succeed('getHistory', { token: cora.accessToken, params: { uid: cora.sub } }),
  getStatement: () =>
    succeed('getStatement', {
      token: cora.accessToken,
      params: { uid: cora.sub },
      query: { from: iso(Date.now() - 365 * DAY_MS).slice(0, 10) },
    }),
  getMyEmailPreferences: () =>
    succeed('getMyEmailPreferences', { token: cora.accessToken, params: { userId: cora.sub } }),
  // An admin reading.
  listClients: () => succeed('listClients', { token: admin.accessToken }),
  getClientTotals: () => succeed('getClientTotals', { token: admin.accessToken }),
  getClient: () => succeed('getClient', { token: admin.accessToken, params: { id: cora.sub } }),
  listClientTransactions: () =>
    succeed('listClientTransactions', { token: admin.accessToken, params: { id: cora.sub } }),
  listWithdrawalAlerts: () => succeed('listWithdrawalAlerts', { token: admin.accessToken }),
  listPendingWithdrawalRequests: () =>
    succeed('listPendingWithdrawalRequests', { token: admin.accessToken, query: { status: 'pending' } }),
  getClientHistory: () => succeed('getClientHistory', { token: admin.accessToken, params: { id: cora.sub } }),
  getClientStatement: () => succeed('getClientStatement', { token: admin.accessToken, params: { id: cora.sub } }),
  listPendingActions: () => succeed('listPendingActions', { token: admin.accessToken }),
  listActivity: () => succeed('listActivity', { token: admin.accessToken, query: { limit: '10' } }),
  // Writes.
  createPortfolio: () =>
    succeed('createPortfolio', { token: cora.accessToken, body: { userId: cora.sub, initialBalance: 0 } }),
  updateMyNames: () =>
    succeed('updateMyNames', {
      token: cora.accessToken,
      params: { userId: cora.sub },
      body: { firstName: 'Cora', lastName: 'Renamed' },
    }),
  updateMyEmailPreferences: () =>
    succeed('updateMyEmailPreferences', {
      token: cora.accessToken,
      params: { userId: cora.sub },
      body: {
        'deposit-recorded': false,
        'withdrawal-processed': true,
        'balance-edited': true,
        'admin-weekly-growth-summary': true,
        'statement-ready': true,
      },
    }),
  requestWithdrawal: async () => {
    const answer = await succeed('requestWithdrawal', {
      token: cora.accessToken,
      body: { userId: cora.sub, userEmail: cora.email, amount: 150 },
    });
    await cancel(answer.request.id);
    return answer;
  },
  cancelWithdrawalRequest: async () =>
    succeed('cancelWithdrawalRequest', { token: cora.accessToken, params: { uid: cora.sub, id: await ask(150) } }),
  addDeposit: () =>
    succeed('addDeposit', {
      token: admin.accessToken,
      params: { id: cora.sub },
      body: { amount: 100, note: 'top-up' },
    }),
  processWithdrawal: () =>
    succeed('processWithdrawal', {
      token: admin.accessToken,
      params: { id: cora.sub },
      body: { amount: 50, note: 'cash' },
    }),
  approveWithdrawalRequest: () =>
    succeed('approveWithdrawalRequest', { token: admin.accessToken, params: { id: toApprove } }),
  rejectWithdrawalRequest: () =>
    succeed('rejectWithdrawalRequest', {
      token: admin.accessToken,
      params: { id: toReject },
      body: { reason: 'Not this month' },
    }),
  updateBalance: () =>
    succeed('updateBalance', { token: admin.accessToken, params: { id: cora.sub }, body: { balance: 20_000 } }),
  approvePendingAction: () =>
    succeed('approvePendingAction', { token: checker.accessToken, params: { id: actionToApprove } }),
  rejectPendingAction: () =>
    succeed('rejectPendingAction', {
      token: checker.accessToken,
      params: { id: actionToReject },
      body: { reason: 'Duplicate' },
    }),
  deleteClient: () => succeed('deleteClient', { token: admin.accessToken, params: { id: doomed.sub } }),
  startBalancesExport: () => succeed('startBalancesExport', { token: admin.accessToken }),
  getBalancesExport: async () =>
    succeed('getBalancesExport', { token: admin.accessToken, params: { id: await startedExport() } }),
  // The caller's own sign-in, each change on a client of its own (each ends the client's sessions).
  setUpTwoFactor: async () =>
    succeed('setUpTwoFactor', {
      token: (await t.client.newClient('two-factor')).accessToken,
      body: { password: PASSWORD },
    }),
  verifyTwoFactor: async () => {
    const user = await t.client.newClient('two-factor');
    const setUp = await t.client.call('setUpTwoFactor', { token: user.accessToken, body: { password: PASSWORD } });
    expect(setUp.status).toBe(200);
    return succeed('verifyTwoFactor', {
      token: user.accessToken,
      body: { code: await freshTotpCode(setUp.body.secretCode) },
    });
  },
  disableTwoFactor: async () => {
    const user = await t.client.newClient('two-factor');
    const secret = await t.client.setUpTotp(user);
    // Confirming ended every session: a sign-in made since, with a code.
    const token = (await t.client.signInWithTotp(user.email, secret)).accessToken;
    return succeed('disableTwoFactor', { token, body: { password: PASSWORD, code: await freshTotpCode(secret) } });
  },
  // Where the money goes, and the payouts on their way.
  getPayoutAccount: () => succeed('getPayoutAccount', { token: cora.accessToken, params: { uid: cora.sub } }),
  acceptAgreement: async () => {
    const user = await t.client.newClient('agreement', { agreement: false });
    const { portfolio } = await succeed('getPortfolio', { token: user.accessToken, params: { userId: user.sub } });
    return succeed('acceptAgreement', {
      token: user.accessToken,
      params: { uid: user.sub },
      body: { version: portfolio.agreement?.current.version ?? '' },
    });
  },
  setPayoutAccount: async () => {
    const user = await t.client.newClient('payout', { payoutAccount: false });
    return succeed('setPayoutAccount', {
      token: user.accessToken,
      params: { uid: user.sub },
      body: {
        holderName: 'Pat Payout',
        bankName: 'First Bank',
        kind: 'us',
        accountNumber: '12345678',
        routingNumber: '011000015',
        password: PASSWORD,
      },
    });
  },
  markRequestSent: async () => {
    const id = await ask(120);
    // The admin's own moves above may have filled their day: then the checker approves it too.
    const approved = await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
    if (approved.status === 202 && 'action' in approved.body) {
      const params = { id: approved.body.action.id };
      expect((await t.client.call('approvePendingAction', { token: checker.accessToken, params })).status).toBe(200);
    } else expect(approved.status).toBe(200);
    return succeed('markRequestSent', {
      token: admin.accessToken,
      params: { id },
      body: { reference: 'WIRE-0001', sentAt: iso(Date.now()) },
    });
  },
  exportUnsentPayouts: () => succeed('exportUnsentPayouts', { token: admin.accessToken }),
  // A new client's application, decided.
  listApplications: () => succeed('listApplications', { token: admin.accessToken }),
  approveApplication: async () =>
    succeed('approveApplication', { token: admin.accessToken, params: { id: (await t.client.newApplicant()).sub } }),
  rejectApplication: async () =>
    succeed('rejectApplication', {
      token: admin.accessToken,
      params: { id: (await t.client.newApplicant()).sub },
      body: { reason: 'Documents missing' },
    }),
  changeMyPassword: async () =>
    succeed('changeMyPassword', {
      token: (await t.client.newClient('password')).accessToken,
      body: { previousPassword: PASSWORD, proposedPassword: 'Renewed-pass1' },
    }),
  // The caller's passkeys, each change on a client of its own (each ends the client's sessions).
  listPasskeys: () => succeed('listPasskeys', { token: cora.accessToken }),
  startPasskeyRegistration: async () =>
    succeed('startPasskeyRegistration', { token: (await t.client.newClient('passkey')).accessToken }),
  addPasskey: async () => {
    const user = await t.client.newClient('passkey');
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, user));
    return succeed('addPasskey', { token: user.accessToken, body: { name: 'Laptop', credential } });
  },
  deletePasskey: async () => {
    const user = await t.client.newClient('passkey');
    const credentialId = await addPasskey(t.client, user, authenticatorFor(t.client));
    const token = (await t.client.signIn(user.email)).accessToken;
    return succeed('deletePasskey', { token, params: { credentialId } });
  },
  listInvitations: () => succeed('listInvitations', { token: admin.accessToken }),
  createInvitation: () =>
    succeed('createInvitation', {
      token: admin.accessToken,
      body: { email: `contract-${Date.now()}@invited.example`, firstName: 'Ivy', lastName: 'Contract' },
    }),
  revokeInvitation: async () => {
    const sent = await succeed('createInvitation', {
      token: admin.accessToken,
      body: { email: `contract-revoke-${Date.now()}@invited.example`, firstName: 'Ivy', lastName: 'Revoked' },
    });
    return succeed('revokeInvitation', { token: admin.accessToken, params: { id: sent.invitation.id } });
  },
  // Cora's statement of last month, written as the monthly job writes it (her first deposit is older).
  listDocuments: () => succeed('listDocuments', { token: cora.accessToken, params: { uid: cora.sub } }),
  getDocument: async () => {
    const { docId } = await writeStatement(cora.sub, lastMonth().label);
    return succeed('getDocument', { token: cora.accessToken, params: { uid: cora.sub, id: docId } });
  },
  regenerateStatement: async () => {
    await writeStatement(cora.sub, lastMonth().label);
    return succeed('regenerateStatement', {
      token: admin.accessToken,
      params: { id: cora.sub },
      body: { period: lastMonth().label },
    });
  },
};

describe('every route answers what the contract declares', () => {
  it.each(Object.keys(successfulCalls) as RouteName[])('%s', async (route) => {
    answered.clear();
    await successfulCalls[route]();
    expect(answered).toContain(route);
  });

  it('has a successful call for every route in the table', () => {
    expect(Object.keys(successfulCalls).sort()).toEqual(routes.map((r) => r.name).sort());
  });
});

describe('the runtime answer check', () => {
  it('refuses a real answer with a field of the wrong type or one too many, naming the route and the field', async () => {
    const real = await succeed('getPortfolio', { token: cora.accessToken, params: { userId: cora.sub } });
    expect(() => checkAnswer('getPortfolio', 200, real)).not.toThrow();
    const asText = { ...real, portfolio: { ...real.portfolio, balance: String(real.portfolio.balance) } };
    expect(() => checkAnswer('getPortfolio', 200, asText)).toThrow(
      `getPortfolio answered 200 with a body that is not its declared answer 'portfolio': portfolio.balance: expected number, got ${JSON.stringify(String(real.portfolio.balance))}`,
    );
    const leaky = { ...real, portfolio: { ...real.portfolio, netCents: 100 } };
    expect(() => checkAnswer('getPortfolio', 200, leaky)).toThrow(
      /^getPortfolio answered 200 .*: portfolio: unknown field\(s\) \["netCents"\]$/,
    );
  });

  it('refuses a list entry out of its enum, a JSON body for a CSV route, and a wrong content type', () => {
    const entry = { id: 'e1', type: 'bonus', amount: 5, direction: 'in', timestamp: new Date().toISOString() };
    expect(() => checkAnswer('listTransactions', 200, [entry])).toThrow(
      /^listTransactions answered 200 .*'transactions': \[0\]\.type: expected one of .*, got "bonus"$/,
    );
    expect(() => checkAnswer('getStatement', 200, { data: [] })).toThrow(
      /^getStatement answered 200 .*'csv': \(the answer itself\): expected string/,
    );
    expect(() => checkAnswer('getStatement', 200, 'Date,Type\n', 'application/json')).toThrow(
      /getStatement answered 200 with content-type "application\/json"/,
    );
    expect(() => checkAnswer('listClients', 200, { clients: [] }, 'application/json; charset=utf-8')).not.toThrow();
    expect(() => checkAnswer('listClients', 200, [])).toThrow(/^listClients answered 200 /);
  });

  it('leaves refusals alone: only a 2xx answer is the declared one', () => {
    expect(() => checkAnswer('getPortfolio', 404, { error: 'Client not found' })).not.toThrow();
    expect(() => checkAnswer('getPortfolio', 200, { error: 'Client not found' })).toThrow(/^getPortfolio answered 200/);
  });
});
