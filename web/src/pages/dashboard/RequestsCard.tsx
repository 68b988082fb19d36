/**
 * 'Withdrawal Requests': the client's requests (docs/product.md, "Withdrawals"), listed by RequestsList.tsx
 * in the withdrawal flows' chunk, fetched as the page renders.
 */
import { lazy, Suspense } from 'react';
import { useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { LoadingLines } from '../../components/skeleton';
import { loadWithdrawalFlows } from './WithdrawalCard';

const RequestsList = lazy(() => loadWithdrawalFlows().then((m) => ({ default: m.RequestsList })));

export function RequestsCard({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'listMyWithdrawalRequests', params: { uid: userId } });
  const loading = <LoadingLines label="Loading withdrawal requests..." count={1} />;
  let body;
  if (isLoading) body = loading;
  else if (error || !data)
    body = <LoadFailed message="Unable to load withdrawal requests." onRetry={() => void mutate()} />;
  else if (data.length === 0) body = <EmptyState title="No withdrawal requests yet" />;
  else
    body = (
      <Suspense fallback={loading}>
        <RequestsList userId={userId} requests={data} />
      </Suspense>
    );
  return <SectionCard title="Withdrawal Requests">{body}</SectionCard>;
}
