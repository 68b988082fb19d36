/** Balance History: the ranged balance chart (history-views.tsx, its own chunk) and the statement download. */
import { Stack } from '@chakra-ui/react/stack';
import { lazy, Suspense } from 'react';
import { useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { Bone, Loading } from '../../components/skeleton';
import { StatementDownload } from '../../components/statement-download';
import { usePhoneLayout } from '../../components/use-phone-layout';

const RangedChart = lazy(() => import('./history-views').then((m) => ({ default: m.RangedChart })));

/** The figure over the chart and the chart, while they load. */
function ChartLoading({ label }: { label: string }) {
  return (
    <Loading label={label}>
      <Stack gap="3">
        <Bone h="6" w="60%" />
        <Bone h={{ base: '200px', md: '280px' }} />
      </Stack>
    </Loading>
  );
}

export function GrowthCard({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'getHistory', params: { uid: userId } });
  const phone = usePhoneLayout();
  let body;
  if (isLoading) body = <ChartLoading label="Loading balance history..." />;
  else if (error || !data)
    body = <LoadFailed message="Unable to load balance history." onRetry={() => void mutate()} />;
  else if (data.data.length === 0)
    body = (
      <EmptyState title="No balance history yet" hint="Your balance will be charted here after your first deposit" />
    );
  else
    body = (
      <Suspense fallback={<ChartLoading label="Loading chart..." />}>
        <RangedChart points={data.data} phone={phone} />
      </Suspense>
    );
  return (
    <SectionCard title="Balance History">
      <Stack gap="5">
        {body}
        <StatementDownload
          statement={(from, to) => ({ route: 'getStatement', params: { uid: userId }, query: { from, to } })}
          filePrefix="aurum-statement"
        />
      </Stack>
    </SectionCard>
  );
}
