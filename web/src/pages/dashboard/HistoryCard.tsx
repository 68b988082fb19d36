/**
 * 'Transaction History': collapsed at first; the first opening reads the transactions (for their
 * notes). It lists deposits, withdrawals, adjustments and the weekly growth credits between
 * them, each with the balance after it (ledger-lines.ts), by month and under a type filter
 * (history-months.ts), drawn by history-list.tsx, which comes lazily with the chart's chunk.
 */
import { Button } from '@chakra-ui/react/button';
import { lazy, Suspense, useEffect } from 'react';
import { toastMessages, toastTitles } from '../../../../shared/messages';
import { useRoute } from '../../api/hooks';
import { LoadFailed } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { LoadingLines } from '../../components/skeleton';
import { notify } from '../../components/toaster';

// Through the chart's chunk, which reaches the same shared modules: an entry of its own would
// split the first screen's chunks differently and grow the counted /dashboard bytes.
const HistoryList = lazy(() => import('./history-views').then((m) => ({ default: m.HistoryList })));

const loading = <LoadingLines label="Loading transactions..." />;

function ClientHistory({ userId }: { userId: string }) {
  const uid = { uid: userId };
  const history = useRoute({ route: 'getHistory', params: uid });
  const transactions = useRoute({ route: 'listTransactions', params: uid });
  const error = history.error ?? transactions.error;
  useEffect(() => {
    // After the commit: the toaster flushes synchronously, which React refuses during a render.
    if (error) notify('error', toastTitles.error, toastMessages.loadTransactionsFailed);
  }, [error]);
  const retry = () => {
    if (history.error) void history.mutate();
    if (transactions.error) void transactions.mutate();
  };
  if (error) return <LoadFailed message="Transaction history could not be loaded." onRetry={retry} />;
  if (!history.data || !transactions.data) return loading;
  return (
    <Suspense fallback={loading}>
      <HistoryList points={history.data.data} transactions={transactions.data} />
    </Suspense>
  );
}

export function HistoryCard({ userId, open, onToggle }: { userId: string; open: boolean; onToggle: () => void }) {
  return (
    <SectionCard
      title="Transaction History"
      bodyId="transaction-history"
      action={
        <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={open} aria-controls="transaction-history">
          {open ? 'Hide' : 'Show'}
        </Button>
      }
    >
      {open && <ClientHistory userId={userId} />}
    </SectionCard>
  );
}
