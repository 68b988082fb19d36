import { screen } from '@testing-library/react';
import type { ActivityVerificationDto } from '../../api/admin-types';
import { formatDateTime } from '../../format';
import { adminUser, fakeAuth, fixtureApi, renderApp } from '../../test/harness';

const entries = [
  {
    id: 'e1',
    at: '2026-11-02T10:00:00.000Z',
    kind: 'deposit',
    actor: 'admin@example.com',
    clientId: 'c1',
    clientEmail: 'alice@example.com',
    amount: 500,
  },
];

function showWith(verification?: ActivityVerificationDto) {
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/activity': { entries, ...(verification ? { verification } : {}) },
  });
  renderApp('/admin/activity', { backend: fakeAuth(adminUser), api });
}

/** The admin console's chunk loads lazily: the first render can take a while on a busy machine. */
const SLOW = { timeout: 15_000 };

const checked = { at: '2026-11-28T09:30:00.000Z', by: 'local user ops', months: ['2026-10', '2026-11'], entries: 42 };

it('says when the log was last verified and that it was intact', async () => {
  showWith({ ...checked, intact: true });
  expect(await screen.findByTestId('log-verification', {}, SLOW)).toHaveTextContent(
    `Log last verified ${formatDateTime(checked.at)}: intact (42 entries, 2026-10, 2026-11).`,
  );
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows a broken log as an alert naming the first broken entry and what is wrong', async () => {
  showWith({
    ...checked,
    intact: false,
    firstBreak: {
      problem: 'changed',
      month: '2026-11',
      entryId: 'e1',
      at: '2026-11-02T10:00:00.000Z',
      kind: 'deposit',
      detail: 'changed after it was written: it differs from the entry as written',
    },
  });
  const alert = await screen.findByRole('alert', {}, SLOW);
  expect(alert).toHaveTextContent(
    `Log last verified ${formatDateTime(checked.at)}: broken. First broken: entry e1 of ${formatDateTime('2026-11-02T10:00:00.000Z')} (Deposit), changed after it was written: it differs from the entry as written.`,
  );
});

it('says the log was never verified when no check was recorded', async () => {
  showWith();
  expect(await screen.findByTestId('log-verification', {}, SLOW)).toHaveTextContent(
    'Log never verified: an operator runs npm run admin -- verify-activity.',
  );
});
