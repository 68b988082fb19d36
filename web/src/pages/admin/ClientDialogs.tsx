/** The dialog a client row's menu opens: a money move, the transactions, or the deletion. */
import type { ClientDto } from '../../../../shared/api';
import type { PendingActionDto } from '../../api/admin-types';
import type { RowAction } from './ClientTable';
import { DeleteClientDialog } from './DeleteClientDialog';
import { MoneyDialog } from './MoneyDialog';
import { TransactionsDialog } from './TransactionsDialog';

/** A dialog the page shows; `open` false while it animates out, `key` new for each opening (its fields start empty). */
export interface OpenDialog {
  action: Exclude<RowAction, 'activity'>;
  client: ClientDto;
  open: boolean;
  key: number;
}

export function ClientDialog({
  dialog,
  onClose,
  onMoved,
  onProposed,
  onDeleted,
}: {
  dialog: OpenDialog;
  onClose: () => void;
  onMoved: (id: string, balance: number, depositAt?: number) => void;
  onProposed: (action: PendingActionDto) => void;
  onDeleted: (id: string) => void;
}) {
  const { action, client, open } = dialog;
  if (action === 'transactions') return <TransactionsDialog client={client} open={open} onClose={onClose} />;
  if (action === 'delete')
    return <DeleteClientDialog client={client} open={open} onClose={onClose} onDeleted={onDeleted} />;
  return (
    <MoneyDialog
      kind={action}
      client={client}
      open={open}
      onClose={onClose}
      onMoved={onMoved}
      onProposed={onProposed}
    />
  );
}
