/**
 * Entries of the activity log, newest first: when and by whom, what, on whom, the amount with what
 * it did to the balance, and the reason or note. Five columns whose long words (e-mails, notes)
 * wrap, so the table fits a laptop's width without scrolling; on a phone each entry is a card of
 * stacked lines instead. The client's e-mail opens their page.
 */
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { activityKindLabels } from '../../../../shared/activity-kinds';
import type { ActivityEntryDto } from '../../api/admin-types';
import { usePhoneLayout } from '../../components/use-phone-layout';
import { formatDateTime, usd } from '../../format';
import { ClientLink } from './common';
import { actionWords } from './money-move';
import { WrappingTableArea } from './wrapping-table';

/** "$1,000.00 → $1,100.00", or the one side known, or nothing. */
function balanceChange(entry: ActivityEntryDto): string | undefined {
  const { balanceBefore: before, balanceAfter: after } = entry;
  if (before === undefined && after === undefined) return undefined;
  return `${before === undefined ? '—' : usd(before)} → ${after === undefined ? '—' : usd(after)}`;
}

const wordsOf = (entry: ActivityEntryDto) =>
  [entry.period && `Period ${entry.period}`, entry.reason, entry.note].filter(Boolean).join(' · ');

function Kind({ entry }: { entry: ActivityEntryDto }) {
  return (
    <>
      <Text fontWeight="medium">{activityKindLabels[entry.kind]}</Text>
      {entry.actionKind && (
        <Text fontSize="xs" color="fg.muted">
          {actionWords[entry.actionKind].label}
        </Text>
      )}
    </>
  );
}

function Row({ entry }: { entry: ActivityEntryDto }) {
  const change = balanceChange(entry);
  return (
    <Table.Row>
      <Table.Cell>
        <Text whiteSpace="nowrap">{formatDateTime(entry.at)}</Text>
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {entry.actor}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Kind entry={entry} />
      </Table.Cell>
      {/* Room for a usual e-mail on a laptop; a longer one breaks anywhere rather than widen the table. */}
      <Table.Cell overflowWrap="anywhere" minW={{ lg: '44' }}>
        {entry.clientEmail ? <ClientLink id={entry.clientId}>{entry.clientEmail}</ClientLink> : '—'}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Text whiteSpace="nowrap">{entry.amount === undefined ? '—' : usd(entry.amount)}</Text>
        {change && (
          <Text fontSize="xs" color="fg.muted" whiteSpace={{ lg: 'nowrap' }}>
            {change}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell overflowWrap="anywhere" minW="40">
        {wordsOf(entry) || '—'}
      </Table.Cell>
    </Table.Row>
  );
}

/** One entry on a phone: what and how much, then when and by whom, on whom, the balance, the words. */
function Card({ entry }: { entry: ActivityEntryDto }) {
  const change = balanceChange(entry);
  const words = wordsOf(entry);
  return (
    <Stack as="li" gap="1" borderWidth="1px" rounded="md" p="3" bg="bg.panel" fontSize="sm">
      <Flex justify="space-between" gap="3" align="flex-start">
        <Box minW="0">
          <Kind entry={entry} />
        </Box>
        {entry.amount !== undefined && (
          <Text fontWeight="semibold" whiteSpace="nowrap">
            {usd(entry.amount)}
          </Text>
        )}
      </Flex>
      <Text color="fg.muted" overflowWrap="anywhere">
        {formatDateTime(entry.at)} · by {entry.actor}
      </Text>
      {entry.clientEmail && (
        <Text wordBreak="break-all">
          Client: <ClientLink id={entry.clientId}>{entry.clientEmail}</ClientLink>
        </Text>
      )}
      {change && <Text>Balance: {change}</Text>}
      {words && <Text overflowWrap="anywhere">{words}</Text>}
    </Stack>
  );
}

export function ActivityTable({ entries, busy }: { entries: ActivityEntryDto[]; busy: boolean }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Activity" aria-busy={busy}>
        {entries.map((e) => (
          <Card key={e.id} entry={e} />
        ))}
      </Stack>
    );
  }
  return (
    <WrappingTableArea data-testid="activity-scroll">
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label="Activity" aria-busy={busy}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When and by whom</Table.ColumnHeader>
            <Table.ColumnHeader>Kind</Table.ColumnHeader>
            <Table.ColumnHeader>Client</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount and balance</Table.ColumnHeader>
            <Table.ColumnHeader>Reason or note</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((e) => (
            <Row key={e.id} entry={e} />
          ))}
        </Table.Body>
      </Table.Root>
    </WrappingTableArea>
  );
}
