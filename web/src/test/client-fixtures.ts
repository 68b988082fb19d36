/**
 * What the web tests share of a client's data as the API answers it: Alice's quiet first read (a
 * small balance, nothing eligible, no history), her history as the chart and the history card read
 * it, and her row in the console's client list.
 */
import type { ClientDto, HistoryPointDto } from '../../../shared/api';

/** What Alice's dashboard reads as it opens, with nothing to show: each signed-in page's first read. */
export const aliceQuietReads = {
  'GET /api/portfolios/alice-sub': {
    success: true,
    portfolio: {
      userId: 'alice-sub',
      balance: 10,
      lastUpdate: '2025-03-10T12:00:00Z',
      weeklyGain: 0,
      weeklyGainAmount: 0,
      status: 'active',
    },
  },
  'GET /api/withdrawals/alice-sub/eligible': {
    data: { totalEligibleProfit: 0, showRequestButton: false, eligibleDeposits: [], upcoming: [] },
  },
  'GET /api/portfolios/alice-sub/withdrawal-requests': [],
};

/** $12,000 in, three credits, $50 out between the last two: the balance she holds on Mar 10, 2025. */
export const aliceHistory: { data: HistoryPointDto[] } = {
  data: [
    { at: '2024-12-02T09:00:00.000Z', kind: 'deposit', balance: 12000, amount: 12000 },
    { at: '2024-12-09T00:00:00.000Z', kind: 'growth', balance: 12160.45, amount: 160.45 },
    { at: '2025-02-10T00:00:00.000Z', kind: 'growth', balance: 12232.46, amount: 72.01 },
    { at: '2025-02-12T15:00:00.000Z', kind: 'withdrawal', balance: 12182.46, amount: -50 },
    { at: '2025-03-10T12:00:00.000Z', kind: 'growth', balance: 12345.67, amount: 163.21 },
  ],
};

/** Alice in the console's client list (id c1), with a next withdrawal date. */
export const aliceClient: ClientDto = {
  id: 'c1',
  email: 'alice@example.com',
  displayName: 'Alice Example',
  portfolio: { balance: 1500.5, weeklyGain: 1.5, weeklyGainAmount: 22.17, lastUpdate: '2025-03-03T00:00:00.000Z' },
  nextWithdrawalDate: '2025-06-01T00:00:00.000Z',
};
