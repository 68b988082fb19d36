import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, alice, fakeAuth, fixtureApi, renderApp } from '../test/harness';

describe('sign-in page', () => {
  it('shows the spec texts and links', async () => {
    renderApp('/', { backend: fakeAuth(null), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Access your gold trading portfolio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('requires e-mail and password', async () => {
    const backend = fakeAuth(null);
    renderApp('/', { backend, api: fixtureApi({}) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign-in failed')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(backend.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['UserNotFoundException', 'User does not exist.', 'No account found with this email address'],
    ['NotAuthorizedException', 'Incorrect username or password.', 'Incorrect password'],
    ['NotAuthorizedException', 'Password attempts exceeded', 'Too many failed attempts. Please try again later'],
    ['SomethingElse', 'boom', 'An error occurred during sign in'],
  ])('maps %s (%s) to the spec message', async (name, message, shown) => {
    const backend = fakeAuth(null, { signIn: jest.fn(async () => Promise.reject(Object.assign(new Error(message), { name }))) });
    renderApp('/', { backend, api: fixtureApi({}) });
    await userEvent.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('says the domain is not authorised for Google when the deploy has no Google provider', async () => {
    renderApp('/', { backend: fakeAuth(null), api: fixtureApi({}) });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(/This domain is not authorized for Google sign-in/)).toBeInTheDocument();
  });

  it('welcomes back and sends a client to /dashboard, an admin to /admin', async () => {
    const api = fixtureApi({
      'GET /api/portfolios/alice-sub': { success: true, portfolio: { userId: 'alice-sub', balance: 10, lastUpdate: '2025-03-10T12:00:00Z', weeklyGain: 0, weeklyGainAmount: 0 } },
      'GET /api/withdrawals/alice-sub/eligible': { data: { totalEligibleProfit: 0, showRequestButton: false, eligibleDeposits: [] } },
      'GET /api/portfolios/alice-sub/withdrawal-requests': [],
      'GET /api/portfolios/alice-sub/history': { data: [] },
      'GET /api/admin/clients': [],
      'GET /api/admin/withdrawal-requests?status=pending': [],
    });
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
