/**
 * Every screen holds the product's required words (docs/product.md, "Required words"): the list is
 * read from the document, each screen is rendered in each state the list names, with fixtures
 * answering for the API, and every text of that state must be on it. Each error title is provoked
 * by its input and must show with its message. A failure names the screen, the state and each
 * text it misses.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertGroupDto, ClientDto, EligibilityDto, TransactionDto } from '../../shared/api';
import { ApiError, type Api } from './api/client';
import {
  adminUser,
  alice,
  apiError,
  cognitoError,
  fakeAuth,
  fixtureApi,
  type Handler,
  renderApp,
} from './test/harness';
import {
  isCounted,
  missingTexts,
  parseRequiredWords,
  readRequiredWords,
  requiredWordsSection,
  textPattern,
} from './test/required-words';
import { aliceClient, aliceHistory } from './test/client-fixtures';
import { aliceIban } from './test/payout-fixtures';

const words = readRequiredWords();

// A control not found is said in one line: the page's markup would bury the words it misses.
configure({ getElementError: (message) => new Error(message ?? 'not found') });

/** The screens the product has: each must list its words. */
const SCREENS = ['/', '/signup', '/forgot-password', '/dashboard', '/admin', '/admin/withdrawal-alerts', '*'];

// ---------------------------------------------------------------- what the screen shows

/** The text a person can read on the page: its text, and the placeholders of its fields. */
function shownText(): string {
  const placeholders = [...document.querySelectorAll('[placeholder]')].map(
    (el) => el.getAttribute('placeholder') ?? '',
  );
  return [document.body.textContent ?? '', ...placeholders].join('\n');
}

/** Waits a little for every text to show, then fails naming the ones that did not. */
async function expectShown(where: string, texts: readonly string[]): Promise<void> {
  let missing = missingTexts(shownText(), texts);
  await waitFor(
    () => {
      missing = missingTexts(shownText(), texts);
      if (missing.length > 0) throw new Error('not yet');
    },
    { timeout: 2500 },
  ).catch(() => undefined);
  expect({ where, missing }).toEqual({ where, missing: [] });
}

/** Whether an element of the page says `title` and nothing else: a title, not a word inside a sentence. */
const titled = (title: string) =>
  [...document.body.querySelectorAll('*')].some((el) => el.children.length === 0 && el.textContent?.trim() === title);

async function expectTitle(where: string, title: string): Promise<void> {
  await waitFor(() => expect(titled(title)).toBe(true), { timeout: 2500 }).catch(() => undefined);
  expect({ where, title, shown: titled(title) }).toEqual({ where, title, shown: true });
}

// ---------------------------------------------------------------- fixtures

const never = () => new Promise(() => undefined);

/**
 * The fixtures as an API; a call no fixture answers is refused as a server would refuse an unknown
 * route (404), so a card added later degrades to its own error state instead of breaking the screen.
 */
function lenientApi(handlers: Record<string, unknown>): Api {
  const strict = fixtureApi(handlers);
  return async (path, options) => {
    try {
      return await strict(path, options);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('no fixture for')) throw apiError(404, 'Not Found');
      throw error;
    }
  };
}

const portfolio = {
  success: true,
  portfolio: {
    userId: 'alice-sub',
    balance: 12345.67,
    lastUpdate: '2025-03-10T12:00:00Z',
    weeklyGain: 1.34,
    weeklyGainAmount: 163.21,
    status: 'active',
  },
};
const eligible: EligibilityDto = {
  totalEligibleProfit: 250.5,
  showRequestButton: true,
  eligibleDeposits: [
    {
      id: 'd1',
      amount: 1000,
      timestamp: '2024-06-15T12:00:00Z',
      monthsSinceDeposit: 9,
      profit: 250.5,
      grownProfit: 250.5,
      withdrawnProfit: 0,
    },
  ],
  upcoming: [],
};
const history = aliceHistory;
const clientTransactions: TransactionDto[] = [
  { id: 't2', type: 'withdrawal', amount: 50, direction: 'out', timestamp: '2025-02-12T15:00:00.000Z' },
  {
    id: 't1',
    type: 'deposit',
    amount: 12000,
    direction: 'in',
    timestamp: '2024-12-02T09:00:00.000Z',
    note: 'Wire transfer',
  },
];

function dashboardApi(overrides: Record<string, unknown> = {}): Api {
  return lenientApi({
    'GET /api/portfolios/alice-sub': portfolio,
    'GET /api/withdrawals/alice-sub/eligible': { data: eligible },
    'GET /api/portfolios/alice-sub/withdrawal-requests': [],
    'GET /api/portfolios/alice-sub/history': history,
    'GET /api/portfolios/alice-sub/transactions': clientTransactions,
    'GET /api/portfolios/alice-sub/payout-account': { account: aliceIban },
    ...overrides,
  });
}

const clients: ClientDto[] = [
  aliceClient,
  {
    id: 'c2',
    email: 'bob@example.com',
    displayName: 'Bob',
    portfolio: { balance: 250, weeklyGain: -0.5, weeklyGainAmount: -1.26, lastUpdate: '2025-03-03T00:00:00.000Z' },
  },
];

/** GET /api/admin/clients over `list`: a case-insensitive e-mail search and the balance sorts, one page. */
const clientList =
  (list: ClientDto[]): Handler =>
  (_body, path) => {
    const q = new URL(path, 'http://api').searchParams;
    const search = (q.get('search') ?? '').toLowerCase();
    const sort = q.get('sort');
    const found = list.filter((c) => c.email.toLowerCase().includes(search));
    if (sort) found.sort((a, b) => (sort === 'balance-desc' ? -1 : 1) * (a.portfolio.balance - b.portfolio.balance));
    return Promise.resolve({ clients: found });
  };

const adminTransactions: TransactionDto[] = [
  {
    id: 'a2',
    type: 'withdrawal',
    amount: 50,
    direction: 'out',
    timestamp: '2025-02-12T15:00:00.000Z',
    adminEmail: 'admin@example.com',
  },
  {
    id: 'a1',
    type: 'deposit',
    amount: 1000,
    direction: 'in',
    timestamp: '2024-12-02T09:00:00.000Z',
    adminEmail: 'admin@example.com',
    note: 'Wire',
  },
];

function adminApi(overrides: Record<string, unknown> = {}, list: ClientDto[] = clients): Api {
  const total = list.reduce((sum, c) => sum + c.portfolio.balance, 0);
  return lenientApi({
    'GET /api/admin/clients': clientList(list),
    'GET /api/admin/client-totals': {
      totalClients: list.length,
      totalPortfolioValue: total,
      averageWeeklyGain: list.length ? 0.5 : 0,
    },
    'GET /api/admin/withdrawal-requests?status=pending': [],
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/clients/c1/transactions': adminTransactions,
    'POST /api/admin/clients/c1/deposit': { success: true, newBalance: 1600.5 },
    'POST /api/admin/clients/c1/withdrawal': { success: true, newBalance: 1450.5 },
    'PUT /api/admin/clients/c1/balance': { success: true, newBalance: 2000 },
    ...overrides,
  });
}

/** A deposit eligible today, one a day away, one 5 and one 12 days away: each badge's form. */
const alertGroups: AlertGroupDto[] = [
  {
    userId: 'c1',
    userEmail: 'alice@example.com',
    deposits: [
      { id: 'd1', amount: 2500.25, timestamp: '2024-09-06T00:00:00.000Z', daysUntilEligible: 5 },
      { id: 'd2', amount: 700, timestamp: '2024-09-13T00:00:00.000Z', daysUntilEligible: 12 },
    ],
  },
  {
    userId: 'c2',
    userEmail: 'bob@example.com',
    deposits: [{ id: 'd3', amount: 40, timestamp: '2024-09-02T00:00:00.000Z', daysUntilEligible: 1 }],
  },
  {
    userId: 'c3',
    userEmail: 'carol@example.com',
    deposits: [{ id: 'd4', amount: 1000, timestamp: '2024-09-01T00:00:00.000Z', daysUntilEligible: 0 }],
  },
];

function alertsApi(alerts: unknown, overrides: Record<string, unknown> = {}): Api {
  return adminApi({ 'GET /api/admin/withdrawal-alerts': alerts, ...overrides });
}

// ---------------------------------------------------------------- driving the screens

const type = async (label: string | RegExp, text: string, scope = screen) =>
  userEvent.type(await scope.findByLabelText(label), text);
const press = async (name: string | RegExp, scope: Pick<typeof screen, 'findByRole'> = screen) =>
  userEvent.click(await scope.findByRole('button', { name }));

async function signInWith(backend: ReturnType<typeof fakeAuth>, api: Api = dashboardApi()) {
  renderApp('/', { backend, api });
  await type('Email', 'alice@example.com');
  await type('Password', 'Passw0rd!');
  await press('Sign In');
}

async function signUpWith(
  values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password' | 'Confirm password', string>>,
  backend = fakeAuth(null),
) {
  renderApp('/signup', { backend, api: dashboardApi({ 'POST /api/portfolios/create': { success: true } }) });
  const all = {
    'First name': 'Alice',
    'Last name': 'Example',
    Email: 'alice@example.com',
    Password: 'secret1',
    'Confirm password': 'secret1',
    ...values,
  };
  await screen.findByLabelText('First name');
  for (const [label, value] of Object.entries(all)) await userEvent.type(screen.getByLabelText(label), value);
  await press('Create Account');
  return backend;
}

async function sendReset(backend = fakeAuth(null)) {
  renderApp('/forgot-password', { backend, api: lenientApi({}) });
  await type('Email', 'alice@example.com');
  await press('Send Reset Link');
}

async function openDashboard(api: Api = dashboardApi(), backend = fakeAuth(alice)) {
  renderApp('/dashboard', { backend, api });
  await screen.findByTestId('balance');
}

/** Opens the request dialog, types `amount`, and goes on (Review, then Submit Request where the dialog asks for it). */
async function requestWithdrawal(amount: string, submit: boolean) {
  await press('Request Withdrawal');
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.type(dialog.getByLabelText('Amount'), amount);
  await userEvent.click(dialog.getByRole('button', { name: /^(Review|Submit Request)$/ }));
  if (submit) await userEvent.click(await dialog.findByRole('button', { name: 'Submit Request' }));
}

async function openConsole(api: Api = adminApi()) {
  renderApp('/admin', { backend: fakeAuth(adminUser), api });
  await screen.findByRole('heading', { name: 'Admin Dashboard' });
}

/** Chooses a row's action: from the row's Actions menu, or the row's own button. */
async function rowAction(email: string, action: RegExp) {
  const row = within(await screen.findByRole('row', { name: email }));
  const direct = row.queryByRole('button', { name: action });
  if (direct) return userEvent.click(direct);
  await userEvent.click(row.getByRole('button', { name: /^Actions for / }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

const DEPOSIT = /^(Deposit|Add Deposit)$/i;
const WITHDRAW = /^(Withdraw|Process Withdrawal)$/i;
const EDIT_BALANCE = /^Edit balance$/i;
const TRANSACTIONS = /^(Transactions|View Transaction History)$/i;
const DELETE = /^Delete client$/i;

/** A money dialog of the console: the amount typed (if any), reviewed, and confirmed when asked. */
async function moveMoney(action: RegExp, amount: string, confirm: boolean) {
  await rowAction('alice@example.com', action);
  const dialog = within(await screen.findByRole('dialog'));
  const input = dialog.getByLabelText(/^(Amount|New balance)$/);
  await userEvent.clear(input);
  if (amount) await userEvent.type(input, amount);
  await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
  if (confirm) await userEvent.click(await dialog.findByRole('button', { name: /^Confirm / }));
}

async function deleteBob(api: Api) {
  await openConsole(api);
  await rowAction('bob@example.com', DELETE);
  const dialog = within(await screen.findByRole('alertdialog'));
  await userEvent.type(dialog.getByLabelText("Type the client's e-mail to confirm"), 'bob@example.com');
  await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
}

/** An API answer with no message of the server's own: the page says its fallback. */
const bareFailure = () => Promise.reject(new ApiError(500, '', 'Internal Server Error'));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

// ---------------------------------------------------------------- the states the list names

type Reach = () => Promise<unknown>;

/** How each screen is brought to each state its list names, keyed `screen | state`. */
const STATES: Record<string, Reach> = {
  '/ | the page opens': async () => renderApp('/', { backend: fakeAuth(null), api: lenientApi({}) }),
  '/ | a client signs in': async () => signInWith(fakeAuth(null, { signIn: jest.fn(async () => 'signedIn' as const) })),

  '/signup | the page opens': async () => renderApp('/signup', { backend: fakeAuth(null), api: lenientApi({}) }),
  '/signup | the e-mailed code confirms the account': async () => {
    const backend = fakeAuth(null);
    backend.confirmSignUp = jest.fn(async () => {
      backend.setUser(alice);
      return { signedIn: true };
    });
    await signUpWith({}, backend);
    await type('Verification code', '123456');
    await press('Verify');
  },

  '/forgot-password | the page opens': async () =>
    renderApp('/forgot-password', { backend: fakeAuth(null), api: lenientApi({}) }),
  '/forgot-password | the reset e-mail is sent': async () => sendReset(),

  '/dashboard | the session is being read': async () =>
    renderApp('/dashboard', { backend: fakeAuth(alice, { session: jest.fn(never) as never }), api: dashboardApi() }),
  '/dashboard | the portfolio is loading': async () =>
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: dashboardApi({ 'GET /api/portfolios/alice-sub': never }),
    }),
  '/dashboard | the portfolio is shown': async () => openDashboard(),
  '/dashboard | the transaction history is opened': async () => {
    await openDashboard();
    await press('Show');
  },
  '/dashboard | the portfolio cannot be loaded': async () =>
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: dashboardApi({ 'GET /api/portfolios/alice-sub': offline }),
    }),
  '/dashboard | the portfolio is refreshed': async () => {
    await openDashboard();
    await press('Refresh');
  },
  '/dashboard | a withdrawal request is sent': async () => {
    await openDashboard(dashboardApi({ 'POST /api/withdrawals/request': { success: true } }));
    await requestWithdrawal('150', true);
  },

  '/admin | the console is loading': async () =>
    renderApp('/admin', { backend: fakeAuth(adminUser), api: adminApi({ 'GET /api/admin/clients': never }) }),
  '/admin | the clients are shown': async () => openConsole(),
  '/admin | the clients are sorted by balance': async () => {
    await openConsole();
    const sort =
      screen.queryByRole('button', { name: 'Highest First' }) ?? screen.getByRole('button', { name: /^Balance/ });
    await userEvent.click(sort);
  },
  '/admin | a search matches no client': async () => {
    await openConsole();
    await userEvent.type(screen.getByLabelText('Search clients by email...'), 'nobody-at-all');
  },
  '/admin | there is no client': async () => openConsole(adminApi({}, [])),
  "/admin | a client's transactions are loading": async () => {
    await openConsole(adminApi({ 'GET /api/admin/clients/c1/transactions': never }));
    await rowAction('alice@example.com', TRANSACTIONS);
  },
  "/admin | a client's transactions are shown": async () => {
    await openConsole();
    await rowAction('alice@example.com', TRANSACTIONS);
  },
  '/admin | a client has no transaction': async () => {
    await openConsole(adminApi({ 'GET /api/admin/clients/c1/transactions': [] }));
    await rowAction('alice@example.com', TRANSACTIONS);
  },
  '/admin | Delete client is chosen': async () => {
    await openConsole();
    await rowAction('bob@example.com', DELETE);
  },
  '/admin | a deposit is added': async () => {
    await openConsole();
    await moveMoney(DEPOSIT, '100', true);
  },
  '/admin | a withdrawal is processed': async () => {
    await openConsole();
    await moveMoney(WITHDRAW, '50', true);
  },
  '/admin | a balance is edited': async () => {
    await openConsole();
    await moveMoney(EDIT_BALANCE, '2000', true);
  },

  '/admin/withdrawal-alerts | the console is loading': async () =>
    renderApp('/admin/withdrawal-alerts', {
      backend: fakeAuth(adminUser),
      api: alertsApi({ data: [] }, { 'GET /api/admin/clients': never }),
    }),
  '/admin/withdrawal-alerts | the alerts are loading': async () =>
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(adminUser), api: alertsApi(never) }),
  '/admin/withdrawal-alerts | the alerts are shown': async () => {
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(adminUser), api: alertsApi({ data: alertGroups }) });
    await screen.findByRole('heading', { name: 'Withdrawal Alerts' });
  },
  '/admin/withdrawal-alerts | no deposit is near eligibility': async () =>
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(adminUser), api: alertsApi({ data: [] }) }),

  '* | the page opens': async () => renderApp('/no-such-page', { backend: fakeAuth(null), api: lenientApi({}) }),
};

/** How each failure of the list is provoked, keyed `screen | title | message`. */
const FAILURES: Record<string, Reach> = {
  '/ | Sign-in failed | Incorrect password': async () =>
    signInWith(
      fakeAuth(null, {
        signIn: jest.fn(async () =>
          Promise.reject(cognitoError('NotAuthorizedException', 'Incorrect username or password.')),
        ),
      }),
    ),
  '/ | Sign-in failed | Invalid email address': async () =>
    signInWith(
      fakeAuth(null, {
        signIn: jest.fn(async () =>
          Promise.reject(cognitoError('InvalidParameterException', 'Invalid email address format.')),
        ),
      }),
    ),
  '/ | Sign-in failed | Too many failed attempts. Please try again later': async () =>
    signInWith(
      fakeAuth(null, {
        signIn: jest.fn(async () =>
          Promise.reject(cognitoError('NotAuthorizedException', 'Password attempts exceeded')),
        ),
      }),
    ),
  '/ | Sign-in failed | An error occurred during sign in': async () =>
    signInWith(fakeAuth(null, { signIn: jest.fn(async () => Promise.reject(cognitoError('SomethingElse', 'boom'))) })),
  '/ | Sign-in failed | This domain is not authorized for Google sign-in. Please use email/password sign-in instead, or contact support to authorize this domain.':
    async () => {
      renderApp('/', { backend: fakeAuth(null), api: lenientApi({}), config: { googleSignIn: false } });
      await press('Continue with Google');
    },

  "/signup | Password mismatch | Passwords don't match. Please check and try again.": async () =>
    signUpWith({ 'Confirm password': 'different' }),
  '/signup | Password too short | Password should be at least 6 characters long.': async () =>
    signUpWith({ Password: 'abcde', 'Confirm password': 'abcde' }),
  '/signup | Sign-up failed | An account already exists with this email address': async () =>
    signUpWith(
      {},
      fakeAuth(null, {
        signUp: jest.fn(async () => Promise.reject(cognitoError('UsernameExistsException', 'User already exists'))),
      }),
    ),
  '/signup | Sign-up failed | Invalid email address': async () =>
    signUpWith(
      {},
      fakeAuth(null, {
        signUp: jest.fn(async () =>
          Promise.reject(cognitoError('InvalidParameterException', 'Invalid email address format.')),
        ),
      }),
    ),
  '/signup | Sign-up failed | Password should be at least 6 characters long': async () =>
    signUpWith(
      {},
      fakeAuth(null, {
        signUp: jest.fn(async () =>
          Promise.reject(cognitoError('InvalidPasswordException', 'Password did not conform with policy')),
        ),
      }),
    ),

  '/forgot-password | Reset failed | Invalid email address': async () =>
    sendReset(
      fakeAuth(null, {
        sendResetCode: jest.fn(async () =>
          Promise.reject(cognitoError('InvalidParameterException', 'Invalid email address format.')),
        ),
      }),
    ),

  '/dashboard | Invalid Amount | Please enter a valid withdrawal amount': async () => {
    await openDashboard();
    await requestWithdrawal('0', false);
  },
  '/dashboard | Amount Too High | You can only withdraw up to {amount} in eligible profit': async () => {
    await openDashboard();
    await requestWithdrawal('300', false);
  },
  '/dashboard | Request Failed | Failed to connect to server. Please try again.': async () => {
    await openDashboard(dashboardApi({ 'POST /api/withdrawals/request': offline }));
    await requestWithdrawal('150', true);
  },
  '/dashboard | Refresh failed | Could not update portfolio data. Please try again.': async () => {
    let fail = false;
    await openDashboard(
      dashboardApi({
        'GET /api/portfolios/alice-sub': () => (fail ? Promise.reject(apiError(500, 'boom')) : portfolio),
      }),
    );
    fail = true;
    await press('Refresh');
  },
  '/dashboard | Sign-out failed | An unexpected error occurred. Please try again.': async () => {
    await openDashboard(
      dashboardApi(),
      fakeAuth(alice, { signOut: jest.fn(async () => Promise.reject(new Error('network'))) }),
    );
    await press('Sign out');
  },
  '/dashboard | Error | Failed to load transaction history': async () => {
    await openDashboard(dashboardApi({ 'GET /api/portfolios/alice-sub/transactions': bareFailure }));
    await press('Show');
  },

  '/admin | Invalid Amount | Please enter a valid positive deposit amount': async () => {
    await openConsole();
    await moveMoney(DEPOSIT, '', false);
  },
  '/admin | Invalid Amount | Please enter a valid positive withdrawal amount': async () => {
    await openConsole();
    await moveMoney(WITHDRAW, '', false);
  },
  '/admin | Invalid Amount | Please enter a valid positive number': async () => {
    await openConsole();
    await moveMoney(EDIT_BALANCE, '-1', false);
  },
  '/admin | Error | Failed to load clients data': async () => {
    let fail = false;
    const ok = clientList(clients);
    await openConsole(
      adminApi({
        'GET /api/admin/clients': (body: unknown, path: string) =>
          fail && path !== '/api/admin/clients' ? Promise.reject(apiError(500, 'boom')) : ok(body, path),
      }),
    );
    fail = true;
    await userEvent.type(screen.getByLabelText('Search clients by email...'), 'ali');
  },
  '/admin | Error | Failed to connect to server': async () => {
    await openConsole(adminApi({ 'POST /api/admin/clients/c1/deposit': offline }));
    await moveMoney(DEPOSIT, '100', true);
  },
  '/admin | Error | Failed to add deposit': async () => {
    await openConsole(adminApi({ 'POST /api/admin/clients/c1/deposit': bareFailure }));
    await moveMoney(DEPOSIT, '100', true);
  },
  '/admin | Error | Failed to process withdrawal': async () => {
    await openConsole(adminApi({ 'POST /api/admin/clients/c1/withdrawal': bareFailure }));
    await moveMoney(WITHDRAW, '50', true);
  },
  '/admin | Error | Failed to update balance': async () => {
    await openConsole(adminApi({ 'PUT /api/admin/clients/c1/balance': bareFailure }));
    await moveMoney(EDIT_BALANCE, '2000', true);
  },
  '/admin | Error | Failed to delete client': async () =>
    deleteBob(adminApi({ 'DELETE /api/admin/clients/c2': bareFailure })),
  '/admin | Error | Failed to load transaction history': async () => {
    await openConsole(adminApi({ 'GET /api/admin/clients/c1/transactions': bareFailure }));
    await rowAction('alice@example.com', TRANSACTIONS);
  },

  '/admin/withdrawal-alerts | Error | Failed to load withdrawal alerts': async () =>
    renderApp('/admin/withdrawal-alerts', {
      backend: fakeAuth(adminUser),
      api: alertsApi(() => Promise.reject(apiError(500, 'boom'))),
    }),
};

// ---------------------------------------------------------------- the tests

/** The list's states, in its order: each with its texts. */
function statesOfList(): { key: string; screen: string; when: string; texts: string[] }[] {
  const byKey = new Map<string, { key: string; screen: string; when: string; texts: string[] }>();
  for (const t of words.texts) {
    const key = `${t.screen} | ${t.when}`;
    const state = byKey.get(key) ?? { key, screen: t.screen, when: t.when, texts: [] };
    state.texts.push(t.text);
    byKey.set(key, state);
  }
  return [...byKey.values()];
}

afterEach(() => jest.restoreAllMocks());

describe('the required words of docs/product.md', () => {
  it('lists texts for every screen, error titles and the texts worded otherwise', () => {
    expect(requiredWordsSection('# Product\n\nNothing here.\n')).toBe('');
    expect(parseRequiredWords('')).toEqual({ screens: [], texts: [], errors: [], departures: [] });
    expect(words.screens.map((s) => s.path)).toEqual(SCREENS);
    for (const path of SCREENS)
      expect({ path, texts: words.texts.filter((t) => t.screen === path).length > 0 }).toEqual({ path, texts: true });
    expect(words.errors.length).toBeGreaterThan(0);
    for (const e of words.errors) expect(SCREENS).toContain(e.screen);
    expect(words.departures.length).toBeGreaterThan(0);
    // A text worded otherwise is not also required of the same screen.
    for (const d of words.departures)
      for (const asked of d.asked)
        expect(words.texts.filter((t) => t.screen === d.screen && t.text === asked)).toEqual([]);
  });

  it('reads counts, dates, amounts and e-mails as their shapes, and everything else literally', () => {
    const remaining = textPattern('N day(s) remaining');
    expect(
      ['1 day remaining', '5 days remaining', '0 days remaining', '12 days remaining'].map((s) => remaining.test(s)),
    ).toEqual([true, true, true, true]);
    expect(['1 days remaining', '5 day remaining', 'N day(s) remaining'].map((s) => remaining.test(s))).toEqual([
      false,
      false,
      false,
    ]);
    expect(textPattern('N days until eligible').test('alice@example.com5 days until eligible')).toBe(true);
    expect(textPattern('by {email}').test('by admin@example.com')).toBe(true);
    expect(
      textPattern('You can only withdraw up to {amount} in eligible profit').test(
        'You can only withdraw up to $1,250.50 in eligible profit',
      ),
    ).toBe(true);
    expect(textPattern('Last updated {date}').test('Last updated Mar 3, 2025')).toBe(true);
    expect(textPattern('Next Update').test('Next Update')).toBe(true);
    expect(textPattern('No clients available.').test('No clients availableX')).toBe(false);
    expect(missingTexts('Welcome Back and more', ['Welcome Back', 'Create Account'])).toEqual(['Create Account']);
  });

  it('knows how to reach every state the list names, and the list names every state it knows', () => {
    expect(
      statesOfList()
        .map((s) => s.key)
        .sort(),
    ).toEqual(Object.keys(STATES).sort());
    expect(words.errors.map((e) => `${e.screen} | ${e.title} | ${e.message}`).sort()).toEqual(
      Object.keys(FAILURES).sort(),
    );
  });
});

describe.each(statesOfList().map((s) => [s.screen, s.when, s] as const))(
  'screen %s, when %s',
  (_screen, _when, state) => {
    it('shows each of its required texts', async () => {
      const reach = STATES[state.key];
      if (!reach) throw new Error(`no way to reach "${state.key}": add it to STATES`);
      await reach();
      await expectShown(state.key, state.texts);
      // A counted word shows in its singular and its plural where the fixtures give both.
      for (const text of state.texts.filter(isCounted)) {
        const singular = textPattern(text.replace(/\bN ([A-Za-z]+)\(s\)/, '1 $1'));
        if (text.includes('remaining'))
          expect({ text, singular: singular.test(shownText()) }).toEqual({ text, singular: true });
      }
    });
  },
);

describe.each(words.errors.map((e) => [e.screen, e.title, e.message, e] as const))(
  'screen %s: "%s" with "%s"',
  (_screen, _title, _message, failure) => {
    it('shows the title with its message when provoked', async () => {
      const key = `${failure.screen} | ${failure.title} | ${failure.message}`;
      const provoke = FAILURES[key];
      if (!provoke) throw new Error(`no way to provoke "${key}": add it to FAILURES`);
      await provoke();
      const where = `${key} (${failure.provokedBy})`;
      await expectShown(where, [failure.message]);
      await expectTitle(where, failure.title);
    });
  },
);
