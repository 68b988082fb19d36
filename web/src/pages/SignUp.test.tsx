import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectFieldError, expectFormFailure } from '../test/field-errors';
import { alice, apiError, fakeAuth, fixtureApi, renderApp } from '../test/harness';

/** The password rules under the field: each rule's text and whether it is ticked. */
const rulesShown = () =>
  [...screen.getByTestId('password-rules').querySelectorAll('li')].map((li) => [
    li.textContent?.replace(/, (met|not met yet)$/, ''),
    li.getAttribute('data-met') === 'true',
  ]);

const dashboardApi = (extra: Record<string, unknown> = {}) =>
  fixtureApi({
    'POST /api/portfolios/create': { success: true },
    'GET /api/portfolios/alice-sub': {
      success: true,
      portfolio: {
        userId: 'alice-sub',
        balance: 0,
        lastUpdate: '2025-01-15T12:00:00Z',
        weeklyGain: 0,
        weeklyGainAmount: 0,
        status: 'active',
      },
    },
    'GET /api/withdrawals/alice-sub/eligible': {
      data: { totalEligibleProfit: 0, showRequestButton: false, eligibleDeposits: [], upcoming: [] },
    },
    'GET /api/portfolios/alice-sub/withdrawal-requests': [],
    ...extra,
  });

async function fillForm(
  values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password' | 'Confirm password', string>> = {},
) {
  const all = {
    'First name': 'Alice',
    'Last name': 'Example',
    Email: 'alice@example.com',
    Password: 'secret1',
    'Confirm password': 'secret1',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('sign-up page', () => {
  it('shows the texts, fields and links', async () => {
    renderApp('/signup', { backend: fakeAuth(null), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Join the firm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm password'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  });

  it('toggles the password between hidden and shown', async () => {
    renderApp('/signup', { backend: fakeAuth(null), api: fixtureApi({}) });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the password rules before anything is typed, each ticked as the password meets it, and describes the field with them', async () => {
    renderApp('/signup', { backend: fakeAuth(null), api: fixtureApi({}) });
    const password = await screen.findByLabelText('Password');
    expect(rulesShown()).toEqual([
      ['At least 6 characters', false],
      ['No space at the start or end', false],
    ]);
    expect(password).toHaveAccessibleDescription(
      /^At least 6 characters ?, not met yet No space at the start or end ?, not met yet$/,
    );
    await userEvent.type(password, ' abc');
    expect(rulesShown()).toEqual([
      ['At least 6 characters', false],
      ['No space at the start or end', false],
    ]);
    await userEvent.clear(password);
    await userEvent.type(password, 'abcdef');
    expect(rulesShown()).toEqual([
      ['At least 6 characters', true],
      ['No space at the start or end', true],
    ]);
    expect(password).toHaveAccessibleDescription(/^At least 6 characters ?, met No space at the start or end ?, met$/);
  });

  it("says mismatched passwords under the confirmation, and under 'Password mismatch' over the form", async () => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm({ 'Confirm password': 'different' });
    await expectFieldError('Confirm password', "Passwords don't match. Please check and try again.");
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    await expectFormFailure('Password mismatch', "Passwords don't match. Please check and try again.");
    expect(backend.signUp).not.toHaveBeenCalled();
  });

  it("says a password shorter than 6 characters under it, with its rules, and under 'Password too short' over the form", async () => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm({ Password: 'abc', 'Confirm password': 'abc' });
    const field = await expectFieldError('Password', 'Password should be at least 6 characters long.');
    expect(field).toHaveAccessibleDescription(/At least 6 characters ?, not met yet/);
    await expectFormFailure('Password too short', 'Password should be at least 6 characters long.');
    expect(backend.signUp).not.toHaveBeenCalled();
  });

  it.each([
    ['First name', 'First name is required'],
    ['Last name', 'Last name is required'],
    ['Email', 'Email is required'],
  ] as const)('requires the names and an e-mail address: %s', async (field, message) => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm({ [field]: '' });
    await expectFieldError(field, message);
    await expectFormFailure('Sign-up failed', message);
    expect(backend.signUp).not.toHaveBeenCalled();
  });

  it.each([
    ['Last name', "Example;=1+1;=cmd|' /C calc'!A0", 'Names cannot contain ";" or start with =, +, - or @'],
    ['First name', '=cmd', 'Names cannot contain ";" or start with =, +, - or @'],
    ['First name', 'Al\u202Eice', 'Names cannot contain control or text-direction characters'],
  ] as const)('shows a refused name at its field and sends nothing: %s %j', async (field, name, message) => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm({ [field]: name });
    const input = screen.getByLabelText(field);
    await waitFor(() => expect(input).toHaveAccessibleErrorMessage(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // At the field, and once over the form under its title.
    expect(screen.getAllByText(message)).toHaveLength(2);
    await expectFormFailure('Sign-up failed', message);
    expect(backend.signUp).not.toHaveBeenCalled();
    // Corrected, the field is no longer marked and the form goes.
    await userEvent.clear(input);
    await userEvent.type(input, "O'Brien-José");
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(backend.signUp).toHaveBeenCalledTimes(1));
  });

  it('refuses a malformed e-mail address', async () => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm({ Email: 'not-an-email' });
    await expectFieldError('Email', 'Invalid email address');
    await expectFormFailure('Sign-up failed', 'Invalid email address');
    expect(backend.signUp).not.toHaveBeenCalled();
  });

  it.each([
    '<img>-a@example.com',
    '<img src=x>-a@example.com',
    'a\r\nBcc: x@example.com',
    'a b@example.com',
    'eve@example.com>',
  ])('refuses %j at the e-mail field and sends nothing', async (address) => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    // Pasted, as a crafted address would be: typing cannot put a line break into the field.
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.paste(address);
    await fillForm({ Email: '' });
    await expectFieldError('Email', 'Invalid email address');
    expect(backend.signUp).not.toHaveBeenCalled();
  });

  it("says the sign-up check's refusal of the address under the e-mail", async () => {
    const refusal = Object.assign(new Error('PreSignUp failed with error Invalid email address.'), {
      name: 'UserLambdaValidationException',
    });
    const backend = fakeAuth(null, { signUp: jest.fn(async () => Promise.reject(refusal)) });
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm();
    await expectFieldError('Email', 'Invalid email address');
    await expectFormFailure('Sign-up failed', 'Invalid email address');
  });

  it('says the taken-address message under the e-mail when it is taken', async () => {
    const backend = fakeAuth(null, {
      signUp: jest.fn(async () =>
        Promise.reject(Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' })),
      ),
    });
    renderApp('/signup', { backend, api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm();
    await expectFieldError('Email', 'An account already exists with this email address');
    await expectFormFailure('Sign-up failed', 'An account already exists with this email address');
  });

  it('says a password Cognito refuses under it, and a refusal of the names over the form', async () => {
    const signUp = jest
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error('Password did not conform with policy'), { name: 'InvalidPasswordException' }),
      )
      .mockRejectedValueOnce(
        Object.assign(new Error('PreSignUp failed with error Names must be at most 256 characters.'), {
          name: 'UserLambdaValidationException',
        }),
      );
    renderApp('/signup', { backend: fakeAuth(null, { signUp }), api: fixtureApi({}) });
    await screen.findByLabelText('First name');
    await fillForm();
    await expectFieldError('Password', 'Password should be at least 6 characters long');
    await expectFormFailure('Sign-up failed', 'Password should be at least 6 characters long');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectFormFailure('Sign-up failed', 'Names must be at most 256 characters');
  });

  it('signs up, verifies the code, creates the portfolio and opens the dashboard', async () => {
    const backend = fakeAuth(null);
    backend.confirmSignUp = jest.fn(async () => {
      backend.setUser(alice);
      return { signedIn: true };
    });
    const api = dashboardApi();
    renderApp('/signup', { backend, api });
    await screen.findByLabelText('First name');
    await fillForm();
    expect(backend.signUp).toHaveBeenCalledWith({
      email: 'alice@example.com',
      password: 'secret1',
      firstName: 'Alice',
      lastName: 'Example',
    });
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
    expect(backend.confirmSignUp).toHaveBeenCalledWith('alice@example.com', '123456');
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: '/api/portfolios/create',
      body: { userId: 'alice-sub', initialBalance: 0 },
    });
  });

  it('says when the verification code is wrong', async () => {
    const backend = fakeAuth(null, {
      confirmSignUp: jest.fn(async () =>
        Promise.reject(Object.assign(new Error('bad'), { name: 'CodeMismatchException' })),
      ),
    });
    renderApp('/signup?email=alice%40example.com&step=confirm', { backend, api: fixtureApi({}) });
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expectFieldError('Verification code', 'Invalid or expired verification code. Please try again.');
    expect(screen.getByText('Check your email')).toBeInTheDocument();
  });

  it('resends the code', async () => {
    const backend = fakeAuth(null);
    renderApp('/signup?email=alice%40example.com&step=confirm', { backend, api: fixtureApi({}) });
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(backend.resendCode).toHaveBeenCalledWith('alice@example.com'));
  });

  it('confirms straight from the e-mail link', async () => {
    const backend = fakeAuth(null);
    backend.confirmSignUp = jest.fn(async () => {
      backend.setUser(alice);
      return { signedIn: true };
    });
    const api = dashboardApi();
    renderApp('/signup?email=alice%40example.com&code=654321', { backend, api });
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
    expect(backend.confirmSignUp).toHaveBeenCalledTimes(1);
    expect(backend.confirmSignUp).toHaveBeenCalledWith('alice@example.com', '654321');
    expect(api.calls.filter((c) => c.path === '/api/portfolios/create')).toHaveLength(1);
  });

  it('asks to sign in when the link is opened where no sign-up is pending', async () => {
    const backend = fakeAuth(null, { confirmSignUp: jest.fn(async () => ({ signedIn: false })) });
    renderApp('/signup?email=alice%40example.com&code=654321', { backend, api: fixtureApi({}) });
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(screen.getByText('Please sign in.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('still opens the dashboard when the portfolio exists already', async () => {
    const backend = fakeAuth(null);
    backend.confirmSignUp = jest.fn(async () => {
      backend.setUser(alice);
      return { signedIn: true };
    });
    const api = dashboardApi({
      'POST /api/portfolios/create': () => {
        throw apiError(409, 'exists');
      },
    });
    renderApp('/signup?email=alice%40example.com&code=1', { backend, api });
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard', async () => {
    renderApp('/signup', { backend: fakeAuth(alice), api: dashboardApi() });
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
  });
});

describe('the client agreement on the sign-up form', () => {
  const agreement = { version: '2026-11', url: 'https://aurum.example/client-agreement' };
  const box = () => screen.getByRole('checkbox', { name: 'I have read and accept the client agreement' });

  it('shows the version and a link that opens the agreement in a new tab', async () => {
    renderApp('/signup', { backend: fakeAuth(null), api: fixtureApi({}), config: { agreement } });
    await screen.findByLabelText('First name');
    const link = screen.getByRole('link', { name: /Read the client agreement/ });
    expect(link).toHaveAttribute('href', agreement.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('Version 2026-11')).toBeInTheDocument();
    expect(box()).not.toBeChecked();
  });

  it('refuses the form while the box is unticked, saying so at the box, and sends nothing', async () => {
    const backend = fakeAuth(null);
    renderApp('/signup', { backend, api: fixtureApi({}), config: { agreement } });
    await screen.findByLabelText('First name');
    await fillForm();
    expect(backend.signUp).not.toHaveBeenCalled();
    expect(box()).toHaveAccessibleDescription('Please read and accept the client agreement to continue.');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(box());
    expect(screen.queryByText('Please read and accept the client agreement to continue.')).not.toBeInTheDocument();
  });

  it('ticked, signs up and accepts that version once the account is confirmed and has its portfolio', async () => {
    const backend = fakeAuth(null);
    backend.confirmSignUp = jest.fn(async () => {
      backend.setUser(alice);
      return { signedIn: true };
    });
    const api = dashboardApi({
      'PUT /api/portfolios/alice-sub/agreement': () => ({
        success: true,
        agreement: { version: agreement.version, acceptedAt: '2025-01-15T12:00:00.000Z' },
      }),
    });
    renderApp('/signup', { backend, api, config: { agreement } });
    await screen.findByLabelText('First name');
    await userEvent.click(box());
    await fillForm();
    expect(backend.signUp).toHaveBeenCalled();
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    const paths = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(paths.indexOf('PUT /api/portfolios/alice-sub/agreement')).toBeGreaterThan(
      paths.indexOf('POST /api/portfolios/create'),
    );
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: '/api/portfolios/alice-sub/agreement',
      body: { version: '2026-11' },
    });
  });

  it('confirmed from the e-mail link, where nothing was ticked on this page, accepts nothing: the dashboard asks', async () => {
    const backend = fakeAuth(null);
    backend.confirmSignUp = jest.fn(async () => {
      backend.setUser(alice);
      return { signedIn: true };
    });
    const api = dashboardApi();
    renderApp('/signup?email=alice%40example.com&code=654321', { backend, api, config: { agreement } });
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith('/agreement'))).toEqual([]);
  });
});
