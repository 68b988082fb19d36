/** 'Transaction History': collapsed at first; the first opening loads it. */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import type { TransactionType } from '../../../../shared/api';
import { toastMessages, toastTitles } from '../../../../shared/messages';
import { paths, useTransactions } from '../../api/hooks';
import { notify } from '../../components/toaster';
import { formatDateTime, usd } from './format';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';

const typeBadge: Record<TransactionType, { label: string; palette: string }> = {
  deposit: { label: 'Deposit', palette: 'green' },
  withdrawal: { label: 'Withdrawal', palette: 'red' },
  adjustment: { label: 'Adjustment', palette: 'gray' },
};

export function HistoryCard({ userId, open, onToggle }: { userId: string; open: boolean; onToggle: () => void }) {
  const { data, error, isLoading, mutate } = useTransactions(open ? paths.transactions(userId) : null);

  useEffect(() => {
    // After the commit: the toaster flushes synchronously, which React refuses inside an effect.
    if (error) notify('error', toastTitles.error, toastMessages.loadTransactionsFailed);
  }, [error]);

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <Heading as="h2" size="md">
            Transaction History
          </Heading>
          <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={open} aria-controls="transaction-history">
            {open ? 'Hide' : 'Show'}
          </Button>
        </HStack>
      </Card.Header>
      {open && (
        <Card.Body id="transaction-history">
          {isLoading ? (
            <LoadingLine label="Loading transactions..." />
          ) : error || !data ? (
            <LoadFailed message="Transaction history could not be loaded." onRetry={() => void mutate()} />
          ) : data.length === 0 ? (
            <EmptyState title="No transactions found" hint="Deposits and withdrawals will appear here" />
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Transactions">
              {data.map((t) => {
                const badge = typeBadge[t.type];
                const incoming = t.direction === 'in';
                return (
                  <Box as="li" key={t.id} borderWidth="1px" borderRadius="md" p="3">
                    <HStack justify="space-between" wrap="wrap" gap="2">
                      <Text fontWeight="semibold" color={incoming ? 'green.fg' : 'red.fg'}>
                        {incoming ? '+' : '−'}
                        {usd(t.amount)}
                      </Text>
                      <Badge colorPalette={badge.palette}>{badge.label}</Badge>
                    </HStack>
                    <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted">
                      <Text>{formatDateTime(t.timestamp)}</Text>
                      <Text>{incoming ? 'Added' : 'Processed'}</Text>
                    </HStack>
                    {t.note && <Text fontSize="sm">{t.note}</Text>}
                  </Box>
                );
              })}
            </Stack>
          )}
        </Card.Body>
      )}
    </Card.Root>
  );
}
