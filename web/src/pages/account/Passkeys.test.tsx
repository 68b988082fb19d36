import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiMessages } from '../../../../shared/messages';
import { passkeyMessages } from '../../../../shared/passkeys';
import { expectFieldError } from '../../test/field-errors';
import {
  accountApi,
  adminUser,
  alice,
  apiError,
  FAKE_PASSKEY_OPTIONS,
  type FakeUser,
  fakeAuth,
  fixtureApi,
  renderApp,
} from '../../test/harness';
import { aliceQuietReads } from '../../test/client-fixtures';
import { formatDate } from '../../format';
import { passkeyWords } from './passkey-words';

// The browser's part, at the module's boundary: the browser makes the passkey, or refuses as WebAuthn does.
jest.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: jest.fn(() => true),
  startRegistration: jest.fn(),
}));
const browser = jest.requireMock<{ browserSupportsWebAuthn: jest.Mock; startRegistration: jest.Mock }>(
  '@simplewebauthn/browser',
);

/** What the browser answers for a new passkey (RegistrationResponseJSON). */
const CREDENTIAL = {
  id: 'new-cred',
  rawId: 'new-cred',
  type: 'public-key',
  response: { clientDataJSON: 'Y2xpZW50', attestationObject: 'YXR0', transports: ['internal'] },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};

const LAPTOP = { id: 'cred-1', name: 'Work laptop', createdAt: '2025-03-10T09:30:00.000Z' };
const PHONE = { id: 'cred-2', name: 'Phone', createdAt: '2025-03-11T18:00:00.000Z' };

const preferences = {
  preferences: {
    'deposit-recorded': true,
    'withdrawal-processed': true,
    'balance-edited': true,
    'admin-weekly-growth-summary': true,
    'statement-ready': true,
  },
};

beforeEach(() => {
  jest.clearAllMocks();
  browser.browserSupportsWebAuthn.mockReturnValue(true);
  browser.startRegistration.mockResolvedValue(CREDENTIAL);
});

function setup(user: FakeUser, handlers: Record<string, unknown> = {}, path = '/account') {
  const backend = fakeAuth(user);
  const api = fixtureApi({
    ...aliceQuietReads,
    'GET /api/portfolios/alice-sub/email-preferences': preferences,
    'GET /api/portfolios/admin-sub/email-preferences': preferences,
    'GET /api/portfolios/alice-sub/payout-account': { account: null },
    'GET /api/portfolios/admin-sub/payout-account': { account: null },
    ...accountApi(backend),
    ...handlers,
  });
  renderApp(path, { backend, api });
  return { backend, api };
}

async function passkeysCard() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Passkeys' });
  return within(heading.closest('.chakra-card__root') as HTMLElement);
}

/** "Add a passkey", the name, then "Add passkey". */
async function addPasskey(name: string) {
  const card = await passkeysCard();
  await userEvent.click(await card.findByRole('button', { name: 'Add a passkey' }));
  if (name) await userEvent.type(card.getByLabelText('Passkey name'), name);
  await userEvent.click(card.getByRole('button', { name: 'Add passkey' }));
  return card;
}

const passkeyCalls = (api: ReturnType<typeof setup>['api']) =>
  api.calls.filter((c) => c.path.startsWith('/api/me/passkeys') && c.method !== 'GET');

describe('passkeys card', () => {
  it("lists each passkey's name and the day it was added, each with its Remove", async () => {
    setup({ ...alice, passkeys: [LAPTOP, PHONE] });
    const card = await passkeysCard();
    const items = within(await card.findByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Work laptopAdded ${formatDate(LAPTOP.createdAt)}Remove`,
      `PhoneAdded ${formatDate(PHONE.createdAt)}Remove`,
    ]);
    expect(card.getByRole('button', { name: 'Remove Phone' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('says when there are none yet, and when the list cannot be loaded (with a retry)', async () => {
    let fail = true;
    setup(alice, {
      'GET /api/me/passkeys': () =>
        fail ? Promise.reject(apiError(500, 'boom')) : { passkeys: [], passkeyRequiredForAdmin: false },
    });
    const card = await passkeysCard();
    expect(await card.findByText('Could not load your passkeys.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText('No passkeys yet.')).toBeInTheDocument();
  });

  it('adds a passkey: options from the API, the browser makes it, the API keeps it; every session ends, so sign-in says so', async () => {
    const { api, backend } = setup(alice);
    await addPasskey('  My phone ');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(await screen.findByText(passkeyWords.added.title)).toBeInTheDocument();
    expect(screen.getByText(passkeyWords.added.description)).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: FAKE_PASSKEY_OPTIONS });
    expect(passkeyCalls(api)).toEqual([
      { method: 'POST', path: '/api/me/passkeys/options', body: undefined },
      { method: 'POST', path: '/api/me/passkeys', body: { name: 'My phone', credential: CREDENTIAL } },
    ]);
    // The API ended every session: this device forgets its tokens.
    expect(backend.signOut).toHaveBeenCalledTimes(1);
  });

  it('is busy while the browser makes the passkey', async () => {
    let create: (value: typeof CREDENTIAL) => void = () => undefined;
    browser.startRegistration.mockReturnValue(new Promise((resolve) => (create = resolve)));
    setup(alice);
    const card = await addPasskey('Laptop');
    const busy = await card.findByRole('button', { name: /Adding passkey/ });
    expect(busy).toBeDisabled();
    expect(card.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    create(CREDENTIAL);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it.each([
    ['', passkeyMessages.nameRequired],
    ['   ', passkeyMessages.nameRequired],
    ['x'.repeat(41), passkeyMessages.nameTooLong],
    ['Laptop\u202e', passkeyMessages.nameUnsafe],
  ])(
    'asks for a name of 1 to 40 characters, safe to show (%j), at the field, before anything is sent',
    async (name, shown) => {
      const { api } = setup(alice);
      const card = await addPasskey(name);
      await expectFieldError('Passkey name', shown, card);
      expect(passkeyCalls(api)).toEqual([]);
      expect(browser.startRegistration).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', passkeyWords.notCreated],
    ['AbortError', 'ERROR_CEREMONY_ABORTED', passkeyWords.notCreated],
    ['InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', passkeyWords.alreadyOnDevice],
    ['SecurityError', 'ERROR_INVALID_DOMAIN', passkeyWords.wrongAddress],
    ['NotSupportedError', 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT', passkeyWords.noVerification],
  ])("says the browser's refusal (%s, %s) in plain words, and keeps the form", async (name, code, shown) => {
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('refused'), { name, code }));
    const { api, backend } = setup(alice);
    const card = await addPasskey('Laptop');
    expect(await card.findByRole('alert')).toHaveTextContent(shown);
    expect(card.getByLabelText('Passkey name')).toHaveValue('Laptop');
    expect(passkeyCalls(api).map((c) => c.path)).toEqual(['/api/me/passkeys/options']);
    expect(backend.signOut).not.toHaveBeenCalled();
  });

  it('says a browser without passkeys before asking it for one', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    setup(alice);
    const card = await addPasskey('Laptop');
    expect(await card.findByRole('alert')).toHaveTextContent(passkeyWords.notSupported);
    expect(browser.startRegistration).not.toHaveBeenCalled();
  });

  it("shows the API's own refusal of the new passkey", async () => {
    setup(alice, {
      'POST /api/me/passkeys': () => Promise.reject(apiError(400, 'The passkey could not be verified.')),
    });
    const card = await addPasskey('Laptop');
    expect(await card.findByRole('alert')).toHaveTextContent('The passkey could not be verified.');
  });

  it('offers a new sign-in, back to this page, when the sign-in is too old for the change', async () => {
    const { backend } = setup({ ...alice, signedInLongAgo: true });
    const card = await addPasskey('Laptop');
    expect(await card.findByText(passkeyWords.signInAgain)).toBeInTheDocument();
    expect(browser.startRegistration).not.toHaveBeenCalled();
    await userEvent.click(card.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalledTimes(1);
    // Signed in again: back on the account page.
    backend.setUser(alice);
    await userEvent.type(screen.getByLabelText('Email'), alice.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });

  it('removes a passkey after a confirmation; every session ends, so sign-in says so', async () => {
    const { api, backend } = setup(
      { ...alice, passkeys: [LAPTOP, PHONE] },
      { 'DELETE /api/me/passkeys/cred-2': { success: true, signedOut: true } },
    );
    const card = await passkeysCard();
    await userEvent.click(await card.findByRole('button', { name: 'Remove Phone' }));
    expect(card.getByText(/Remove the passkey “Phone”\?/)).toBeInTheDocument();
    // Cancel leaves it.
    await userEvent.click(card.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await card.findByRole('button', { name: 'Remove Phone' }));
    expect(passkeyCalls(api)).toEqual([]);
    await userEvent.click(card.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(await screen.findByText(passkeyWords.removed.title)).toBeInTheDocument();
    expect(passkeyCalls(api)).toEqual([{ method: 'DELETE', path: '/api/me/passkeys/cred-2', body: undefined }]);
    expect(backend.signOut).toHaveBeenCalledTimes(1);
  });

  it('offers a new sign-in when the removal is refused for an old sign-in, and says any other refusal', async () => {
    let answer = apiError(403, apiMessages.freshSignInRequired);
    setup({ ...alice, passkeys: [LAPTOP] }, { 'DELETE /api/me/passkeys/cred-1': () => Promise.reject(answer) });
    const card = await passkeysCard();
    await userEvent.click(await card.findByRole('button', { name: 'Remove Work laptop' }));
    await userEvent.click(card.getByRole('button', { name: 'Remove' }));
    expect(await card.findByText(passkeyWords.signInAgain)).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Cancel' }));
    answer = apiError(404, 'No such passkey.');
    await userEvent.click(await card.findByRole('button', { name: 'Remove Work laptop' }));
    await userEvent.click(card.getByRole('button', { name: 'Remove' }));
    expect(await card.findByRole('alert')).toHaveTextContent('No such passkey.');
  });

  it('is not shown to a Google user: Google runs their sign-in', async () => {
    const { api } = setup({ ...alice, provider: 'Google' });
    expect(await screen.findByText('Your sign-in is managed by Google.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Passkeys' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/me/passkeys'))).toEqual([]);
  });

  it('tells an administrator without one that the console needs one where the stage requires it', async () => {
    setup(adminUser, { 'GET /api/me/passkeys': { passkeys: [], passkeyRequiredForAdmin: true } });
    const card = await passkeysCard();
    expect(await card.findByText(passkeyWords.adminNeedsOne)).toBeInTheDocument();
  });

  it.each([
    ['a client where the stage requires one', alice, true, []],
    ['an administrator where the stage does not', adminUser, false, []],
    ['an administrator who has one', adminUser, true, [LAPTOP]],
  ])('says nothing of it to %s', async (_, user, required, passkeys) => {
    setup(user, { 'GET /api/me/passkeys': { passkeys, passkeyRequiredForAdmin: required } });
    const card = await passkeysCard();
    await waitFor(() => expect(card.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument());
    expect(card.queryByText(passkeyWords.adminNeedsOne)).not.toBeInTheDocument();
  });
});

describe('administrators without a passkey sign-in', () => {
  it('are sent from the admin console to /account, which says why and shows the passkeys', async () => {
    const { api } = setup(
      adminUser,
      { 'GET /api/admin/clients': () => Promise.reject(apiError(403, apiMessages.passkeyRequired)) },
      '/admin',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Passkey sign-in required')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(apiMessages.passkeyRequired.replace(/[.]/g, '\\.')))).toBeInTheDocument();
    expect(await passkeysCard()).toBeTruthy();
    expect(screen.queryByText('Client Portfolios')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/')).map((c) => c.path)).toEqual([
      '/api/admin/clients',
    ]);
  });
});
