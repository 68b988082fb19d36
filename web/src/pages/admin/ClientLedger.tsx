/**
 * A client's ledger with its running balance, newest first like every other list of the console:
 * when, what (a deposit, withdrawal or adjustment with its note and the administrators who
 * recorded and approved it, or a week's growth), the signed amount and the balance right after
 * it. The server replays the ledger for the balances, so the last line's balance is the stored
 * one; a week's growth that credited nothing is left out, as on the client's own history, since it
 * moved no balance. A table on a laptop, a card a line on a phone. A year holds 52 weeks of
 * growth: the newest lines come first, the rest on asking.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useState } from 'react';
import type { ClientPageDto, LedgerLineDto } from '../../../../shared/api';
import { usePhoneLayout } from '../../components/use-phone-layout';
import { formatDate, formatDateTime, movementUsd, usd } from '../../format';
import { HISTORY_KIND_LABELS } from '../dashboard/history-words';
import { WrappingTableArea } from './wrapping-table';

export interface LedgerRow {
  key: string;
  line: LedgerLineDto;
  /** The note of the line's transaction, if it has one. */
  note?: string;
  /** "by admin@example.com · approved by other@example.com": who recorded the transaction. */
  by?: string;
}

/** The lines to show, newest first, each with its transaction's note and administrators (joined by the transaction's id). */
export function ledgerRows(page: Pick<ClientPageDto, 'ledger' | 'transactions'>): LedgerRow[] {
  const transactions = new Map(page.transactions.map((t) => [t.id, t]));
  const rows = page.ledger.flatMap((line, i): LedgerRow[] => {
    if (line.kind === 'growth' && line.amount === 0) return [];
    const t = line.transactionId === undefined ? undefined : transactions.get(line.transactionId);
    const by = [t?.adminEmail && `by ${t.adminEmail}`, t?.approvedBy && `approved by ${t.approvedBy}`]
      .filter(Boolean)
      .join(' · ');
    return [
      { key: line.transactionId ?? `line-${i}`, line, ...(t?.note ? { note: t.note } : {}), ...(by ? { by } : {}) },
    ];
  });
  return rows.reverse();
}

/** A week's growth is dated by its UTC day, as the client's history dates it; an entry by its time. */
const when = (line: LedgerLineDto) => (line.kind === 'growth' ? formatDate(line.at, 'UTC') : formatDateTime(line.at));

const amountColor = (line: LedgerLineDto) => (line.amount >= 0 ? 'green.fg' : 'red.fg');

function What({ row }: { row: LedgerRow }) {
  return (
    <>
      <Text fontWeight="medium">{HISTORY_KIND_LABELS[row.line.kind]}</Text>
      {row.note && <Text overflowWrap="anywhere">{row.note}</Text>}
      {row.by && (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {row.by}
        </Text>
      )}
    </>
  );
}

function Row({ row }: { row: LedgerRow }) {
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">{when(row.line)}</Table.Cell>
      <Table.Cell minW="48">
        <What row={row} />
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" color={amountColor(row.line)}>
        {movementUsd(row.line.amount)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="ledger-balance">
        {usd(row.line.balance)}
      </Table.Cell>
    </Table.Row>
  );
}

/** One line on a phone: what and how much, when, the balance after it. */
function Card({ row }: { row: LedgerRow }) {
  return (
    <Stack as="li" gap="1" borderWidth="1px" rounded="md" p="3" bg="bg.panel" fontSize="sm">
      <Flex justify="space-between" gap="3" align="flex-start">
        <Stack gap="0" minW="0">
          <What row={row} />
        </Stack>
        <Text fontWeight="semibold" whiteSpace="nowrap" color={amountColor(row.line)}>
          {movementUsd(row.line.amount)}
        </Text>
      </Flex>
      <Flex justify="space-between" gap="3" wrap="wrap" color="fg.muted">
        <Text>{when(row.line)}</Text>
        <Text data-testid="ledger-balance">Balance {usd(row.line.balance)}</Text>
      </Flex>
    </Stack>
  );
}

/** The newest lines shown at first; the rest on asking. */
export const LEDGER_FIRST_LINES = 12;

export function ClientLedger({ rows }: { rows: LedgerRow[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, LEDGER_FIRST_LINES);
  return (
    <Stack gap="3">
      <LedgerLines rows={shown} />
      {shown.length < rows.length && (
        <Button alignSelf="flex-start" variant="outline" size="sm" onClick={() => setAll(true)}>
          Show all {rows.length} lines
        </Button>
      )}
    </Stack>
  );
}

function LedgerLines({ rows }: { rows: LedgerRow[] }) {
  const phone = usePhoneLayout();
  if (phone)
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Ledger">
        {rows.map((r) => (
          <Card key={r.key} row={r} />
        ))}
      </Stack>
    );
  return (
    <WrappingTableArea>
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label="Ledger">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>What</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Row key={r.key} row={r} />
          ))}
        </Table.Body>
      </Table.Root>
    </WrappingTableArea>
  );
}
