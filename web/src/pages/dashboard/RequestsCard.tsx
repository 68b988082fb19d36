/** 'Withdrawal Requests': the client's requests with their status (design.md section 4). */
import { Badge } from '../../components/badge';
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { WithdrawalRequestStatus } from '../../../../shared/api';
import { useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { formatDate, usd } from '../../format';

const statusBadge: Record<WithdrawalRequestStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'yellow' },
  approved: { label: 'Approved', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

export function RequestsCard({ userId }: { userId: string }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'listMyWithdrawalRequests', params: { uid: userId } });
  return (
    <SectionCard title="Withdrawal Requests">
      {isLoading ? (
        <LoadingLine label="Loading withdrawal requests..." />
      ) : error || !data ? (
        <LoadFailed message="Unable to load withdrawal requests." onRetry={() => void mutate()} />
      ) : data.length === 0 ? (
        <EmptyState title="No withdrawal requests yet" />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Withdrawal requests">
          {data.map((r) => {
            const badge = statusBadge[r.status];
            return (
              <Box as="li" key={r.id} borderWidth="1px" borderRadius="md" p="3">
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Text fontWeight="semibold">{usd(r.amount)}</Text>
                  <Badge colorPalette={badge.palette}>{badge.label}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  Requested {formatDate(r.createdAt)}
                </Text>
                {r.status === 'rejected' && r.reason && (
                  <Text fontSize="sm" color="red.fg">
                    Reason: {r.reason}
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
