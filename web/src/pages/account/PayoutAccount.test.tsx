import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaskedPayoutAccountDto } from '../../../../shared/api';
import { errors } from '../../../../shared/messages';
import { payoutMessages } from '../../../../shared/payout-account';
import { expectFieldError } from '../../test/field-errors';
import {
  accountApi,
  alice,
  apiError,
  FAKE_PASSWORD,
  FAKE_TOTP_CODE,
  type FakeUser,
  fakeAuth,
  fixtureApi,
  renderApp,
} from '../../test/harness';
import { aliceQuietReads } from '../../test/client-fixtures';
import { aliceIban, payoutAccountApi, VALID_IBAN, VALID_ROUTING, VALID_US_ACCOUNT } from '../../test/payout-fixtures';
import { formatDateTime } from '../../format';

/** Wednesday 12 March 2025, 10:00 UTC. */
const NOW = Date.parse('2025-03-12T10:00:00Z');
beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => jest.restoreAllMocks());

const preferences = {
  preferences: {
    'deposit-recorded': true,
    'withdrawal-processed': true,
    'balance-edited': true,
    'admin-weekly-growth-summary': true,
    'statement-ready': true,
  },
};

function setup(
  user: FakeUser,
  account: MaskedPayoutAccountDto | null = null,
  { path = '/account', handlers = {} }: { path?: string; handlers?: Record<string, unknown> } = {},
) {
  const backend = fakeAuth(user);
  const payout = payoutAccountApi(() => backend.user() ?? user, { account });
  const api = fixtureApi({
    ...aliceQuietReads,
    'GET /api/portfolios/alice-sub/email-preferences': preferences,
    ...accountApi(backend),
    ...payout.handlers,
    ...handlers,
  });
  renderApp(path, { backend, api });
  return { backend, api, puts: payout.puts };
}

async function payoutCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Payout account' });
  return within(heading.closest('.chakra-card__root') as HTMLElement);
}

/** Opens the form (Add, or Change) and fills the holder and the bank. */
async function openForm(holder = 'Alice Example', bank = 'Example Bank plc') {
  const card = await payoutCard();
  await userEvent.click(await card.findByRole('button', { name: /^(Add payout account|Change)$/ }));
  const holderField = await card.findByLabelText('Account holder');
  await userEvent.clear(holderField);
  if (holder) await userEvent.type(holderField, holder);
  await userEvent.clear(card.getByLabelText('Bank name'));
  if (bank) await userEvent.type(card.getByLabelText('Bank name'), bank);
  return card;
}

const save = (card: ReturnType<typeof within>) =>
  userEvent.click(card.getByRole('button', { name: 'Save payout account' }));

describe('payout account card', () => {
  it('shows the account masked, the day it was set, and no waiting once the cooling-off is over', async () => {
    setup(alice, aliceIban);
    const card = await payoutCard();
    const facts = await card.findByTestId('payout-account');
    expect(facts).toHaveTextContent('Account holderAlice Example');
    expect(facts).toHaveTextContent('BankExample Bank plc');
    expect(facts).toHaveTextContent('AccountIBAN GB•• ending 5432');
    expect(card.getByText('Set on Jan 1, 2025')).toBeInTheDocument();
    expect(card.queryByText(/Withdrawals can be paid to this account from/)).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('says calmly, while its cooling-off runs, from when withdrawals can be paid to it', async () => {
    const usableFrom = '2025-03-14T09:00:00.000Z';
    setup(alice, { ...aliceIban, setAt: '2025-03-11T09:00:00.000Z', usableFrom });
    const card = await payoutCard();
    const note = await card.findByRole('status');
    expect(note).toHaveTextContent(`Withdrawals can be paid to this account from ${formatDateTime(usableFrom)}.`);
    expect(note).toHaveTextContent('used only after 72 hours');
  });

  it('says there is none yet and offers to add one', async () => {
    setup(alice, null);
    const card = await payoutCard();
    expect(await card.findByText(/You have none yet/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Add payout account' })).toBeInTheDocument();
  });

  it('checks the form before sending, each problem at its field, in the words the server uses', async () => {
    const { puts } = setup(alice, null);
    const card = await openForm('', '');
    await save(card);
    await expectFieldError('Account holder', payoutMessages.holderNameRequired, card);
    await expectFieldError('Bank name', payoutMessages.bankNameRequired, card);
    await expectFieldError('IBAN', payoutMessages.ibanRequired, card);
    await expectFieldError('Current password', payoutMessages.passwordRequired, card);
    await userEvent.type(card.getByLabelText('IBAN'), 'GB82 WEST 1234 5698 7654 33');
    await save(card);
    await expectFieldError('IBAN', payoutMessages.ibanInvalid, card);

    await userEvent.click(card.getByLabelText('US account'));
    expect(card.queryByLabelText('IBAN')).not.toBeInTheDocument();
    await userEvent.type(card.getByLabelText('Account number'), '12');
    await userEvent.type(card.getByLabelText('Routing number'), '011000016');
    await save(card);
    await expectFieldError('Account number', payoutMessages.accountNumberInvalid, card);
    await expectFieldError('Routing number', payoutMessages.routingNumberInvalid, card);
    expect(puts).toEqual([]);
  });

  it('adds an IBAN with the password, then shows only the masked answer and when it can be used', async () => {
    const { puts } = setup(alice, null);
    const card = await openForm();
    await userEvent.type(card.getByLabelText('IBAN'), VALID_IBAN);
    await userEvent.type(card.getByLabelText('Current password'), FAKE_PASSWORD);
    await save(card);
    expect(await card.findByText('IBAN GB•• ending 5432')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        holderName: 'Alice Example',
        bankName: 'Example Bank plc',
        kind: 'iban',
        iban: 'GB82WEST12345698765432',
        password: FAKE_PASSWORD,
      },
    ]);
    const usableFrom = new Date(NOW + 72 * 3_600_000).toISOString();
    expect(await screen.findByText('Payout account saved')).toBeInTheDocument();
    expect(card.getByRole('status')).toHaveTextContent(formatDateTime(usableFrom));
    // Nothing of the number but its last four digits, anywhere on the page, nor the password.
    expect(document.body.textContent).not.toContain('12345698765432');
    expect(card.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('changes to a US account, keeping the holder and bank shown as the starting point', async () => {
    const { puts } = setup(alice, aliceIban);
    const card = await payoutCard();
    await userEvent.click(await card.findByRole('button', { name: 'Change' }));
    expect(card.getByLabelText('Account holder')).toHaveValue('Alice Example');
    expect(card.getByLabelText('IBAN')).toHaveValue('');
    await userEvent.click(card.getByLabelText('US account'));
    await userEvent.type(
      card.getByLabelText('Account number'),
      `${VALID_US_ACCOUNT.slice(0, 6)}-${VALID_US_ACCOUNT.slice(6)}`,
    );
    await userEvent.type(card.getByLabelText('Routing number'), VALID_ROUTING);
    await userEvent.type(card.getByLabelText('Current password'), FAKE_PASSWORD);
    await save(card);
    expect(await card.findByText('US account ending 6789 (routing 011000015)')).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ kind: 'us', accountNumber: VALID_US_ACCOUNT, routingNumber: VALID_ROUTING });
  });

  it('asks a Google account for no password (it has none) nor a code', async () => {
    const { puts } = setup({ ...alice, provider: 'Google' }, null);
    const card = await openForm();
    expect(card.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(card.queryByLabelText('6-digit code from your authenticator app')).not.toBeInTheDocument();
    await userEvent.type(card.getByLabelText('IBAN'), VALID_IBAN);
    await save(card);
    expect(await card.findByText('IBAN GB•• ending 5432')).toBeInTheDocument();
    expect(puts[0]).not.toHaveProperty('password');
  });

  it('asks for the code while two-factor sign-in is on; a wrong one is said at the field and cleared', async () => {
    const { puts } = setup({ ...alice, totp: true }, null);
    const card = await openForm();
    await userEvent.type(card.getByLabelText('IBAN'), VALID_IBAN);
    await userEvent.type(card.getByLabelText('Current password'), FAKE_PASSWORD);
    await save(card);
    await expectFieldError('6-digit code from your authenticator app', payoutMessages.codeRequired, card);
    expect(puts).toEqual([]);
    await userEvent.type(card.getByLabelText('6-digit code from your authenticator app'), '654321');
    await save(card);
    const code = await expectFieldError('6-digit code from your authenticator app', errors.twoFactor.wrongCode, card);
    expect(code).toHaveValue('');
    await userEvent.type(code, FAKE_TOTP_CODE);
    await save(card);
    expect(await card.findByText('IBAN GB•• ending 5432')).toBeInTheDocument();
    expect(puts.at(-1)).toMatchObject({ password: FAKE_PASSWORD, code: FAKE_TOTP_CODE });
  });

  it("puts the server's refusals at their fields: a wrong password, and a code it asks for", async () => {
    // The page could not tell two-factor sign-in was on: the server's word brings the code field.
    const backend = fakeAuth({ ...alice, totp: true });
    backend.account.mfaStatus = jest.fn(async () => Promise.reject(new Error('network')));
    const payout = payoutAccountApi(() => backend.user() ?? alice);
    renderApp('/account', {
      backend,
      api: fixtureApi({
        ...aliceQuietReads,
        'GET /api/portfolios/alice-sub/email-preferences': preferences,
        ...payout.handlers,
      }),
    });
    const card = await openForm();
    await userEvent.type(card.getByLabelText('IBAN'), VALID_IBAN);
    await userEvent.type(card.getByLabelText('Current password'), 'not-it');
    await save(card);
    await expectFieldError('6-digit code from your authenticator app', payoutMessages.codeRequired, card);
    await userEvent.type(card.getByLabelText('6-digit code from your authenticator app'), FAKE_TOTP_CODE);
    await save(card);
    await expectFieldError('Current password', errors.account.wrongCurrentPassword, card);
    expect(card.getByLabelText('IBAN')).toHaveValue(VALID_IBAN);
  });

  it('offers a new sign-in when the sign-in is too old, and comes back to this card', async () => {
    const user = { ...alice, signedInLongAgo: true };
    const { backend } = setup(user, null);
    const card = await openForm();
    await userEvent.type(card.getByLabelText('IBAN'), VALID_IBAN);
    await userEvent.type(card.getByLabelText('Current password'), FAKE_PASSWORD);
    await save(card);
    expect(await card.findByRole('alert')).toHaveTextContent(payoutMessages.freshSignInRequired);
    await userEvent.click(card.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    backend.setUser({ ...user, signedInLongAgo: false });
    await userEvent.type(screen.getByLabelText('Email'), alice.email);
    await userEvent.type(screen.getByLabelText('Password'), FAKE_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payout account' })).toBeInTheDocument();
  });

  it('says what the server says over the form when no field owns it', async () => {
    setup(alice, null, {
      handlers: {
        'PUT /api/portfolios/alice-sub/payout-account': () =>
          Promise.reject(apiError(429, 'Too many failed attempts. Please try again later')),
      },
    });
    const card = await openForm();
    await userEvent.type(card.getByLabelText('IBAN'), VALID_IBAN);
    await userEvent.type(card.getByLabelText('Current password'), FAKE_PASSWORD);
    await save(card);
    expect(await card.findByRole('alert')).toHaveTextContent('Too many failed attempts. Please try again later');
  });

  it('lands on the card from a link to it (/account#payout-account)', async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out, and has no scrollIntoView to spy on: given for this test alone.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      setup(alice, aliceIban, { path: '/account#payout-account' });
      await payoutCard();
      await waitFor(() => expect(scrolled.map((e) => e.id)).toContain('payout-account'));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('says when the account cannot be loaded, and tries again', async () => {
    let fail = true;
    setup(alice, null, {
      handlers: {
        'GET /api/portfolios/alice-sub/payout-account': () =>
          fail ? Promise.reject(apiError(500, 'boom')) : { account: aliceIban },
      },
    });
    const card = await payoutCard();
    expect(await card.findByText('Could not load your payout account.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText('IBAN GB•• ending 5432')).toBeInTheDocument();
  });
});
