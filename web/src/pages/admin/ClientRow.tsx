/** One client in the admin list: figures, actions, the one open inline editor and the history panel. */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Circle } from '@chakra-ui/react/circle';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, memo, type ReactNode, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ClientDto, MoneyMovedAnswer } from '../../../../shared/api';
import { successToasts, toastMessages, toastTitles } from '../../../../shared/messages';
import { formatSignedPercent, formatUsd, centsToDollars } from '../../../../shared/money';
import { checkAdminWithdrawalAmount, checkBalanceAmount, checkDepositAmount, type FormAmount } from '../../../../shared/forms';
import { idempotencyKey } from '../../api/client';
import { paths, useApi, useTransactions } from '../../api/hooks';
import { notify } from '../../components/toaster';
import { cents, dateText, dateTimeText, notifyError } from './common';
import { EmptyState } from '../../components/load-states';
import { StatementDownload } from '../../components/statement-download';

type Editor = 'none' | 'balance' | 'deposit' | 'withdrawal';

/** Today as the value of a date input, in the admin's own time zone. */
function todayInput(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The chosen date as an ISO timestamp: today means now, another day its local start. */
function depositTimestamp(date: string): string {
  if (!date || date === todayInput()) return new Date().toISOString();
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).toISOString();
}

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

function History({ client, open }: { client: ClientDto; open: boolean }) {
  const { data, error, isLoading } = useTransactions(open ? paths.clientTransactions(client.id) : null);
  useEffect(() => {
    if (error) notify('error', toastTitles.error, toastMessages.loadTransactionsFailed);
  }, [error]);
  if (!open) return null;
  let body: ReactNode;
  if (isLoading || (!data && !error)) body = <Text color="fg.muted">Loading transactions...</Text>;
  else if (error) body = <Text color="fg.error">{toastMessages.loadTransactionsFailed}</Text>;
  else if (!data || data.length === 0)
    body = (
      <EmptyState title="No transactions found" hint="Deposits and withdrawals will appear here" />
    );
  else
    body = (
      <Stack as="ul" gap="2" listStyleType="none">
        {data.map((t) => {
          const incoming = t.direction === 'in';
          return (
            <Flex as="li" key={t.id} gap="2" direction={{ base: 'column', sm: 'row' }} justify="space-between" borderBottomWidth="1px" pb="2">
              <Stack gap="0">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold" color={incoming ? 'green.fg' : 'red.fg'}>
                    {incoming ? '+' : '-'}
                    {formatUsd(cents(t.amount))}
                  </Text>
                  <Badge colorPalette={t.type === 'deposit' ? 'green' : t.type === 'withdrawal' ? 'red' : 'gray'}>{t.type}</Badge>
                </HStack>
                {t.note && <Text fontSize="sm">{t.note}</Text>}
              </Stack>
              <Stack gap="0" textAlign={{ sm: 'right' }}>
                <Text fontSize="sm" color="fg.muted">
                  {dateTimeText(t.timestamp)}
                </Text>
                {t.adminEmail && (
                  <Text fontSize="xs" color="fg.muted">
                    by {t.adminEmail}
                  </Text>
                )}
              </Stack>
            </Flex>
          );
        })}
      </Stack>
    );
  return (
    <Box borderWidth="1px" rounded="md" p="3" aria-label={`Transaction history of ${client.email}`} role="region">
      <Stack gap="4">
        {body}
        <StatementDownload path={(from, to) => paths.clientStatement(client.id, from, to)} filePrefix={`aurum-statement-${client.email}`} />
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
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [editor, setEditor] = useState<Editor>('none');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [date, setDate] = useState(todayInput);
  const gain = client.portfolio.weeklyGain;
  const txKey = paths.clientTransactions(client.id);

  const open = (next: Editor) => {
    setEditor((current) => (current === next ? 'none' : next));
    setAmount(next === 'balance' ? String(client.portfolio.balance) : '');
    setNote('');
    setDate(todayInput());
  };
  const close = () => setEditor('none');
  /** The history shows the new entry: reloaded when open, refetched on the next opening otherwise. */
  const refreshHistory = () => void (historyOpen ? mutate(txKey) : mutate(txKey, undefined, { revalidate: false }));

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error, fallback);
    } finally {
      setBusy(false);
    }
  };

  const saveBalance = () => {
    const c = checked(checkBalanceAmount(amount));
    if (c === null) return;
    void run(async () => {
      const balance = centsToDollars(c);
      await api(paths.balance(client.id), { method: 'PUT', body: { balance } });
      onBalance(client.id, balance);
      close();
      refreshHistory();
      notify('success', successToasts.balanceUpdated);
    }, toastMessages.updateBalanceFailed);
  };

  const addDeposit = () => {
    const c = checked(checkDepositAmount(amount));
    if (c === null) return;
    const timestamp = depositTimestamp(date);
    void run(async () => {
      const answer = await api<MoneyMovedAnswer>(paths.deposit(client.id), {
        method: 'POST',
        body: { amount: centsToDollars(c), note: note.trim(), timestamp },
        headers: { 'Idempotency-Key': idempotencyKey() },
      });
      onBalance(client.id, answer.newBalance, Date.parse(timestamp));
      close();
      refreshHistory();
      notify('success', successToasts.depositAdded(formatUsd(c)));
    }, toastMessages.addDepositFailed);
  };

  const withdraw = () => {
    const c = checked(checkAdminWithdrawalAmount(amount));
    if (c === null) return;
    void run(async () => {
      const answer = await api<MoneyMovedAnswer>(paths.withdrawal(client.id), {
        method: 'POST',
        body: { amount: centsToDollars(c), note: note.trim() },
        headers: { 'Idempotency-Key': idempotencyKey() },
      });
      onBalance(client.id, answer.newBalance);
      close();
      refreshHistory();
      notify('success', successToasts.withdrawalProcessed(formatUsd(c)));
    }, toastMessages.processWithdrawalFailed);
  };

  const amountProps = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' as const };

  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="lg" p="4" aria-label={client.email}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <HStack gap="3" minW="0">
          <Circle size="10" bg="yellow.500" color="black" fontWeight="bold" aria-hidden="true" flexShrink="0">
            {(client.email[0] ?? '?').toUpperCase()}
          </Circle>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" wordBreak="break-all">
              {client.email}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Last updated: {dateText(client.portfolio.lastUpdate)}
            </Text>
            {client.nextWithdrawalDate && (
              <Text fontSize="xs" color="fg.muted">
                Next withdrawal: {dateText(client.nextWithdrawalDate)}
              </Text>
            )}
          </Stack>
        </HStack>
        <Stack gap="0" textAlign={{ md: 'right' }}>
          <Text fontSize="xl" fontWeight="bold" data-testid="balance">
            {formatUsd(cents(client.portfolio.balance))}
          </Text>
          <Text fontSize="sm" color={gain >= 0 ? 'green.fg' : 'red.fg'}>
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
          <TextField label="Date" type="date" value={date} onChange={setDate} max={todayInput()} />
          <TextField label="Note" value={note} onChange={setNote} />
        </EditorForm>
      )}
      {editor === 'withdrawal' && (
        <EditorForm label={`Process withdrawal for ${client.email}`} submitLabel="Withdraw" onSubmit={withdraw} onCancel={close} busy={busy}>
          <TextField label="Amount" value={amount} onChange={setAmount} {...amountProps} />
          <TextField label="Note" value={note} onChange={setNote} />
        </EditorForm>
      )}
      <History client={client} open={historyOpen} />
    </Stack>
  );
});
