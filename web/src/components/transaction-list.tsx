/**
 * A client's deposits, withdrawals and adjustments as recorded, with who recorded them: the
 * admin's history panel. (The client's own history card lists the balance history's lines, with
 * the weekly growth between them: pages/dashboard/HistoryCard.tsx.)
 */
import { Badge } from './badge';
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import type { TransactionDto, TransactionType } from '../../../shared/api';
import { toastMessages, toastTitles } from '../../../shared/messages';
import type { RouteCall } from '../api/calls';
import { useRoute } from '../api/hooks';
import { formatDateTime, movementUsd } from '../format';
import { EmptyState, LoadFailed, LoadingLine } from './load-states';
import { notify } from './toaster';

const PALETTES: Record<TransactionType, string> = { deposit: 'green', withdrawal: 'red', adjustment: 'gray' };

/** One entry as an administrator reads it: who recorded it and, above the four-eyes threshold, who approved it. */
function Entry({ transaction: t }: { transaction: TransactionDto }) {
  const incoming = t.direction === 'in';
  const by = [t.adminEmail && `by ${t.adminEmail}`, t.approvedBy && `approved by ${t.approvedBy}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold" color={incoming ? 'green.fg' : 'red.fg'}>
          {movementUsd(incoming ? t.amount : -t.amount)}
        </Text>
        {/* The entry's type as the API names it, as administrators see it. */}
        <Badge colorPalette={PALETTES[t.type]}>{t.type}</Badge>
      </HStack>
      <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted">
        <Text>{formatDateTime(t.timestamp)}</Text>
        {by && <Text wordBreak="break-all">{by}</Text>}
      </HStack>
      {t.note && <Text fontSize="sm">{t.note}</Text>}
    </Box>
  );
}

export function TransactionList({ transactions }: { transactions: TransactionDto[] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Transactions">
      {transactions.map((t) => (
        <Entry key={t.id} transaction={t} />
      ))}
    </Stack>
  );
}

/** A client's transactions as the admin console reads them. */
export type TransactionsCall = RouteCall<'listClientTransactions'>;

/**
 * The transactions `call` answers, loaded when this mounts (the panel's first opening), with their
 * loading, failed and empty states; a failure is also the 'Error' toast.
 */
export function TransactionHistory({ call }: { call: TransactionsCall }) {
  const { data, error, isLoading, mutate } = useRoute(call);
  useEffect(() => {
    // After the commit: the toaster flushes synchronously, which React refuses during a render.
    if (error) notify('error', toastTitles.error, toastMessages.loadTransactionsFailed);
  }, [error]);
  if (isLoading || (!data && !error)) return <LoadingLine label="Loading transactions..." />;
  if (error || !data)
    return <LoadFailed message="Transaction history could not be loaded." onRetry={() => void mutate()} />;
  if (data.length === 0)
    return <EmptyState title="No transactions found" hint="Deposits and withdrawals will appear here" />;
  return <TransactionList transactions={data} />;
}
