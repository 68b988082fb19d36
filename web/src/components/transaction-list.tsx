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

/**
 * Who reads the list. A client sees 'Added' or 'Processed', never the admin's e-mail (spec
 * section 6); an admin sees 'by {email}' and the entry's type as the API names it.
 */
export type Audience = 'client' | 'admin';

const TYPES: Record<TransactionType, { label: string; palette: string }> = {
  deposit: { label: 'Deposit', palette: 'green' },
  withdrawal: { label: 'Withdrawal', palette: 'red' },
  adjustment: { label: 'Adjustment', palette: 'gray' },
};

function Entry({ transaction: t, audience }: { transaction: TransactionDto; audience: Audience }) {
  const incoming = t.direction === 'in';
  const type = TYPES[t.type];
  const by = audience === 'admin' ? t.adminEmail && `by ${t.adminEmail}` : incoming ? 'Added' : 'Processed';
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold" color={incoming ? 'green.fg' : 'red.fg'}>
          {movementUsd(incoming ? t.amount : -t.amount)}
        </Text>
        <Badge colorPalette={type.palette}>{audience === 'admin' ? t.type : type.label}</Badge>
      </HStack>
      <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted">
        <Text>{formatDateTime(t.timestamp)}</Text>
        {by && <Text wordBreak="break-all">{by}</Text>}
      </HStack>
      {t.note && <Text fontSize="sm">{t.note}</Text>}
    </Box>
  );
}

export function TransactionList({ transactions, audience }: { transactions: TransactionDto[]; audience: Audience }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Transactions">
      {transactions.map((t) => (
        <Entry key={t.id} transaction={t} audience={audience} />
      ))}
    </Stack>
  );
}

/** A client's transactions: the client's own list, or the admin's view of one. */
export type TransactionsCall = RouteCall<'listTransactions' | 'listClientTransactions'>;

/**
 * The transactions `call` answers, loaded when this mounts (the panel's first opening), with their
 * loading, failed and empty states; a failure is also the spec's 'Error' toast.
 */
export function TransactionHistory({ call, audience }: { call: TransactionsCall; audience: Audience }) {
  const { data, error, isLoading, mutate } = useRoute(call);
  useEffect(() => {
    // After the commit: the toaster flushes synchronously, which React refuses during a render.
    if (error) notify('error', toastTitles.error, toastMessages.loadTransactionsFailed);
  }, [error]);
  if (isLoading || (!data && !error)) return <LoadingLine label="Loading transactions..." />;
  if (error || !data) return <LoadFailed message="Transaction history could not be loaded." onRetry={() => void mutate()} />;
  if (data.length === 0) return <EmptyState title="No transactions found" hint="Deposits and withdrawals will appear here" />;
  return <TransactionList transactions={data} audience={audience} />;
}
