/** One client in the admin list: figures, actions, the one open inline editor and the history panel. */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Circle } from '@chakra-ui/react/circle';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, memo, type ReactNode, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ClientDto } from '../../../../shared/api';
import { successToasts, toastMessages } from '../../../../shared/messages';
import { type Cents, centsToDollars } from '../../../../shared/money';
import { checkAdminWithdrawalAmount, checkBalanceAmount, checkDepositAmount, type FormAmount } from '../../../../shared/amount-forms';
import { keyOf } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import { StatementDownload } from '../../components/statement-download';
import { notify } from '../../components/toaster';
import { TransactionHistory } from '../../components/transaction-list';
import { dateInputTimestamp, formatDate, formatSignedPercent, formatUsd, gainColor, localDateInput, usd } from '../../format';
import { ClientTitle } from './common';

type Editor = 'none' | 'balance' | 'deposit' | 'withdrawal';

function checked(result: FormAmount): number | null {
  if (result.ok) return result.cents;
  notify('error', result.notice.title, result.notice.description);
  return null;
}

function EditorForm({ label, onSubmit, onCancel, submitLabel, busy, children }: {
  label: string;
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      as="form"
      aria-label={label}
      borderWidth="1px"
      rounded="md"
      p="3"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} wrap="wrap">
        {children}
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="yellow" loading={busy}>
            {submitLabel}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}

function TextField({ label, value, onChange, ...rest }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  min?: number | string;
  max?: string;
  step?: number;
  inputMode?: 'decimal';
}) {
  return (
    <Field.Root flex="1" minW={{ md: '32' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.currentTarget.value)} {...rest} />
    </Field.Root>
  );
}

/** The client's transactions and statement, loaded on the panel's first opening. */
function History({ client }: { client: ClientDto }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" aria-label={`Transaction history of ${client.email}`} role="region">
      <Stack gap="4">
        <TransactionHistory call={{ route: 'listClientTransactions', params: { id: client.id } }} audience="admin" />
        <StatementDownload
          statement={(from, to) => ({ route: 'getClientStatement', params: { id: client.id }, query: { from, to } })}
          filePrefix={`aurum-statement-${client.email}`}
        />
      </Stack>
    </Box>
  );
}

/**
 * Memoized: typing a search or turning a page re-renders the list, and a row whose client and
 * callbacks are unchanged need not render its 50-odd Chakra elements again.
 */
export const ClientRow = memo(function ClientRow({ client, onBalance, onDelete }: {
  client: ClientDto;
  /** Puts a new balance (dollars) into the shared client list, with the time of a deposit that made it. */
  onBalance: (id: string, balance: number, depositAt?: number) => void;
  onDelete: (client: ClientDto) => void;
}) {
  const { mutate } = useSWRConfig();
  const [editor, setEditor] = useState<Editor>('none');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [date, setDate] = useState(localDateInput);
  const gain = client.portfolio.weeklyGain;
  const txKey = keyOf({ route: 'listClientTransactions', params: { id: client.id } });
  const id = { id: client.id };

  const open = (next: Editor) => {
    setEditor((current) => (current === next ? 'none' : next));
    setAmount(next === 'balance' ? String(client.portfolio.balance) : '');
    setNote('');
    setDate(localDateInput());
  };
  const close = () => setEditor('none');
  /** After a write: the editor closes, and the history shows the new entry (reloaded when open, refetched on the next opening otherwise). */
  const done = () => {
    close();
    void (historyOpen ? mutate(txKey) : mutate(txKey, undefined, { revalidate: false }));
  };

  const balanceEdit = useApiMutation(
    keyOf({ route: 'updateBalance', params: id }),
    (send, cents: Cents) => send({ route: 'updateBalance', params: id, body: { balance: centsToDollars(cents) } }),
    {
      failure: toastMessages.updateBalanceFailed,
      success: successToasts.balanceUpdated,
      onSuccess: (_, cents) => {
        onBalance(client.id, centsToDollars(cents));
        done();
      },
    },
  );
  const deposit = useApiMutation(
    keyOf({ route: 'addDeposit', params: id }),
    (send, { cents, note, timestamp }: { cents: Cents; note: string; timestamp: string }) =>
      send({ route: 'addDeposit', params: id, body: { amount: centsToDollars(cents), note, timestamp } }),
    {
      failure: toastMessages.addDepositFailed,
      success: (_, { cents }) => successToasts.depositAdded(formatUsd(cents)),
      onSuccess: (answer, { timestamp }) => {
        onBalance(client.id, answer.newBalance, Date.parse(timestamp));
        done();
      },
    },
  );
  const withdrawal = useApiMutation(
    keyOf({ route: 'processWithdrawal', params: id }),
    (send, { cents, note }: { cents: Cents; note: string }) => send({ route: 'processWithdrawal', params: id, body: { amount: centsToDollars(cents), note } }),
    {
      failure: toastMessages.processWithdrawalFailed,
      success: (_, { cents }) => successToasts.withdrawalProcessed(formatUsd(cents)),
      onSuccess: (answer) => {
        onBalance(client.id, answer.newBalance);
        done();
      },
    },
  );
  const busy = balanceEdit.busy || deposit.busy || withdrawal.busy;

  const saveBalance = () => {
    const cents = checked(checkBalanceAmount(amount));
    if (cents !== null) void balanceEdit.run(cents);
  };
  const addDeposit = () => {
    const cents = checked(checkDepositAmount(amount));
    if (cents !== null) void deposit.run({ cents, note: note.trim(), timestamp: dateInputTimestamp(date) });
  };
  const withdraw = () => {
    const cents = checked(checkAdminWithdrawalAmount(amount));
    if (cents !== null) void withdrawal.run({ cents, note: note.trim() });
  };

  const amountProps = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' as const };

  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="lg" p="4" aria-label={client.email}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <HStack gap="3" minW="0">
          <Circle size="10" bg="yellow.500" color="black" fontWeight="bold" aria-hidden="true" flexShrink="0">
            {(client.email[0] ?? '?').toUpperCase()}
          </Circle>
          <ClientTitle
            email={client.email}
            lines={[
              `Last updated: ${formatDate(client.portfolio.lastUpdate)}`,
              client.nextWithdrawalDate && `Next withdrawal: ${formatDate(client.nextWithdrawalDate)}`,
            ]}
          />
        </HStack>
        <Stack gap="0" textAlign={{ md: 'right' }}>
          <Text fontSize="xl" fontWeight="bold" data-testid="balance">
            {usd(client.portfolio.balance)}
          </Text>
          <Text fontSize="sm" color={gainColor(gain)}>
            {formatSignedPercent(gain)} this week
          </Text>
        </Stack>
      </Flex>
      <Flex gap="2" wrap="wrap">
        <Button size="xs" variant={editor === 'balance' ? 'solid' : 'outline'} onClick={() => open('balance')} aria-expanded={editor === 'balance'}>
          Edit Balance
        </Button>
        <Button size="xs" variant={editor === 'deposit' ? 'solid' : 'outline'} onClick={() => open('deposit')} aria-expanded={editor === 'deposit'}>
          Add Deposit
        </Button>
        <Button size="xs" variant={editor === 'withdrawal' ? 'solid' : 'outline'} onClick={() => open('withdrawal')} aria-expanded={editor === 'withdrawal'}>
          Process Withdrawal
        </Button>
        <Button size="xs" variant={historyOpen ? 'solid' : 'outline'} onClick={() => setHistoryOpen((o) => !o)} aria-expanded={historyOpen}>
          View Transaction History
        </Button>
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(client)}>
          Delete Client
        </Button>
      </Flex>
      {editor === 'balance' && (
        <EditorForm label={`Edit balance of ${client.email}`} submitLabel="Save" onSubmit={saveBalance} onCancel={close} busy={busy}>
          <TextField label="New balance" value={amount} onChange={setAmount} {...amountProps} />
        </EditorForm>
      )}
      {editor === 'deposit' && (
        <EditorForm label={`Add deposit for ${client.email}`} submitLabel="Add" onSubmit={addDeposit} onCancel={close} busy={busy}>
          <TextField label="Amount" value={amount} onChange={setAmount} {...amountProps} />
          <TextField label="Date" type="date" value={date} onChange={setDate} max={localDateInput()} />
          <TextField label="Note" value={note} onChange={setNote} />
        </EditorForm>
      )}
      {editor === 'withdrawal' && (
        <EditorForm label={`Process withdrawal for ${client.email}`} submitLabel="Withdraw" onSubmit={withdraw} onCancel={close} busy={busy}>
          <TextField label="Amount" value={amount} onChange={setAmount} {...amountProps} />
          <TextField label="Note" value={note} onChange={setNote} />
        </EditorForm>
      )}
      {historyOpen && <History client={client} />}
    </Stack>
  );
});
