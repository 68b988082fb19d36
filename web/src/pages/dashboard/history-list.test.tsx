/**
 * The history card's body as a client uses it: the type filter, a month's growth on one line
 * that opens to its weeks, and the older months on demand.
 */
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryPointDto, TransactionDto } from '../../../../shared/api';
import { system } from '../../theme/system';
import { HistoryList } from './history-list';

const DAY = 24 * 60 * 60 * 1000;
const iso = (t: number) => new Date(t).toISOString();

/** The ledger replayed: `points` of [at, kind, amount], with the running balance. */
function replay(points: readonly Point[]): HistoryPointDto[] {
  let balance = 0;
  return points.map(([at, kind, amount]) => {
    balance = Math.round((balance + amount) * 100) / 100;
    return { at, kind, amount, balance };
  });
}

/** A deposit on Jan 5, 2026, then a $10 credit every Monday to Sep 28 (38 weeks, 9 months), and the entries given. */
type Point = [string, HistoryPointDto['kind'], number];

function yearOfGrowth(entries: Point[] = []): HistoryPointDto[] {
  const mondays = Array.from({ length: 38 }, (_, i): Point => [
    iso(Date.parse('2026-01-05T00:00:00Z') + (i + 1) * 7 * DAY),
    'growth',
    10,
  ]);
  const all: Point[] = [['2026-01-05T09:00:00.000Z', 'deposit', 1000], ...mondays, ...entries];
  return replay(all.sort(([a], [b]) => Date.parse(a) - Date.parse(b)));
}

function show(points: HistoryPointDto[], transactions: TransactionDto[] = []) {
  render(
    <ChakraProvider value={system}>
      <HistoryList points={points} transactions={transactions} />
    </ChakraProvider>,
  );
}

const monthHeadings = () => [...document.querySelectorAll('section[data-month] h3')].map((h) => h.textContent);
const filterButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Transaction type' })).getByRole('button', { name });

describe('history list', () => {
  it('shows six months at first, newest first, and the older ones on demand, focus going on to the first of them', async () => {
    show(yearOfGrowth());
    expect(monthHeadings()).toEqual([
      'September 2026',
      'August 2026',
      'July 2026',
      'June 2026',
      'May 2026',
      'April 2026',
    ]);
    expect(screen.getByText('Showing 6 of 9 months')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older months' }));
    expect(monthHeadings().slice(6)).toEqual(['March 2026', 'February 2026', 'January 2026']);
    expect(screen.queryByRole('button', { name: 'Show older months' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'March 2026' })).toHaveFocus();
  });

  it("folds a month's weekly growth into one line that opens to its weeks, its total their sum", async () => {
    show(yearOfGrowth());
    const june = screen.getByRole('list', { name: 'June 2026 transactions' });
    // June 2026 has five Mondays: 1, 8, 15, 22, 29.
    const fold = within(june).getByRole('button', { name: 'Weekly growth, 5 credits, +$50.00' });
    expect(fold).toHaveTextContent('Weekly growth5 credits+$50.00');
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    const weeks = document.getElementById(fold.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(weeks).not.toBeVisible();
    await userEvent.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(weeks).toBeVisible();
    const lines = within(screen.getByRole('list', { name: 'Weekly growth, June 2026' })).getAllByRole('listitem');
    expect(lines.map((l) => within(l).getByTestId('line-amount').textContent)).toEqual(Array(5).fill('+$10.00'));
    expect(lines.map((l) => l.firstChild?.textContent)).toEqual([
      'Jun 29, 2026',
      'Jun 22, 2026',
      'Jun 15, 2026',
      'Jun 8, 2026',
      'Jun 1, 2026',
    ]);
    expect(within(lines[0] as HTMLElement).getByTestId('line-balance')).toHaveTextContent('Balance $1,250.00');
    await userEvent.click(fold);
    expect(weeks).not.toBeVisible();
  });

  it('filters by type, each month then totalling what it shows; adjustments show under All', async () => {
    const points = yearOfGrowth([
      ['2026-06-10T14:00:00.000Z', 'withdrawal', -100],
      ['2026-06-20T10:00:00.000Z', 'adjustment', -5],
    ]);
    const transactions: TransactionDto[] = [
      {
        id: 't2',
        type: 'withdrawal',
        amount: 100,
        direction: 'out',
        timestamp: '2026-06-10T14:00:00.000Z',
        note: 'To the bank',
      },
    ];
    show(points, transactions);
    expect(filterButton('All')).toHaveAttribute('aria-pressed', 'true');
    const june = () => screen.getByRole('list', { name: 'June 2026 transactions' });
    expect(
      within(june())
        .getAllByRole('listitem')
        .map((li) => li.dataset.kind ?? li.dataset.fold),
    ).toEqual(['growth', 'adjustment', 'withdrawal']);
    expect(screen.getByRole('region', { name: 'June 2026' })).toHaveTextContent('Net change −$55.00');

    await userEvent.click(filterButton('Withdrawals'));
    expect(filterButton('Withdrawals')).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton('All')).toHaveAttribute('aria-pressed', 'false');
    expect(monthHeadings()).toEqual(['June 2026']);
    expect(
      within(june())
        .getAllByRole('listitem')
        .map((li) => li.dataset.kind),
    ).toEqual(['withdrawal']);
    expect(within(june()).getByText('To the bank')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'June 2026' })).toHaveTextContent('Total −$100.00');

    await userEvent.click(filterButton('Deposits'));
    expect(monthHeadings()).toEqual(['January 2026']);
    await userEvent.click(filterButton('Growth'));
    expect(monthHeadings()).toHaveLength(6);
    expect(screen.queryAllByText('Adjustment')).toEqual([]);
    expect(screen.getByRole('region', { name: 'June 2026' })).toHaveTextContent('Total +$50.00');
  });

  it('says a filter has nothing to show, as an empty list and not as a failure; All brings the lines back', async () => {
    show(yearOfGrowth());
    await userEvent.click(filterButton('Withdrawals'));
    expect(screen.getByText('No withdrawals yet')).toBeInTheDocument();
    expect(screen.getByText('Choose All to see every transaction.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(monthHeadings()).toEqual([]);
    await userEvent.click(filterButton('All'));
    expect(monthHeadings()).toHaveLength(6);
  });

  it('pages each filter afresh from its newest month', async () => {
    show(yearOfGrowth());
    await userEvent.click(screen.getByRole('button', { name: 'Show older months' }));
    expect(monthHeadings()).toHaveLength(9);
    await userEvent.click(filterButton('Growth'));
    expect(monthHeadings()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Show older months' })).toBeInTheDocument();
  });

  it('with no line at all, says there are no transactions', () => {
    show([]);
    expect(screen.getByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByText('Deposits and withdrawals will appear here')).toBeInTheDocument();
  });
});
