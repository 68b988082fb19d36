/**
 * The client list as a table: who (name over e-mail, with the portfolio's last update and the next
 * date a withdrawal may be made), balance and this week's change, sorted by the server (e-mail,
 * or balance either way), with each row's actions behind its menu. On a phone the week's change
 * goes under the balance and the table scrolls sideways inside its card if it must.
 */
import { Button } from '@chakra-ui/react/button';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { memo } from 'react';
import type { ClientDto } from '../../../../shared/api';
import { formatDate, formatSignedPercent, gainColor, signedUsd, usd } from '../../format';
import type { Sort } from './client-pages';
import type { MoveKind } from './money-move';
import { RowMenu } from './RowMenu';
import { ClientLine } from './ClientLine';
import { ClosedNote } from './ClosedNote';
import { clientName } from './words';
import { WrappingTableArea } from './wrapping-table';

/** What a row's menu asks the page to open. */
export type RowAction = MoveKind | 'transactions' | 'activity' | 'delete';

/** A row's menu: every action on an open account; on a closed one, its history only (it is read-only). */
function rowActions(client: ClientDto, act: (action: RowAction) => () => void) {
  const history = [
    { label: 'Transactions', onSelect: act('transactions') },
    { label: 'Activity', onSelect: act('activity') },
  ];
  if (client.closed) return history;
  return [
    { label: 'Deposit', onSelect: act('deposit') },
    { label: 'Withdraw', onSelect: act('withdrawal') },
    { label: 'Edit balance', onSelect: act('balance') },
    ...history,
    { label: 'Delete client', onSelect: act('delete'), danger: true },
  ];
}

type Direction = 'ascending' | 'descending' | 'none';

function SortHeader({
  label,
  direction,
  onClick,
  textAlign,
}: {
  label: string;
  direction: Direction;
  onClick: () => void;
  textAlign?: 'end';
}) {
  return (
    <Table.ColumnHeader aria-sort={direction} textAlign={textAlign}>
      <Button variant="ghost" size="xs" onClick={onClick} fontWeight="semibold" mx="-2">
        {label}
        <span aria-hidden="true">{direction === 'ascending' ? '↑' : direction === 'descending' ? '↓' : '↕'}</span>
      </Button>
    </Table.ColumnHeader>
  );
}

/**
 * When the portfolio was last updated and, when a deposit is still to become eligible, the next
 * date a withdrawal may be made: under the client's name, so a phone shows them too.
 */
function ClientDates({ client }: { client: ClientDto }) {
  return (
    <Text fontSize="xs" color="fg.muted" mt="1">
      <Text as="span" display="block">
        Last updated {formatDate(client.portfolio.lastUpdate)}
      </Text>
      {client.nextWithdrawalDate && (
        <Text as="span" display="block">
          Next withdrawal {formatDate(client.nextWithdrawalDate)}
        </Text>
      )}
    </Text>
  );
}

const ClientTableRow = memo(function ClientTableRow({
  client,
  onAction,
}: {
  client: ClientDto;
  onAction: (action: RowAction, client: ClientDto) => void;
}) {
  const name = clientName(client);
  const { balance, weeklyGain, weeklyGainAmount } = client.portfolio;
  const act = (action: RowAction) => () => onAction(action, client);
  return (
    <Table.Row aria-label={client.email}>
      <Table.Cell minW={{ base: '0', md: '48' }} maxW="72">
        <ClientLine client={client} clientId={client.id} emailSize="xs" />
        <ClientDates client={client} />
        {client.closed && <ClosedNote closed={client.closed} />}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        <Text fontWeight="semibold" data-testid="balance">
          {usd(balance)}
        </Text>
        {/* A phone has no room for the week's column: its change goes under the balance. */}
        <Text hideFrom="md" fontSize="xs" color={gainColor(weeklyGainAmount)}>
          {signedUsd(weeklyGainAmount)}
          <br />
          {formatSignedPercent(weeklyGain)} this week
        </Text>
      </Table.Cell>
      <Table.Cell hideBelow="md" textAlign="end" whiteSpace="nowrap" color={gainColor(weeklyGainAmount)}>
        <Text>{signedUsd(weeklyGainAmount)}</Text>
        <Text fontSize="xs">{formatSignedPercent(weeklyGain)} this week</Text>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <RowMenu
          label="Actions"
          accessibleName={`Actions for ${name === client.email ? name : `${name} (${client.email})`}`}
          actions={rowActions(client, act)}
        />
      </Table.Cell>
    </Table.Row>
  );
});

export function ClientTable({
  clients,
  sort,
  onSort,
  busy,
  onAction,
  sortable = true,
}: {
  clients: ClientDto[];
  /** False for the closed accounts: listed newest closed first, in no other order. */
  sortable?: boolean;
  sort: Sort;
  onSort: (sort: Sort) => void;
  busy: boolean;
  /** Stable, so a row whose client is unchanged does not render again. */
  onAction: (action: RowAction, client: ClientDto) => void;
}) {
  const balanceDirection: Direction = sort === 'desc' ? 'descending' : sort === 'asc' ? 'ascending' : 'none';
  return (
    // Focusable and named so keyboard users reach a table wider than the screen; the client's lines
    // wrap, so a phone has room for the balance and the menu.
    <WrappingTableArea tabIndex={0} role="region" aria-label="Clients, scrollable">
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label="Clients" aria-busy={busy}>
        <Table.Header>
          <Table.Row>
            {sortable ? (
              <>
                <SortHeader
                  label="Client"
                  direction={sort === 'none' ? 'ascending' : 'none'}
                  onClick={() => onSort('none')}
                />
                <SortHeader
                  label="Balance"
                  direction={balanceDirection}
                  onClick={() => onSort(sort === 'desc' ? 'asc' : 'desc')}
                  textAlign="end"
                />
              </>
            ) : (
              <>
                <Table.ColumnHeader>Client</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
              </>
            )}
            <Table.ColumnHeader hideBelow="md" textAlign="end">
              This week
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {clients.map((c) => (
            <ClientTableRow key={c.id} client={c} onAction={onAction} />
          ))}
        </Table.Body>
      </Table.Root>
    </WrappingTableArea>
  );
}
