/**
 * The history card's body, lazily loaded with the chart's chunk (history-views.tsx re-exports
 * it) and drawn like the chart with Box, Text and style props, so that it reaches no module of
 * the first screen the chart does not: a type filter, then the lines by month
 * (history-months.ts), newest first, each month with its net change and its weekly growth on
 * one line that opens to its weeks; a few months at first and more on demand. The whole history
 * is one answer of the API, so the paging is over what is already here: it keeps the page
 * short, not the download.
 */
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useMemo, useState } from 'react';
import type { HistoryPointDto, TransactionDto } from '../../../../shared/api';
import { formatUsd } from '../../../../shared/money';
import { Badge } from '../../components/badge';
import { formatDate, formatDateTime, gainColor, pluralize } from '../../format';
import {
  type GrowthFold,
  HISTORY_FILTERS,
  type HistoryFilter,
  type HistoryMonth,
  historyMonths,
  MONTHS_PER_PAGE,
} from './history-months';
import {
  HISTORY_FILTER_EMPTY,
  HISTORY_FILTER_EMPTY_HINT,
  HISTORY_FILTER_LABELS,
  HISTORY_KIND_LABELS,
  signedMovement,
} from './history-words';
import { type LedgerLine, ledgerLines } from './ledger-lines';
import { outlinedSmallButton, smallButtonText } from './small-buttons';

const PALETTES: Record<LedgerLine['kind'], string> = {
  deposit: 'green',
  withdrawal: 'red',
  adjustment: 'gray',
  growth: 'yellow',
};

const MONTH_NAME = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "May 2026". */
export const monthName = (month: Pick<HistoryMonth, 'year' | 'month'>): string =>
  MONTH_NAME.format(Date.UTC(month.year, month.month, 1));

const row = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  columnGap: '3',
} as const;

/** Chakra's segmented look drawn with style props (no recipe joins the chunk): the chosen one raised; a finger's height on a phone. */
function TypeFilter({ value, onChange }: { value: HistoryFilter; onChange: (f: HistoryFilter) => void }) {
  return (
    <Box
      role="group"
      aria-label="Transaction type"
      display="flex"
      w={{ base: 'full', md: 'auto' }}
      alignSelf={{ md: 'start' }}
      p="1"
      gap="1"
      bg="bg.muted"
      borderRadius="l3"
    >
      {HISTORY_FILTERS.map((f) => (
        <chakra.button
          key={f}
          type="button"
          aria-pressed={f === value}
          onClick={() => onChange(f)}
          {...smallButtonText}
          flex="1 1 auto"
          h={{ base: '10', md: '8' }}
          px={{ base: '2', md: '3' }}
          whiteSpace="nowrap"
          {...(f === value
            ? { bg: { base: 'bg', _dark: 'bg.emphasized' }, color: 'fg', shadow: 'xs' }
            : { color: 'fg.muted', _hover: { color: 'fg' } })}
        >
          {HISTORY_FILTER_LABELS[f]}
        </chakra.button>
      ))}
    </Box>
  );
}

/** A deposit, withdrawal or adjustment: its badge and amount; when, and that it was added or processed (never by whom); the balance after it; its note. */
function EntryLine({ line }: { line: LedgerLine }) {
  const incoming = line.amountCents >= 0;
  return (
    <Box as="li" py="2.5" borderTopWidth="1px" data-kind={line.kind}>
      <Box {...row}>
        <Badge colorPalette={PALETTES[line.kind]}>{HISTORY_KIND_LABELS[line.kind]}</Badge>
        <Text fontWeight="semibold" color={incoming ? 'green.fg' : 'red.fg'} data-testid="line-amount">
          {signedMovement(line.amountCents)}
        </Text>
      </Box>
      <Box {...row} fontSize="sm" color="fg.muted">
        <Text>{`${formatDateTime(line.t)} · ${incoming ? 'Added' : 'Processed'}`}</Text>
        <Text data-testid="line-balance">Balance {formatUsd(line.balanceCents)}</Text>
      </Box>
      {line.note && <Text fontSize="sm">{line.note}</Text>}
    </Box>
  );
}

/**
 * One weekly credit inside its month's fold: the day of the update (a UTC day), the amount, the
 * balance after it; on a phone the balance goes under the amount rather than wrap anywhere.
 */
function WeekLine({ line }: { line: LedgerLine }) {
  return (
    <Box
      as="li"
      display="grid"
      gridTemplateColumns={{ base: '1fr auto', md: '1fr auto auto' }}
      columnGap="3"
      py="1.5"
      fontSize="sm"
      data-kind="growth"
    >
      <Text color="fg.muted">{formatDate(line.t, 'UTC')}</Text>
      <Text fontWeight="medium" color="green.fg" textAlign="end" data-testid="line-amount">
        {signedMovement(line.amountCents)}
      </Text>
      <Text color="fg.muted" gridColumn={{ base: '2', md: 'auto' }} textAlign="end" data-testid="line-balance">
        Balance {formatUsd(line.balanceCents)}
      </Text>
    </Box>
  );
}

const Chevron = ({ open }: { open: boolean }) => (
  <chakra.svg
    viewBox="0 0 16 16"
    boxSize="4"
    flexShrink="0"
    aria-hidden="true"
    transform={open ? 'rotate(90deg)' : undefined}
    transition="transform 0.15s"
    _motionReduce={{ transition: 'none' }}
  >
    <path
      d="M6 3l5 5-5 5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </chakra.svg>
);

/** "Weekly growth, 4 credits +$1,234.56": a disclosure button over the month's weeks. */
function GrowthFoldLine({ fold, label }: { fold: GrowthFold; label: string }) {
  const [open, setOpen] = useState(false);
  const weeksId = `history-${fold.key}`;
  return (
    <Box as="li" borderTopWidth="1px" data-fold="growth">
      <chakra.button
        type="button"
        aria-expanded={open}
        aria-controls={weeksId}
        onClick={() => setOpen((o) => !o)}
        {...row}
        alignItems="center"
        w="full"
        minH="11"
        py="1.5"
        textAlign="start"
        cursor="button"
        focusVisibleRing="inside"
        _hover={{ bg: 'bg.subtle' }}
      >
        {/* Named by the sentence below, not by an aria-label over different visible text (WCAG's label in name). */}
        <Box display="flex" alignItems="center" gap="2" aria-hidden="true">
          <Chevron open={open} />
          <Badge colorPalette={PALETTES.growth}>{HISTORY_KIND_LABELS.growth}</Badge>
          <Text fontSize="sm" color="fg.muted">
            {pluralize(fold.weeks.length, 'credit')}
          </Text>
        </Box>
        <Text fontWeight="semibold" color={gainColor(fold.totalCents)} data-testid="fold-amount" aria-hidden="true">
          {signedMovement(fold.totalCents)}
        </Text>
        <chakra.span
          srOnly
        >{`${HISTORY_KIND_LABELS.growth}, ${pluralize(fold.weeks.length, 'credit')}, ${signedMovement(fold.totalCents)}`}</chakra.span>
      </chakra.button>
      <Box
        as="ul"
        id={weeksId}
        hidden={!open}
        aria-label={`Weekly growth, ${label}`}
        listStyleType="none"
        ps="6"
        pb="1"
      >
        {fold.weeks.map((w) => (
          <WeekLine key={w.key} line={w} />
        ))}
      </Box>
    </Box>
  );
}

function Month({ month, filter }: { month: HistoryMonth; filter: HistoryFilter }) {
  const label = monthName(month);
  const headingId = `history-month-${month.key}`;
  return (
    <Box as="section" aria-labelledby={headingId} data-month={month.key}>
      <Box
        display="flex"
        flexDirection={{ base: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ sm: 'baseline' }}
        columnGap="3"
        pb="1.5"
      >
        <chakra.h3 id={headingId} tabIndex={-1} fontWeight="semibold" outline="none">
          {label}
        </chakra.h3>
        <Text fontSize="sm" color="fg.muted" data-testid="month-net">
          {filter === 'all' ? 'Net change' : 'Total'}{' '}
          <chakra.span fontWeight="semibold" color={gainColor(month.netCents)}>
            {signedMovement(month.netCents)}
          </chakra.span>
        </Text>
      </Box>
      <Box as="ul" listStyleType="none" aria-label={`${label} transactions`}>
        {month.items.map((item) =>
          item.type === 'entry' ? (
            <EntryLine key={item.key} line={item.line} />
          ) : (
            <GrowthFoldLine key={item.key} fold={item} label={label} />
          ),
        )}
      </Box>
    </Box>
  );
}

/**
 * A filter with nothing under it, as the card's empty state looks (load-states.tsx; drawn here
 * with Box and Text so that the chunk reaches none of the first screen's modules).
 */
function NothingUnder({ filter }: { filter: HistoryFilter }) {
  const [title, hint] =
    filter === 'all'
      ? ['No transactions found', 'Deposits and withdrawals will appear here']
      : [HISTORY_FILTER_EMPTY[filter], HISTORY_FILTER_EMPTY_HINT];
  return (
    <Box py="4" textAlign="center" display="flex" flexDirection="column" gap="1">
      <Text fontWeight="semibold">{title}</Text>
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    </Box>
  );
}

/** The history card's lines, from the history's points and the transactions' notes. */
export function HistoryList({ points, transactions }: { points: HistoryPointDto[]; transactions: TransactionDto[] }) {
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [shown, setShown] = useState(MONTHS_PER_PAGE);
  const [focusMonth, setFocusMonth] = useState<string | null>(null);
  const lines = useMemo(() => ledgerLines(points, transactions), [points, transactions]);
  const months = useMemo(() => historyMonths(lines, filter), [lines, filter]);
  // The button that brought older months may be gone: the reader goes on from the first of them.
  useEffect(() => {
    if (focusMonth) document.getElementById(`history-month-${focusMonth}`)?.focus();
  }, [focusMonth]);
  const choose = (f: HistoryFilter) => {
    setFilter(f);
    setShown(MONTHS_PER_PAGE);
  };
  const showOlder = () => {
    setFocusMonth(months[shown]?.key ?? null);
    setShown((n) => n + MONTHS_PER_PAGE);
  };
  return (
    <Box display="flex" flexDirection="column" gap="4">
      <TypeFilter value={filter} onChange={choose} />
      {months.length === 0 && <NothingUnder filter={filter} />}
      {months.slice(0, shown).map((m) => (
        <Month key={m.key} month={m} filter={filter} />
      ))}
      {months.length > shown && (
        <Box display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="2">
          <Text fontSize="sm" color="fg.muted">
            {`Showing ${shown} of ${pluralize(months.length, 'month')}`}
          </Text>
          <chakra.button type="button" onClick={showOlder} {...outlinedSmallButton} px="4" _hover={{ bg: 'bg.subtle' }}>
            Show older months
          </chakra.button>
        </Box>
      )}
    </Box>
  );
}
