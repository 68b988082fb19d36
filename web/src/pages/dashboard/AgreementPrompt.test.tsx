/**
 * The dashboard's client agreement prompt: shown instead of the dashboard until the current
 * version is accepted (a Google sign-up, a new version), with the version, the link, the box and
 * the Accept button; the account page stays reachable.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refusals } from '../../../../shared/refusals';
import { alice, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';
import { aliceIban } from '../../test/payout-fixtures';

const current = { version: '2026-11', url: 'https://aurum.example/client-agreement' };
const ACCEPTED_AT = '2025-03-12T10:00:00.000Z';

const portfolio = (accepted?: { version: string; acceptedAt: string }) => ({
  success: true,
  portfolio: {
    userId: 'alice-sub',
    balance: 10,
    lastUpdate: '2025-03-10T12:00:00Z',
    weeklyGain: 0,
    weeklyGainAmount: 0,
    agreement: { ...(accepted ? { accepted } : {}), current },
  },
});

/** The dashboard's reads, the portfolio's agreement as `accepted` says until the PUT accepts it. */
function agreementApi(accepted?: { version: string; acceptedAt: string }, accept?: () => unknown) {
  let acceptedNow = accepted;
  return fixtureApi({
    'GET /api/portfolios/alice-sub': () => portfolio(acceptedNow),
    'PUT /api/portfolios/alice-sub/agreement': async () => {
      const answer = accept ? await accept() : undefined;
      acceptedNow = { version: current.version, acceptedAt: ACCEPTED_AT };
      return answer ?? { success: true, agreement: acceptedNow };
    },
    'GET /api/withdrawals/alice-sub/eligible': {
      data: { totalEligibleProfit: 0, showRequestButton: false, eligibleDeposits: [], upcoming: [] },
    },
    'GET /api/portfolios/alice-sub/withdrawal-requests': [],
    'GET /api/portfolios/alice-sub/history': { data: [] },
    'GET /api/portfolios/alice-sub/payout-account': { account: aliceIban },
  });
}

const box = () => screen.getByRole('checkbox', { name: 'I have read and accept the client agreement' });
const acceptButton = () => screen.getByRole('button', { name: 'Accept' });

describe('the client agreement prompt', () => {
  it('blocks the dashboard until accepted: the version, a link in a new tab, the box; the account page stays reachable', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: agreementApi() });
    expect(await screen.findByRole('heading', { name: 'Accept the client agreement' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Read the client agreement/ });
    expect(link).toHaveAttribute('href', current.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Version 2026-11')).toBeInTheDocument();
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request withdrawal/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  it('asks for the box first, then accepts and opens the dashboard', async () => {
    const api = agreementApi();
    renderApp('/dashboard', { backend: fakeAuth(alice), api });
    await screen.findByRole('heading', { name: 'Accept the client agreement' });
    await userEvent.click(acceptButton());
    expect(box()).toHaveAccessibleDescription('Please read and accept the client agreement to continue.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.click(box());
    await userEvent.click(acceptButton());
    expect(await screen.findByTestId('balance')).toHaveTextContent('$10.00');
    expect(screen.queryByRole('heading', { name: 'Accept the client agreement' })).not.toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: '/api/portfolios/alice-sub/agreement',
      body: { version: '2026-11' },
    });
  });

  it('shows the Accept button busy while it accepts, and the refusal at the box when it fails', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const api = agreementApi(undefined, () => new Promise((_, reject) => (fail = reject)));
    renderApp('/dashboard', { backend: fakeAuth(alice), api });
    await screen.findByRole('heading', { name: 'Accept the client agreement' });
    await userEvent.click(box());
    await userEvent.click(acceptButton());
    await waitFor(() => expect(screen.getByRole('button', { name: /Accept/ })).toHaveAttribute('data-loading'));
    fail(apiError(400, refusals.agreementNotCurrent));
    expect(await screen.findByText(refusals.agreementNotCurrent)).toBeInTheDocument();
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
  });

  it('after a new version, says the agreement changed', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: agreementApi({ version: '2025-01', acceptedAt: '2025-01-02T10:00:00.000Z' }),
    });
    expect(await screen.findByRole('heading', { name: 'Our client agreement has changed' })).toBeInTheDocument();
    expect(screen.getByText(/withdrawals and payout account changes are paused/)).toBeInTheDocument();
  });

  it('is not shown once the current version is accepted', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: agreementApi({ version: current.version, acceptedAt: ACCEPTED_AT }),
    });
    expect(await screen.findByTestId('balance')).toHaveTextContent('$10.00');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
