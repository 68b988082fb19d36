import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, fixtureApi, renderApp } from '../test/harness';

const INVITED = '/signup?email=ivy%40example.com&first=Ivy&last=O%27Brien&invited=1';

describe("sign-up from an invitation's link", () => {
  it('fills in the address and names and says who invited', async () => {
    renderApp(INVITED, {
      backend: fakeAuth(null),
      api: fixtureApi({}),
      config: {
        firm: {
          legalName: 'Aurum Gold Ltd',
          riskDisclosure: 'Risk.',
          termsUrl: 'https://aurum.example/terms',
          privacyUrl: 'https://aurum.example/privacy',
          supportEmail: 'help@aurum.example',
        },
      },
    });
    expect(await screen.findByLabelText('First name')).toHaveValue('Ivy');
    expect(screen.getByLabelText('Last name')).toHaveValue("O'Brien");
    expect(screen.getByLabelText('Email')).toHaveValue('ivy@example.com');
    expect(screen.getByTestId('invited-note')).toHaveTextContent(
      'You were invited by Aurum Gold Ltd. Choose a password to open your account.',
    );
  });

  it('signs up with the filled-in values, edited ones too: the server decides by the verified address', async () => {
    const backend = fakeAuth(null);
    renderApp(INVITED, { backend, api: fixtureApi({}) });
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Ivy-May');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(backend.signUp).toHaveBeenCalledWith({
      email: 'ivy@example.com',
      password: 'secret1',
      firstName: 'Ivy-May',
      lastName: "O'Brien",
    });
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
  });

  it('says nothing of an invitation without `invited=1`, and fills in no names', async () => {
    renderApp('/signup?email=ivy%40example.com', { backend: fakeAuth(null), api: fixtureApi({}) });
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    expect(screen.queryByTestId('invited-note')).not.toBeInTheDocument();
  });
});
