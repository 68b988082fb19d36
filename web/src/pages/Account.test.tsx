import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiMessages, successToasts, toastTitles } from '../../../shared/messages';
import { ApiError } from '../api/client';
import {
  accountApi,
  adminUser,
  alice,
  apiError,
  cognitoError,
  FAKE_PASSWORD,
  FAKE_TOTP_CODE,
  FAKE_TOTP_SECRET,
  type FakeUser,
  fakeAuth,
  fixtureApi,
  renderApp,
} from '../test/harness';
import { expectFieldError } from '../test/field-errors';
import { totpSetupOf } from './account/totp-setup';
import { aliceQuietReads } from '../test/client-fixtures';

const allOn = {
  'deposit-recorded': true,
  'withdrawal-processed': true,
  'balance-edited': true,
  'admin-weekly-growth-summary': true,
  'statement-ready': true,
};

const portfolioFixtures = {
  ...aliceQuietReads,
  'GET /api/portfolios/alice-sub/email-preferences': { preferences: allOn },
  'GET /api/portfolios/admin-sub/email-preferences': { preferences: allOn },
  'GET /api/portfolios/alice-sub/payout-account': { account: null },
  'GET /api/portfolios/admin-sub/payout-account': { account: null },
};

function setup(user: FakeUser, handlers: Record<string, unknown> = {}, path = '/account') {
  const backend = fakeAuth(user);
  const api = fixtureApi({ ...portfolioFixtures, ...accountApi(backend), ...handlers });
  renderApp(path, { backend, api });
  return { backend, api };
}

/** Starts setting up an app on the two-factor card: Set up, then the password. */
async function startSetUp(twoFactor: ReturnType<typeof within>) {
  await userEvent.click(await twoFactor.findByRole('button', { name: 'Set up' }));
  await userEvent.type(await twoFactor.findByLabelText('Current password'), FAKE_PASSWORD);
  await userEvent.click(twoFactor.getByRole('button', { name: 'Continue' }));
}

/** The card (a Chakra Card under its h2) titled `title`. */
async function card(title: string) {
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  return within(heading.closest('.chakra-card__root') as HTMLElement);
}

describe('account page', () => {
  it('is reached from the dashboard header, behind sign-in', async () => {
    setup(alice, {}, '/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends a signed-out visitor to sign-in', async () => {
    renderApp('/account', { backend: fakeAuth(null), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('shows the e-mail read-only and saves new names through the API (Cognito and the portfolio)', async () => {
    const renamed: unknown[] = [];
    const { backend } = setup(alice, {
      'PUT /api/portfolios/alice-sub/names': (body: { firstName: string; lastName: string }) => {
        renamed.push(body);
        // What Cognito now holds: the next session's ID token carries it.
        backend.setUser({ ...alice, ...body });
        return { success: true, ...body };
      },
    });
    const profile = await card('Profile');
    expect(profile.getByLabelText('Email')).toHaveValue(alice.email);
    expect(profile.getByLabelText('Email')).toHaveAttribute('readonly');
    const save = profile.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // nothing changed yet
    await userEvent.clear(profile.getByLabelText('First name'));
    await userEvent.type(profile.getByLabelText('First name'), ' Alicia ');
    await userEvent.click(save);
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(renamed).toEqual([{ firstName: 'Alicia', lastName: 'Example' }]);
    // The session is read again with new tokens: the page's user has the new name.
    expect(backend.session).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(profile.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('requires both names and refuses control characters in them', async () => {
    const { api } = setup(alice);
    const profile = await card('Profile');
    await userEvent.clear(profile.getByLabelText('Last name'));
    await userEvent.click(profile.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    await userEvent.type(profile.getByLabelText('Last name'), 'Ex\u202Eample');
    await userEvent.click(profile.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(apiMessages.nameUnsafeCharacters)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows a name a spreadsheet would run at its field, and saves nothing', async () => {
    const { api } = setup(alice);
    const profile = await card('Profile');
    const last = profile.getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, "Example;=1+1;=cmd|' /C calc'!A0");
    await userEvent.click(profile.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(last).toHaveAccessibleErrorMessage(apiMessages.nameFormulaCharacters));
    expect(last).toHaveAttribute('aria-invalid', 'true');
    expect(profile.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  describe('password', () => {
    async function fill(current: string, next: string, confirm: string) {
      const password = await card('Password');
      if (current) await userEvent.type(password.getByLabelText('Current password'), current);
      if (next) await userEvent.type(password.getByLabelText('New password'), next);
      if (confirm) await userEvent.type(password.getByLabelText('Confirm new password'), confirm);
      await userEvent.click(password.getByRole('button', { name: 'Change password' }));
      return password;
    }

    it.each([
      ['', 'newpass1', 'newpass1', 'Current password', 'Please enter your current password'],
      [
        FAKE_PASSWORD,
        'newpass1',
        'newpass2',
        'Confirm new password',
        "Passwords don't match. Please check and try again.",
      ],
      [FAKE_PASSWORD, 'short', 'short', 'New password', 'Password should be at least 6 characters long.'],
      [FAKE_PASSWORD, ' spaced ', ' spaced ', 'New password', 'Password cannot begin or end with a space'],
    ])(
      'checks the form as sign-up does, at the field (current %j, new %j, confirm %j)',
      async (current, next, confirm, field, shown) => {
        const { api } = setup(alice);
        const password = await fill(current, next, confirm);
        await expectFieldError(field, shown, password);
        expect(api.calls.filter((c) => c.path === '/api/me/password')).toEqual([]);
      },
    );

    it('lists the new password rules under it before anything is typed', async () => {
      setup(alice);
      const password = await card('Password');
      expect(password.getByTestId('password-rules')).toHaveTextContent(
        /At least 6 characters.*No space at the start or end/,
      );
      expect(password.getByLabelText('New password')).toHaveAccessibleDescription(
        /At least 6 characters ?, not met yet/,
      );
    });

    it('changes the password through the API; every session has ended, so it says so and goes to sign-in', async () => {
      const { api, backend } = setup(alice);
      await fill(FAKE_PASSWORD, 'newpass1', 'newpass1');
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
      // The toast follows the sign-out that changed the page: it may come a moment after.
      expect(await screen.findByText(successToasts.passwordChanged)).toBeInTheDocument();
      expect(screen.getByText(successToasts.signInWithNewPassword)).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path === '/api/me/password')).toEqual([
        {
          method: 'POST',
          path: '/api/me/password',
          body: { previousPassword: FAKE_PASSWORD, proposedPassword: 'newpass1' },
        },
      ]);
      // This device forgets its tokens; the API ended every session already.
      expect(backend.signOut).toHaveBeenCalledTimes(1);
      expect(backend.account.signOutEverywhere).not.toHaveBeenCalled();
    });

    it('says so when the current password is wrong, and when too many attempts were made, keeping the form', async () => {
      setup(alice, {
        'POST /api/me/password': () => Promise.reject(apiError(400, 'Your current password is incorrect')),
      });
      const password = await fill('not-it', 'newpass1', 'newpass1');
      await expectFieldError('Current password', 'Your current password is incorrect', password);
      expect(screen.queryByText('Password change failed')).not.toBeInTheDocument();
      expect(password.getByLabelText('New password')).toHaveValue('newpass1');
      expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    });

    it('shows the API’s own refusal (throttled), and the end of the session on a 401', async () => {
      let answer = apiError(429, 'Too many failed attempts. Please try again later');
      setup(alice, { 'POST /api/me/password': () => Promise.reject(answer) });
      const password = await fill(FAKE_PASSWORD, 'newpass1', 'newpass1');
      expect(await screen.findByText('Too many failed attempts. Please try again later')).toBeInTheDocument();
      answer = new ApiError(401, '{"message":"Unauthorized"}', 'Unauthorized');
      await userEvent.click(password.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    });
  });

  describe('two-factor sign-in', () => {
    it('sets up an authenticator app through the API: QR code, the key in groups of four, then a code to confirm; then every session ends', async () => {
      const { api, backend } = setup(alice);
      const twoFactor = await card('Two-factor sign-in');
      expect(await twoFactor.findByText('Off')).toBeInTheDocument();
      await userEvent.click(twoFactor.getByRole('button', { name: 'Set up' }));
      // The password first: nothing is sent without it, and a wrong one shows at its field.
      await userEvent.click(await twoFactor.findByRole('button', { name: 'Continue' }));
      await expectFieldError('Current password', 'Please enter your current password', twoFactor);
      await userEvent.type(twoFactor.getByLabelText('Current password'), 'not-it');
      await userEvent.click(twoFactor.getByRole('button', { name: 'Continue' }));
      await expectFieldError('Current password', 'Your current password is incorrect', twoFactor);
      await userEvent.clear(twoFactor.getByLabelText('Current password'));
      await userEvent.type(twoFactor.getByLabelText('Current password'), FAKE_PASSWORD);
      await userEvent.click(twoFactor.getByRole('button', { name: 'Continue' }));
      const qr = await twoFactor.findByRole('img', { name: 'QR code for your authenticator app' });
      expect(api.calls.filter((c) => c.path.startsWith('/api/me/two-factor/')).map((c) => c.body)).toEqual([
        { password: 'not-it' },
        { password: FAKE_PASSWORD },
      ]);
      // The QR code is drawn from the otpauth URI (the e-mail as the account, Aurum as the issuer), as an SVG image.
      expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
      expect(twoFactor.getByTestId('totp-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      expect(FAKE_TOTP_SECRET.match(/.{4}/g)?.join(' ')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

      // A wrong code is refused and may be tried again.
      await userEvent.type(twoFactor.getByLabelText('6-digit code from the app'), '999999');
      await userEvent.click(twoFactor.getByRole('button', { name: 'Confirm' }));
      const codeField = await expectFieldError(
        '6-digit code from the app',
        'Invalid code. Please try again.',
        twoFactor,
      );
      expect(codeField).toHaveValue('');

      await userEvent.type(twoFactor.getByLabelText('6-digit code from the app'), FAKE_TOTP_CODE);
      await userEvent.click(twoFactor.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path === '/api/me/two-factor/verify').map((c) => c.body)).toEqual([
        { code: '999999' },
        { code: FAKE_TOTP_CODE },
      ]);
      // The API ended every session (one opened with the password alone must not carry on): this device forgets its tokens.
      expect(backend.signOut).toHaveBeenCalledTimes(1);
      expect(backend.account.signOutEverywhere).not.toHaveBeenCalled();
      expect(screen.getByText(successToasts.signInWithCode)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    });

    it('offers the otpauth: link and the key (to copy) first, the QR code to scan from another device after them', async () => {
      setup(alice);
      const twoFactor = await card('Two-factor sign-in');
      await startSetUp(twoFactor);
      const link = await twoFactor.findByRole('link', { name: 'Open in authenticator app' });
      expect(link).toHaveAttribute('href', totpSetupOf(FAKE_TOTP_SECRET, 'Aurum', alice.email).uri);
      const key = twoFactor.getByTestId('totp-key');
      const qr = await twoFactor.findByRole('img', { name: 'QR code for your authenticator app' });
      const before = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      expect(before(link, key)).toBe(true);
      expect(before(key, qr)).toBe(true);
    });

    it('builds the otpauth URI from the API’s secret, with the e-mail as the account', () => {
      expect(totpSetupOf('ABCDEFGH', 'Aurum', 'al+ice@example.com')).toEqual({
        secret: 'ABCDEFGH',
        uri: 'otpauth://totp/Aurum:al%2Bice%40example.com?secret=ABCDEFGH&issuer=Aurum',
      });
    });

    it('says why when the API will not set up another app while one is on', async () => {
      setup(alice, {
        'POST /api/me/two-factor/setup': () => Promise.reject(apiError(409, apiMessages.twoFactorAlreadyOn)),
      });
      const twoFactor = await card('Two-factor sign-in');
      await startSetUp(twoFactor);
      expect(await screen.findByText(apiMessages.twoFactorAlreadyOn)).toBeInTheDocument();
      expect(twoFactor.queryByTestId('totp-key')).not.toBeInTheDocument();
    });

    it('cancels a setup without changing anything', async () => {
      const { api } = setup(alice);
      const twoFactor = await card('Two-factor sign-in');
      await startSetUp(twoFactor);
      await twoFactor.findByRole('img', { name: 'QR code for your authenticator app' });
      await userEvent.click(twoFactor.getByRole('button', { name: 'Cancel' }));
      expect(twoFactor.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path === '/api/me/two-factor/verify')).toEqual([]);
    });

    it('turns it off with the password and a current code, which the API checks: each refusal at its field', async () => {
      const { api } = setup({ ...alice, totp: true });
      const twoFactor = await card('Two-factor sign-in');
      expect(await twoFactor.findByText('On')).toBeInTheDocument();
      await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
      // Nothing is sent without both.
      await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
      await expectFieldError('Current password', 'Please enter your current password', twoFactor);
      await expectFieldError(
        '6-digit code from the app',
        'Please enter the 6-digit code from your authenticator app',
        twoFactor,
      );
      expect(api.calls.filter((c) => c.path === '/api/me/two-factor/disable')).toEqual([]);

      await userEvent.type(twoFactor.getByLabelText('Current password'), FAKE_PASSWORD);
      await userEvent.type(twoFactor.getByLabelText('6-digit code from the app'), '111111');
      await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
      await expectFieldError('6-digit code from the app', 'Invalid code. Please try again.', twoFactor);
      expect(twoFactor.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
      expect(await twoFactor.findByText('On')).toBeInTheDocument();

      await userEvent.clear(twoFactor.getByLabelText('Current password'));
      await userEvent.type(twoFactor.getByLabelText('Current password'), 'not-it');
      await userEvent.type(twoFactor.getByLabelText('6-digit code from the app'), FAKE_TOTP_CODE);
      await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
      await expectFieldError('Current password', 'Your current password is incorrect', twoFactor);

      await userEvent.clear(twoFactor.getByLabelText('Current password'));
      await userEvent.type(twoFactor.getByLabelText('Current password'), FAKE_PASSWORD);
      await userEvent.type(twoFactor.getByLabelText('6-digit code from the app'), FAKE_TOTP_CODE);
      await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
      expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path === '/api/me/two-factor/disable').map((c) => c.body)).toEqual([
        { password: FAKE_PASSWORD, code: '111111' },
        { password: 'not-it', code: FAKE_TOTP_CODE },
        { password: FAKE_PASSWORD, code: FAKE_TOTP_CODE },
      ]);
      expect(await twoFactor.findByText('Off')).toBeInTheDocument();
      expect(twoFactor.getByRole('button', { name: 'Set up' })).toBeInTheDocument();
    });

    it.each([
      ['setting up', false],
      ['turning off', true],
    ])('offers a new sign-in, back to this page, when the API finds the sign-in too old for %s', async (_, on) => {
      const user = { ...alice, totp: on, signedInLongAgo: true };
      const { backend } = setup(user);
      const twoFactor = await card('Two-factor sign-in');
      if (on) {
        await userEvent.click(await twoFactor.findByRole('button', { name: 'Turn off' }));
        await userEvent.type(twoFactor.getByLabelText('Current password'), FAKE_PASSWORD);
        await userEvent.type(twoFactor.getByLabelText('6-digit code from the app'), FAKE_TOTP_CODE);
        await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
      } else {
        await startSetUp(twoFactor);
      }
      expect(await twoFactor.findByText(apiMessages.freshSignInRequired)).toBeInTheDocument();
      expect(twoFactor.queryByLabelText('Current password')).not.toBeInTheDocument();
      await userEvent.click(twoFactor.getByRole('button', { name: 'Sign in again' }));
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
      expect(backend.signOut).toHaveBeenCalledTimes(1);
      // Signed in again, the visitor is back on the account page (not the dashboard).
      backend.setUser({ ...user, signedInLongAgo: false });
      await userEvent.type(screen.getByLabelText('Email'), alice.email);
      await userEvent.type(screen.getByLabelText('Password'), FAKE_PASSWORD);
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    });

    it('says when the status cannot be loaded, and tries again', async () => {
      let fail = true;
      const backend = fakeAuth(alice);
      backend.account.mfaStatus = jest.fn(async () => {
        if (fail) throw cognitoError('NetworkError', 'Failed to fetch');
        return { totp: true };
      });
      renderApp('/account', { backend, api: fixtureApi(portfolioFixtures) });
      const twoFactor = await card('Two-factor sign-in');
      expect(await twoFactor.findByText('Could not load your two-factor sign-in status.')).toBeInTheDocument();
      fail = false;
      await userEvent.click(twoFactor.getByRole('button', { name: 'Retry' }));
      expect(await twoFactor.findByText('On')).toBeInTheDocument();
    });
  });

  it('signs out of all devices and lands on sign-in', async () => {
    const { backend } = setup(alice);
    const sessions = await card('Sessions');
    await userEvent.click(sessions.getByRole('button', { name: 'Sign out of all devices' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    // The toast follows the sign-out that changed the page: it may come a moment after.
    expect(await screen.findByText('Signed out of all devices')).toBeInTheDocument();
    expect(backend.account.signOutEverywhere).toHaveBeenCalledTimes(1);
  });

  it('stays signed in and says so when the global sign-out fails', async () => {
    const { backend } = setup(alice);
    backend.account.signOutEverywhere = jest.fn(async () =>
      Promise.reject(cognitoError('NetworkError', 'Failed to fetch')),
    );
    const sessions = await card('Sessions');
    await userEvent.click(sessions.getByRole('button', { name: 'Sign out of all devices' }));
    expect(await sessions.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });

  it('tells a Google user that Google manages the sign-in: no password or two-factor controls', async () => {
    const { backend } = setup({ ...alice, provider: 'Google' });
    expect(await screen.findByText('Your sign-in is managed by Google.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    // The names come from Google at every sign-in: shown as text, not as fields that cannot be edited.
    const profile = await card('Profile');
    expect(profile.getByTestId('profile-name')).toHaveTextContent('Alice Example');
    expect(profile.getByText(/Google manages your name/)).toBeInTheDocument();
    expect(profile.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(profile.queryByLabelText('Last name')).not.toBeInTheDocument();
    expect(profile.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeInTheDocument();
    expect(backend.account.mfaStatus).not.toHaveBeenCalled();
  });
});

describe('e-mail notifications', () => {
  it('turns an optional e-mail off with Save, sending the whole set, and says so', async () => {
    const saved: unknown[] = [];
    setup(alice, {
      'PUT /api/portfolios/alice-sub/email-preferences': (body: typeof allOn) => {
        saved.push(body);
        return { preferences: body };
      },
    });
    const emails = await card('E-mail notifications');
    const deposits = await emails.findByRole('checkbox', { name: /Deposits/ });
    expect(deposits).toBeChecked();
    // A client is not offered the administrators' weekly summary, and learns what is always sent.
    expect(emails.queryByRole('checkbox', { name: /Weekly growth summary/ })).not.toBeInTheDocument();
    expect(emails.getByText('Decisions on your withdrawal requests are always e-mailed.')).toBeInTheDocument();
    const save = emails.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(deposits);
    expect(deposits).not.toBeChecked();
    await userEvent.click(save);
    expect(await screen.findByText(successToasts.emailPreferencesSaved)).toBeInTheDocument();
    expect(saved).toEqual([{ ...allOn, 'deposit-recorded': false }]);
    await waitFor(() => expect(emails.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(emails.getByRole('checkbox', { name: /Deposits/ })).not.toBeChecked();
  });

  it('keeps the edit for another try, and says why, when saving fails', async () => {
    setup(alice, {
      'PUT /api/portfolios/alice-sub/email-preferences': () => Promise.reject(apiError(500, apiMessages.unexpected)),
    });
    const emails = await card('E-mail notifications');
    await userEvent.click(await emails.findByRole('checkbox', { name: /Balance changes/ }));
    await userEvent.click(emails.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(apiMessages.unexpected)).toBeInTheDocument();
    expect(screen.getByText(toastTitles.emailPreferencesFailed)).toBeInTheDocument();
    // The edit is kept for another try; nothing claims it was saved.
    expect(emails.getByRole('checkbox', { name: /Balance changes/ })).not.toBeChecked();
    // The error is said while the save winds down: the button comes back as "Save" just after.
    expect(await emails.findByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers administrators the weekly summary', async () => {
    setup(adminUser);
    const emails = await card('E-mail notifications');
    expect(await emails.findByRole('checkbox', { name: /Weekly growth summary/ })).toBeChecked();
    expect(
      emails.getByText('Decisions on your withdrawal requests, and new requests from clients, are always e-mailed.'),
    ).toBeInTheDocument();
  });

  it('says when the preferences cannot be loaded, and retries', async () => {
    let fail = true;
    setup(alice, {
      'GET /api/portfolios/alice-sub/email-preferences': () =>
        fail ? Promise.reject(apiError(500, apiMessages.unexpected)) : { preferences: allOn },
    });
    const emails = await card('E-mail notifications');
    expect(await emails.findByText('Failed to load your e-mail preferences')).toBeInTheDocument();
    fail = false;
    await userEvent.click(emails.getByRole('button', { name: 'Retry' }));
    expect(await emails.findByRole('checkbox', { name: /Deposits/ })).toBeChecked();
  });
});

describe('administrators without two-factor sign-in', () => {
  const refused = () => Promise.reject(apiError(403, apiMessages.twoFactorRequired));

  it('are sent from the admin console to /account, which says why', async () => {
    const { api } = setup(adminUser, { 'GET /api/admin/clients': refused }, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Two-factor sign-in required')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(apiMessages.twoFactorRequired))).toBeInTheDocument();
    expect(screen.queryByText('Client Portfolios')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/')).map((c) => c.path)).toEqual([
      '/api/admin/clients',
    ]);
  });

  it('set it up, then sign in again (with a code) for the console: the password-only session ends', async () => {
    let refuse = true;
    const { backend } = setup(
      adminUser,
      {
        'GET /api/admin/clients': () => (refuse ? refused() : []),
        'GET /api/admin/withdrawal-requests?status=pending': [],
      },
      '/admin',
    );
    const twoFactor = await card('Two-factor sign-in');
    await startSetUp(twoFactor);
    await userEvent.type(await twoFactor.findByLabelText('6-digit code from the app'), FAKE_TOTP_CODE);
    refuse = false; // the API now finds the factor on
    await userEvent.click(twoFactor.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalledTimes(1);
  });

  it('an admin whose session began before the second factor (or the admin access) is signed out of the console, to sign in again with a code', async () => {
    const { api, backend } = setup(
      adminUser,
      { 'GET /api/admin/clients': () => Promise.reject(apiError(403, apiMessages.adminSignInAgain)) },
      '/admin',
    );
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(await screen.findByText(apiMessages.adminSignInAgain)).toBeInTheDocument();
    expect(screen.getByText(toastTitles.signInAgain)).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Client Portfolios')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/')).map((c) => c.path)).toEqual([
      '/api/admin/clients',
    ]);
  });

  it('a non-admin refused for any other reason still goes to the dashboard', async () => {
    setup(
      alice,
      {
        'GET /api/admin/clients': () => Promise.reject(apiError(403, apiMessages.adminOnly)),
        'GET /api/portfolios/alice-sub/history': { data: [] },
      },
      '/admin',
    );
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
  });

  it('the admin header links to the account page', async () => {
    setup(
      adminUser,
      { 'GET /api/admin/clients': [], 'GET /api/admin/withdrawal-requests?status=pending': [] },
      '/admin',
    );
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });
});
