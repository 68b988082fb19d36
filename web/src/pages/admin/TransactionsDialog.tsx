/**
 * A client's transactions and statement (for a closed account, read-only with its withdrawal
 * requests, and when and by whom it was closed), read each time the dialog opens: a money move since the
 * last opening added an entry. The entries read before show meanwhile.
 */
import { Button } from '@chakra-ui/react/button';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { ClientDto } from '../../../../shared/api';
import { StatementDownload } from '../../components/statement-download';
import { TransactionHistory } from '../../components/transaction-list';
import { keyOf } from '../../api/calls';
import { AdminDialog } from './AdminDialog';
import { ClientLine } from './ClientLine';
import { ClosedNote } from './ClosedNote';
import { ClosedRequests } from './ClosedRequests';

export function TransactionsDialog({
  client,
  open,
  onClose,
}: {
  client: ClientDto;
  open: boolean;
  onClose: () => void;
}) {
  const { cache, mutate } = useSWRConfig();
  const key = keyOf({ route: 'listClientTransactions', params: { id: client.id } });
  useEffect(() => {
    // Read before: ask again (a first opening reads them anyway). A mutation is not deduplicated
    // with the read of a moment ago, as the list's own mount would be.
    if (cache.get(key)?.data !== undefined) void mutate(key);
  }, [cache, mutate, key]);
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title="Transactions"
      size="lg"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <ClientLine client={client} />
      {client.closed && <ClosedNote closed={client.closed} full />}
      <TransactionHistory call={{ route: 'listClientTransactions', params: { id: client.id } }} />
      <StatementDownload
        statement={(from, to) => ({ route: 'getClientStatement', params: { id: client.id }, query: { from, to } })}
        filePrefix={`aurum-statement-${client.email}`}
      />
      {client.closed && <ClosedRequests id={client.id} />}
    </AdminDialog>
  );
}
