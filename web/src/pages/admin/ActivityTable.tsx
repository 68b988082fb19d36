/** Entries of the activity log, newest first: when, who, what, on whom, and what it did to the balance. */
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { activityKindLabels } from '../../../../shared/activity-kinds';
import type { ActivityEntryDto } from '../../api/admin-types';
import { formatDateTime, usd } from '../../format';
import { actionWords } from './money-move';

/** "$1,000.00 → $1,100.00", or the one side known, or nothing. */
function balanceChange(entry: ActivityEntryDto): string {
  const { balanceBefore: before, balanceAfter: after } = entry;
  if (before === undefined && after === undefined) return '—';
  return `${before === undefined ? '—' : usd(before)} → ${after === undefined ? '—' : usd(after)}`;
}

function Row({ entry }: { entry: ActivityEntryDto }) {
  const words = [entry.reason, entry.note].filter(Boolean);
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.at)}</Table.Cell>
      <Table.Cell wordBreak="break-all" minW="40">
        {entry.actor}
      </Table.Cell>
      <Table.Cell>
        <Text>{activityKindLabels[entry.kind]}</Text>
        {entry.actionKind && (
          <Text fontSize="xs" color="fg.muted">
            {actionWords[entry.actionKind].label}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell wordBreak="break-all" minW="40">
        {entry.clientEmail ?? '—'}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {entry.amount === undefined ? '—' : usd(entry.amount)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{balanceChange(entry)}</Table.Cell>
      <Table.Cell minW="48">{words.length ? words.join(' · ') : '—'}</Table.Cell>
    </Table.Row>
  );
}

export function ActivityTable({ entries, busy }: { entries: ActivityEntryDto[]; busy: boolean }) {
  return (
    // Scrolls itself (the slot recipe styles only what is inside Table.Root) and contains its
    // visually hidden labels (position: relative, or they widen the page); focusable and named
    // so keyboard users reach a table wider than the screen.
    <Table.ScrollArea overflowX="auto" maxW="full" position="relative" borderWidth="1px" rounded="md" bg="bg.panel" tabIndex={0} role="region" aria-label="Activity entries, scrollable">
      <Table.Root recipe={tableSlotRecipe} size="sm" aria-label="Activity" aria-busy={busy}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>Administrator</Table.ColumnHeader>
            <Table.ColumnHeader>Kind</Table.ColumnHeader>
            <Table.ColumnHeader>Client</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Balance</Table.ColumnHeader>
            <Table.ColumnHeader>Reason or note</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((e) => (
            <Row key={e.id} entry={e} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
