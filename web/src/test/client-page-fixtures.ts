/**
 * A client's page as GET /api/admin/clients/{id} answers it (shared/answers.ts clientPageDto):
 * Alice's, open, with a ledger of deposits, weekly growth and a withdrawal and three requests
 * (pending, sent, rejected); Bob's, closed, with no payout account and no requests.
 */
import type { ClientPageDto, MaskedPayoutAccountDto } from '../../../shared/api';
import { aliceIban, approvedRequest } from './payout-fixtures';

const DAY_MS = 24 * 3_600_000;
/** An account set `days` and an hour ago, with the usual 72 hours of cooling-off. */
export const accountSet = (days: number): MaskedPayoutAccountDto => {
  const setAt = Date.now() - days * DAY_MS - 3_600_000;
  return {
    ...aliceIban,
    setAt: new Date(setAt).toISOString(),
    usableFrom: new Date(setAt + 72 * 3_600_000).toISOString(),
  };
};

/** Alice's page: a ledger of deposits, growth and a withdrawal; a pending, a sent and a rejected request. */
export const alicePage = (): ClientPageDto => ({
  client: {
    id: 'c1',
    email: 'alice@example.com',
    firstName: 'Alice',
    lastName: 'Example',
    displayName: 'Alice Example',
    createdAt: '2024-09-01T10:00:00.000Z',
    status: 'active',
  },
  portfolio: {
    userId: 'c1',
    balance: 11_050.5,
    lastUpdate: '2025-03-03T00:00:00.000Z',
    weeklyGain: 0.5,
    weeklyGainAmount: 55.5,
    status: 'active',
  },
  agreement: { accepted: { version: '2026-11', acceptedAt: '2024-09-01T10:05:00.000Z' }, currentVersion: '2026-11' },
  payoutAccount: accountSet(10),
  ledger: [
    { at: '2024-09-01T12:00:00.000Z', kind: 'deposit', amount: 10_000, balance: 10_000, transactionId: 't1' },
    { at: '2024-09-09T00:00:00.000Z', kind: 'growth', amount: 50, balance: 10_050 },
    // A week that credited nothing moved no balance: not a line of its own.
    { at: '2024-09-16T00:00:00.000Z', kind: 'growth', amount: 0, balance: 10_050 },
    { at: '2024-10-01T12:00:00.000Z', kind: 'deposit', amount: 1_500, balance: 11_550, transactionId: 't2' },
    { at: '2025-02-01T12:00:00.000Z', kind: 'withdrawal', amount: -555, balance: 10_995, transactionId: 't3' },
    { at: '2025-03-03T00:00:00.000Z', kind: 'growth', amount: 55.5, balance: 11_050.5 },
  ],
  transactions: [
    {
      id: 't3',
      type: 'withdrawal',
      amount: 555,
      direction: 'out',
      timestamp: '2025-02-01T12:00:00.000Z',
      note: 'Profit withdrawal',
      adminEmail: 'admin@example.com',
    },
    {
      id: 't2',
      type: 'deposit',
      amount: 1_500,
      direction: 'in',
      timestamp: '2024-10-01T12:00:00.000Z',
      note: 'Second deposit',
      adminEmail: 'admin@example.com',
      approvedBy: 'other-admin@example.com',
    },
    {
      id: 't1',
      type: 'deposit',
      amount: 10_000,
      direction: 'in',
      timestamp: '2024-09-01T12:00:00.000Z',
      adminEmail: 'other-admin@example.com',
    },
  ],
  requests: [
    approvedRequest({
      id: 'r3',
      amount: 300,
      status: 'pending',
      createdAt: '2025-03-05T10:00:00.000Z',
      decidedAt: undefined,
      decidedBy: undefined,
    }),
    approvedRequest({
      id: 'r2',
      amount: 555,
      createdAt: '2025-01-20T10:00:00.000Z',
      decidedAt: '2025-01-21T10:00:00.000Z',
      sentAt: '2025-01-23T00:00:00.000Z',
      sentReference: 'WIRE-2025-0042',
      sentBy: 'admin@example.com',
    }),
    approvedRequest({
      id: 'r1',
      amount: 100,
      status: 'rejected',
      createdAt: '2024-12-01T10:00:00.000Z',
      decidedAt: '2024-12-02T10:00:00.000Z',
      reason: 'Not eligible yet',
      destination: undefined,
    }),
  ],
  activity: {
    entries: [
      {
        id: 'e2',
        at: '2025-02-01T12:00:00.000Z',
        kind: 'withdrawal',
        actor: 'admin@example.com',
        clientId: 'c1',
        clientEmail: 'alice@example.com',
        amount: 555,
        balanceBefore: 11_550,
        balanceAfter: 10_995,
        note: 'Profit withdrawal',
      },
      {
        id: 'e1',
        at: '2024-10-01T12:00:00.000Z',
        kind: 'deposit',
        actor: 'admin@example.com',
        clientId: 'c1',
        clientEmail: 'alice@example.com',
        amount: 1_500,
      },
    ],
    nextCursor: 'older',
  },
});

/** Bob's page: closed, with no payout account, no requests and no more activity than shown. */
export const closedPage = (): ClientPageDto => ({
  ...alicePage(),
  client: {
    id: 'c2',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'Example',
    displayName: 'Bob Example',
    createdAt: '2024-01-15T10:00:00.000Z',
    status: 'closed',
    closed: { at: '2025-02-10T10:00:00.000Z', by: 'admin@example.com', recordsKeptUntil: '2032-02-10T10:00:00.000Z' },
  },
  agreement: { accepted: null, currentVersion: '2026-11' },
  payoutAccount: null,
  requests: [],
  activity: { entries: [] },
});
