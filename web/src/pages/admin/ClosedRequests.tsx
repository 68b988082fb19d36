/** A closed account's withdrawal requests, as kept: each one's amount, date and decision, to read only. */
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRoute } from '../../api/hooks';
import { LoadingLine } from '../../components/load-states';
import { formatDate, usd } from '../../format';

export function ClosedRequests({ id }: { id: string }) {
  const { data, error } = useRoute({ route: 'listMyWithdrawalRequests', params: { uid: id } });
  return (
    <Stack gap="2" as="section" aria-label="Withdrawal requests">
      <Heading as="h3" size="sm">
        Withdrawal requests
      </Heading>
      {error ? (
        <Text color="fg.error">The withdrawal requests could not be loaded.</Text>
      ) : !data ? (
        <LoadingLine label="Loading withdrawal requests..." />
      ) : data.length === 0 ? (
        <Text color="fg.muted">No withdrawal requests.</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {data.map((r) => (
            <Text as="li" key={r.id}>
              {`${usd(r.amount)}, requested ${formatDate(r.createdAt)}: ${r.status}${r.decidedBy ? ` by ${r.decidedBy}` : ''}${r.reason ? ` (${r.reason})` : ''}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
