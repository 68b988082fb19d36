/** Balance History: the chart of the balance over time, and the statement download. */
import { Stack } from '@chakra-ui/react/stack';
import { lazy, Suspense } from 'react';
import { useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { StatementDownload } from '../../components/statement-download';

const BalanceChart = lazy(() => import('./BalanceChart'));

export function GrowthCard({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'getHistory', params: { uid: userId } });
  let body;
  if (isLoading) body = <LoadingLine label="Loading balance history..." />;
  else if (error || !data) body = <LoadFailed message="Unable to load balance history." onRetry={() => void mutate()} />;
  else if (data.data.length === 0) body = <EmptyState title="No balance history yet" hint="Your balance will be charted here after your first deposit" />;
  else
    body = (
      <Suspense fallback={<LoadingLine label="Loading chart..." />}>
        <BalanceChart points={data.data} />
      </Suspense>
    );
  return (
    <SectionCard title="Balance History">
      <Stack gap="5">
        {body}
        <StatementDownload statement={(from, to) => ({ route: 'getStatement', params: { uid: userId }, query: { from, to } })} filePrefix="aurum-statement" />
      </Stack>
    </SectionCard>
  );
}
