import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectFieldError, expectFormFailure } from '../test/field-errors';
import {
  adminUser,
  alice,
  cognitoError,
  FAKE_TOTP_CODE,
  type FakeUser,
  fakeAuth,
  fixtureApi,
  renderApp,
} from '../test/harness';
import { aliceQuietReads } from '../test/client-fixtures';
import { passkeySignInErrors } from '../auth/passkey-errors';

/** What a client's dashboard and the admin console read when they open after a sign-in. */
const landingPages = {
  ...aliceQuietReads,
  'GET /api/portfolios/alice-sub/history': { data: [] },
  'GET /api/admin/clients': [],
  'GET /api/admin/withdrawal-requests?status=pending': [],
};

describe('sign-in page', () => {
  it('shows the texts and links', async () => {
    renderApp('/', { backend: fakeAuth(null), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Access your gold trading portfolio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it("says a missing or malformed e-mail and a missing password at their fields and under 'Sign-in failed' over the form, before sending anything", async () => {
    const backend = fakeAuth(null);
    renderApp('/', { backend, api: fixtureApi({}) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    await expectFieldError('Email', 'Email is required');
    await expectFieldError('Password', 'Password is required');
    await expectFormFailure('Sign-in failed', 'Email is required');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@');
    // Typing answers the field's problem; the other keeps its own, which the form's alert then says.
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await expectFormFailure('Sign-in failed', 'Password is required');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectFieldError('Email', 'Invalid email address');
    expect(backend.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['UserNotFoundException', 'User does not exist.', 'Email', 'No account found with this email address'],
    ['NotAuthorizedException', 'Incorrect username or password.', 'Password', 'Incorrect password'],
  ])(
    "says %s (%s) at the field it concerns, and under 'Sign-in failed' over the form",
    async (name, message, field, shown) => {
      const backend = fakeAuth(null, {
        signIn: jest.fn(async () => Promise.reject(Object.assign(new Error(message), { name }))),
      });
      renderApp('/', { backend, api: fixtureApi({}) });
      await userEvent.type(await screen.findByLabelText('Email'), 'alice@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'wrong');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      await expectFieldError(field, shown);
      await expectFormFailure('Sign-in failed', shown);
      // Typing in the field answers it, at the field and over the form.
      await userEvent.type(screen.getByLabelText(field), 'x');
      expect(screen.queryByText(shown)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it.each([
    ['NotAuthorizedException', 'Password attempts exceeded', 'Too many failed attempts. Please try again later'],
    ['SomethingElse', 'boom', 'An error occurred during sign in'],
  ])('says %s (%s), which no field owns, over the form', async (name, message, shown) => {
    const backend = fakeAuth(null, {
      signIn: jest.fn(async () => Promise.reject(Object.assign(new Error(message), { name }))),
    });
    renderApp('/', { backend, api: fixtureApi({}) });
    await userEvent.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectFormFailure('Sign-in failed', shown);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('says the domain is not authorised for Google when the deploy has no Google provider', async () => {
    renderApp('/', { backend: fakeAuth(null), api: fixtureApi({}) });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/This domain is not authorized for Google sign-in/);
  });

  it("shows Google's mark on its button", async () => {
    renderApp('/', { backend: fakeAuth(null), api: fixtureApi({}) });
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    const mark = button.querySelector('svg');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    // The four colours of the "G".
    expect([...(mark?.querySelectorAll('path') ?? [])].map((p) => p.getAttribute('fill'))).toEqual([
      '#EA4335',
      '#4285F4',
      '#FBBC05',
      '#34A853',
    ]);
  });

  it('says calmly that a Google sign-in was cancelled (not as a failure), and a failed one as a failure', async () => {
    const failures = new Set<(reason: string) => void>();
    const backend = fakeAuth(null, {
      onRedirectFailed: (callback: (reason: string) => void) => {
        failures.add(callback);
        return () => failures.delete(callback);
      },
    });
    renderApp('/', { backend, api: fixtureApi({}) });
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(failures.size).toBe(1);
    // Cancel at Google (the redirect's OAuth error), Google's words for it, or the redirect left unfinished (Amplify's).
    for (const reason of ['access_denied', 'End-User aborted interaction', 'User cancelled OAuth flow.']) {
      act(() => {
        for (const failed of failures) failed(reason);
      });
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent('Google sign-in was cancelled.');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Sign-in failed')).not.toBeInTheDocument();
    }
    // Anything else is a failed sign-in, not a cancel.
    act(() => {
      for (const failed of failures) failed('User is disabled.');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during sign in');
    expect(screen.queryByText('Google sign-in was cancelled.')).not.toBeInTheDocument();
  });

  it('welcomes back and sends a client to /dashboard, an admin to /admin', async () => {
    const api = fixtureApi(landingPages);
    for (const [user, heading] of [
      [alice, 'Portfolio Dashboard'],
      [adminUser, 'Admin Dashboard'],
    ] as const) {
      const backend = fakeAuth(null);
      backend.signIn = jest.fn(async () => {
        backend.setUser(user);
        return 'signedIn' as const;
      });
      const { unmount } = renderApp('/', { backend, api });
      await userEvent.type(await screen.findByLabelText('Email'), user.email);
      await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('sign-in with a passkey', () => {
  const api = fixtureApi(landingPages);
  const passkeyButton = () => screen.findByRole('button', { name: 'Sign in with a passkey' });

  it("offers the account's passkeys from the e-mail field, and asks for the e-mail before anything is sent", async () => {
    const backend = fakeAuth(null);
    renderApp('/', { backend, api });
    await userEvent.click(await passkeyButton());
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await expectFieldError('Email', 'Email is required');
    await expectFormFailure('Sign-in failed', 'Email is required');
    // The password is not asked for: a passkey stands in for it.
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Email'), 'alice@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await expectFieldError('Email', 'Invalid email address');
    expect(backend.signInWithPasskey).not.toHaveBeenCalled();
  });

  it('signs in with the passkey of the e-mail typed, busy on its own button meanwhile, and sends an admin to /admin', async () => {
    const backend = fakeAuth(null);
    let verify: () => void = () => undefined;
    backend.signInWithPasskey = jest.fn(
      async () =>
        new Promise<'signedIn'>((resolve) => {
          verify = () => {
            backend.setUser(adminUser);
            resolve('signedIn');
          };
        }),
    );
    renderApp('/', { backend, api });
    await userEvent.type(await screen.findByLabelText('Email'), adminUser.email);
    await userEvent.click(await passkeyButton());
    // The browser is asking for the passkey: this button says so, the password's stays as it is.
    const busy = await screen.findByRole('button', { name: /Waiting for your passkey/ });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(backend.signInWithPasskey).toHaveBeenCalledWith(adminUser.email);
    act(() => verify());
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(backend.signIn).not.toHaveBeenCalled();
  });

  it.each([
    [
      'PasskeyAuthenticationCanceled',
      'Passkey authentication ceremony has been canceled.',
      passkeySignInErrors.notAllowed,
    ],
    ['PasskeyOperationAborted', 'Passkey operation has been aborted.', passkeySignInErrors.notAllowed],
    ['RelyingPartyMismatch', 'Relying party does not match current domain.', passkeySignInErrors.wrongAddress],
    ['PasskeyNotSupported', 'Passkeys may not be supported on this device.', passkeySignInErrors.notSupported],
    ['NotAuthorizedException', 'Password attempts exceeded', 'Too many failed attempts. Please try again later'],
    ['SomethingElse', 'boom', 'An error occurred during sign in'],
  ])('says %s (%s), which no field owns, over the form', async (name, message, shown) => {
    const backend = fakeAuth(null, {
      signInWithPasskey: jest.fn(async () => Promise.reject(cognitoError(name, message))),
    });
    renderApp('/', { backend, api });
    await userEvent.type(await screen.findByLabelText('Email'), alice.email);
    await userEvent.click(await passkeyButton());
    await expectFormFailure('Sign-in failed', shown);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    // Not signed in, and ready for another try.
    expect(await passkeyButton()).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it.each([
    ['NoPasskey', 'No passkey sign-in: CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION'],
    ['NotAuthorizedException', 'Incorrect username or password.'],
  ])('says a passkey Cognito does not take for the account (%s) at the e-mail', async (name, message) => {
    const backend = fakeAuth(null, {
      signInWithPasskey: jest.fn(async () => Promise.reject(cognitoError(name, message))),
    });
    renderApp('/', { backend, api });
    await userEvent.type(await screen.findByLabelText('Email'), alice.email);
    await userEvent.click(await passkeyButton());
    await expectFieldError('Email', passkeySignInErrors.notRecognised);
    await expectFormFailure('Sign-in failed', passkeySignInErrors.notRecognised);
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes on to the code step should Cognito still want a code', async () => {
    const backend = fakeAuth(null, { signInWithPasskey: jest.fn(async () => 'totpCode' as const) });
    renderApp('/', { backend, api });
    await userEvent.type(await screen.findByLabelText('Email'), alice.email);
    await userEvent.click(await passkeyButton());
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  });
});

describe('sign-in code step (two-factor)', () => {
  const api = fixtureApi(landingPages);

  /** A fake Cognito whose user has two-factor on: the password leads to the code step, the right code signs in. */
  function twoFactorBackend(user: FakeUser, confirmTotp?: (code: string) => Promise<void>) {
    const backend = fakeAuth(null);
    backend.signIn = jest.fn(async () => 'totpCode' as const);
    backend.confirmTotp = jest.fn(
      confirmTotp ??
        (async (code: string) => {
          if (code !== FAKE_TOTP_CODE) throw cognitoError('CodeMismatchException', 'Invalid code received for user');
          backend.setUser(user);
        }),
    );
    return backend;
  }

  async function passPassword(email: string) {
    await userEvent.type(await screen.findByLabelText('Email'), email);
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    return screen.findByLabelText('Authentication code');
  }

  it('asks for the code after a correct password, on the same card, and signs in with the right one', async () => {
    const backend = twoFactorBackend(alice);
    renderApp('/', { backend, api });
    const field = await passPassword(alice.email);
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveFocus();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
    expect(backend.confirmTotp).toHaveBeenCalledWith(FAKE_TOTP_CODE);
  });

  it('sends an administrator to /admin after the code, as before', async () => {
    renderApp('/', { backend: twoFactorBackend(adminUser), api });
    await userEvent.type(await passPassword(adminUser.email), FAKE_TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('asks for six digits before sending anything', async () => {
    const backend = twoFactorBackend(alice);
    renderApp('/', { backend, api });
    await userEvent.type(await passPassword(alice.email), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectFieldError('Authentication code', 'Please enter the 6-digit code from your authenticator app');
    expect(backend.confirmTotp).not.toHaveBeenCalled();
  });

  it('says a wrong code is invalid and lets the user try again', async () => {
    const backend = twoFactorBackend(alice);
    renderApp('/', { backend, api });
    const field = await passPassword(alice.email);
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectFieldError('Authentication code', 'Invalid code. Please try again.');
    await expectFormFailure('Sign-in failed', 'Invalid code. Please try again.');
    // Still on the code step, the field emptied for the next code.
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Authentication code'), FAKE_TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
    expect(backend.confirmTotp).toHaveBeenCalledTimes(2);
  });

  it('says a code already used is expired and stays on the code step', async () => {
    const backend = twoFactorBackend(alice, async () =>
      Promise.reject(cognitoError('ExpiredCodeException', 'Your software token has already been used once.')),
    );
    renderApp('/', { backend, api });
    await userEvent.type(await passPassword(alice.email), FAKE_TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectFieldError(
      'Authentication code',
      'This code has expired or was already used. Please wait for the next code and try again.',
    );
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it.each([
    ['NotAuthorizedException', 'Invalid session for the user, session is expired.'],
    ['NotAuthorizedException', 'Invalid session for the user.'],
    ['SignInException', 'An error occurred during the sign in process.'],
  ])('goes back to the password step when Cognito has ended the attempt (%s: %s)', async (name, message) => {
    const backend = twoFactorBackend(alice, async () => Promise.reject(cognitoError(name, message)));
    renderApp('/', { backend, api });
    await userEvent.type(await passPassword(alice.email), FAKE_TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in attempt has ended. Please sign in again.');
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue(alice.email);
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });

  it('ends the attempt after three wrong codes, as Cognito does', async () => {
    let wrong = 0;
    const backend = twoFactorBackend(alice, async () => {
      // Cognito counts the wrong codes of a sign-in session; after three it refuses the session.
      if (wrong >= 3) throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');
      wrong += 1;
      throw cognitoError('CodeMismatchException', 'Invalid code received for user');
    });
    renderApp('/', { backend, api });
    await passPassword(alice.email);
    for (let i = 0; i < 3; i += 1) {
      await userEvent.type(screen.getByLabelText('Authentication code'), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await expectFieldError('Authentication code', 'Invalid code. Please try again.');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    }
    await userEvent.type(screen.getByLabelText('Authentication code'), FAKE_TOTP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectFormFailure('Sign-in failed', 'Your sign-in attempt has ended. Please sign in again.');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('"Back to sign in" returns to the password step', async () => {
    renderApp('/', { backend: twoFactorBackend(alice), api });
    await passPassword(alice.email);
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });
});
