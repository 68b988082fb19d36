import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectFieldError, expectFormFailure } from '../test/field-errors';
import { fakeAuth, fixtureApi, renderApp } from '../test/harness';

const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

async function send(email: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('forgot-password page', () => {
  it('shows the title, the e-mail field and the button', async () => {
    renderApp('/forgot-password', { backend: fakeAuth(null), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('refuses a malformed e-mail address', async () => {
    const backend = fakeAuth(null);
    renderApp('/forgot-password', { backend, api: fixtureApi({}) });
    await send('nope');
    await expectFieldError('Email', 'Invalid email address');
    await expectFormFailure('Reset failed', 'Invalid email address');
    expect(backend.sendResetCode).not.toHaveBeenCalled();
  });

  it('says when no account has the address', async () => {
    const backend = fakeAuth(null, {
      sendResetCode: jest.fn(async () => Promise.reject(cognitoError('UserNotFoundException'))),
    });
    renderApp('/forgot-password', { backend, api: fixtureApi({}) });
    await send('ghost@example.com');
    await expectFieldError('Email', 'No account found with this email address');
    await expectFormFailure('Reset failed', 'No account found with this email address');
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
  });

  it('sends the code (the page says where, a toast that it was sent), then offers another e-mail or going back', async () => {
    const backend = fakeAuth(null);
    renderApp('/forgot-password', { backend, api: fixtureApi({}) });
    await send('alice@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('Check your email');
    expect(await screen.findByText('Reset email sent')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(backend.sendResetCode).toHaveBeenCalledWith('alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Try another email' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('finishes the reset with the code and a new password, its rules shown under it and its problem at it', async () => {
    const backend = fakeAuth(null);
    renderApp('/forgot-password', { backend, api: fixtureApi({}) });
    await send('alice@example.com');
    const code = await screen.findByLabelText('Reset code');
    expect(screen.getByTestId('password-rules')).toHaveTextContent(/At least 6 characters/);
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    await expectFieldError('Reset code', 'Please enter the reset code from the email');
    await expectFieldError('New password', 'Password should be at least 6 characters long.');
    await userEvent.type(code, '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    await expectFieldError('New password', 'Password should be at least 6 characters long.');
    await expectFormFailure('Password too short', 'Password should be at least 6 characters long.');
    expect(screen.getByLabelText('Reset code')).not.toHaveAttribute('aria-invalid');
    expect(backend.confirmReset).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('New password'), 'defgh');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.getByText('Please sign in with your new password.')).toBeInTheDocument();
    expect(backend.confirmReset).toHaveBeenCalledWith('alice@example.com', '123456', 'abcdefgh');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('opens the finishing form from the e-mail link with the code filled in', async () => {
    const backend = fakeAuth(null, {
      confirmReset: jest.fn(async () => Promise.reject(cognitoError('ExpiredCodeException'))),
    });
    renderApp('/forgot-password?email=alice%40example.com&code=777888', { backend, api: fixtureApi({}) });
    expect(await screen.findByLabelText('Reset code')).toHaveValue('777888');
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    await expectFieldError('Reset code', 'Invalid or expired reset code. Please try again.');
    await waitFor(() => expect(backend.confirmReset).toHaveBeenCalledWith('alice@example.com', '777888', 'longenough'));
  });
});
