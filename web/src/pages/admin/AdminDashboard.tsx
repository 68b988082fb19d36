/** /admin: the totals, the withdrawal requests waiting for a decision, and the client table with its row actions. */
import { Button } from '@chakra-ui/react/button';
import { Group } from '@chakra-ui/react/group';
import { Flex } from '@chakra-ui/react/flex';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useCallback, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { ClientDto } from '../../../../shared/api';
import { toastMessages, toastTitles } from '../../../../shared/messages';
import { withUpcomingEligibility } from '../../../../shared/eligibility';
import { dollarsToCents } from '../../../../shared/money';
import { keyOf } from '../../api/calls';
import { useRoute } from '../../api/hooks';
import { EmptyState } from '../../components/load-states';
import { StatCard } from '../../components/stat-card';
import { formatSignedPercent, formatUsd, gainColor } from '../../format';
import { AdminPage } from './AdminPage';
import { ClientDialog, type OpenDialog } from './ClientDialogs';
import { ClientPager } from './ClientPager';
import { ClientTable, type RowAction } from './ClientTable';
import { ExportBalancesButton } from './ExportBalancesButton';
import { FormAlert } from './FormAlert';
import { type AccountStatus, type Sort, useClientPages } from './client-pages';
import { PendingRequests } from './PendingRequests';

/**
 * A client as the server now has it after a money move: the new balance and, after a deposit,
 * the next withdrawal date that deposit may bring forward (without reloading every client).
 */
function afterMoneyMove(client: ClientDto, balance: number, depositAt: number | undefined): ClientDto {
  const moved = { ...client, portfolio: { ...client.portfolio, balance } };
  if (depositAt === undefined) return moved;
  const [next] = withUpcomingEligibility(
    client.nextWithdrawalDate ? [client.nextWithdrawalDate] : [],
    depositAt,
    Date.now(),
  );
  return { ...moved, nextWithdrawalDate: next };
}

/** A totals card while its figure loads (or could not be read): nothing shown that is not true. */
const TOTAL_PENDING = '—';

function Totals() {
  const { data } = useRoute({ route: 'getClientTotals' });
  const averageGain = data?.averageWeeklyGain ?? 0;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <StatCard
        label="Total Clients"
        value={data ? data.totalClients : TOTAL_PENDING}
        hint="Active portfolios (administrators not counted)"
      />
      <StatCard
        label="Total Portfolio Value"
        value={data ? formatUsd(dollarsToCents(data.totalPortfolioValue)) : TOTAL_PENDING}
        hint="Assets under management"
      />
      <StatCard
        label="Average Weekly Gain"
        value={data ? formatSignedPercent(averageGain) : TOTAL_PENDING}
        valueColor={data ? gainColor(averageGain) : undefined}
        hint="Portfolio performance"
      />
    </SimpleGrid>
  );
}

/** The page's dialog and what it changes: one at a time, opened from a row's menu. */
function useClientDialogs(list: ReturnType<typeof useClientPages>) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const opened = useRef(0);
  const refreshTotals = useCallback(() => void mutate(keyOf({ route: 'getClientTotals' })), [mutate]);
  const { updateClient, removeClient } = list;
  const onAction = useCallback(
    (action: RowAction, client: ClientDto) => {
      if (action === 'activity') {
        navigate(`/admin/activity?client=${encodeURIComponent(client.id)}`);
        return;
      }
      setDialog({ action, client, open: true, key: ++opened.current });
    },
    [navigate],
  );
  const onMoved = useCallback(
    (id: string, balance: number, depositAt?: number) => {
      updateClient(id, (c) => afterMoneyMove(c, balance, depositAt));
      refreshTotals();
    },
    [updateClient, refreshTotals],
  );
  const onDeleted = useCallback(
    (id: string) => {
      removeClient(id);
      refreshTotals();
    },
    [removeClient, refreshTotals],
  );
  const onProposed = useCallback(() => void mutate(keyOf({ route: 'listPendingActions' })), [mutate]);
  const onClose = useCallback(() => setDialog((d) => d && { ...d, open: false }), []);
  return { dialog, onAction, onMoved, onDeleted, onProposed, onClose };
}

export default function AdminDashboard() {
  const [params] = useSearchParams();
  const list = useClientPages(params.get('search') ?? '');
  const listTop = useRef<HTMLHeadingElement>(null);
  const dialogs = useClientDialogs(list);
  const totals = useRoute({ route: 'getClientTotals' });

  const turn = (go: () => void) => {
    go();
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };
  const clients = list.clients ?? [];
  // The rows shown answer the applied search (typing settles first).
  const searching = list.applied !== '';
  const closed = list.status === 'closed';

  return (
    <AdminPage eyebrow="Client Management" title="Admin Dashboard" actions={<ExportBalancesButton />}>
      <Totals />
      <PendingRequests onBalance={dialogs.onMoved} onProposed={dialogs.onProposed} />

      <Stack as="section" gap="4" aria-labelledby="client-portfolios-title">
        <Heading as="h2" size="lg" id="client-portfolios-title" ref={listTop}>
          Client Portfolios
        </Heading>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} wrap="wrap">
          <Input
            flex={{ md: '1 1 16rem' }}
            type="search"
            placeholder="Search clients by email..."
            aria-label="Search clients by email..."
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
          />
          {!closed && <BalanceSort sort={list.sort} onChange={list.setSort} />}
          <StatusFilter status={list.status} onChange={list.setStatus} />
        </Flex>
        <ListState loading={list.refreshing} searching={searching} />
        {list.error && !list.refreshing ? (
          <ListFailed onRetry={list.retry} />
        ) : list.clients === undefined ? null : clients.length === 0 && list.page === 0 && !list.hasNext ? (
          <EmptyState
            title={
              searching
                ? 'No clients found matching your search.'
                : closed
                  ? 'No closed accounts.'
                  : 'No clients available.'
            }
          />
        ) : (
          <>
            <ClientTable
              clients={clients}
              sortable={!closed}
              sort={list.sort}
              onSort={list.setSort}
              busy={list.refreshing}
              onAction={dialogs.onAction}
            />
            <ClientPager
              page={list.page}
              shown={clients.length}
              hasNext={list.hasNext}
              total={searching || closed ? undefined : totals.data?.totalClients}
              onPrevious={() => turn(list.previous)}
              onNext={() => turn(list.next)}
            />
          </>
        )}
      </Stack>
      {dialogs.dialog && (
        <ClientDialog
          key={dialogs.dialog.key}
          dialog={dialogs.dialog}
          onClose={dialogs.onClose}
          onMoved={dialogs.onMoved}
          onProposed={dialogs.onProposed}
          onDeleted={dialogs.onDeleted}
        />
      )}
    </AdminPage>
  );
}

/**
 * The list's order by balance: highest or lowest first, or back to the default (by e-mail). The
 * same order as the table's column headers set: one sort, shown in both places.
 */
function BalanceSort({ sort, onChange }: { sort: Sort; onChange: (sort: Sort) => void }) {
  const option = (value: Sort, label: string) => (
    <Button
      size="sm"
      variant={sort === value ? 'solid' : 'outline'}
      aria-pressed={sort === value}
      onClick={() => onChange(value)}
    >
      {label}
    </Button>
  );
  return (
    <HStack gap="2" role="group" aria-label="Sort by balance" wrap="wrap">
      {option('desc', 'Highest First')}
      {option('asc', 'Lowest First')}
      {sort !== 'none' && (
        <Button size="sm" variant="ghost" onClick={() => onChange('none')}>
          Reset
        </Button>
      )}
    </HStack>
  );
}

/** Open accounts, or the closed ones (read-only, newest closed first). */
function StatusFilter({ status, onChange }: { status: AccountStatus; onChange: (status: AccountStatus) => void }) {
  const option = (value: AccountStatus, label: string) => (
    <Button
      size="sm"
      variant={status === value ? 'solid' : 'outline'}
      aria-pressed={status === value}
      onClick={() => onChange(value)}
    >
      {label}
    </Button>
  );
  return (
    <Group attached role="group" aria-label="Accounts">
      {option('open', 'Open')}
      {option('closed', 'Closed')}
    </Group>
  );
}

/** A page of the list that could not be read: titled "Error" as the console's failures are, with a way to try again. */
function ListFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack gap="2" align="flex-start">
      <FormAlert title={toastTitles.error} message={toastMessages.loadClientsFailed} />
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Stack>
  );
}

/** Said while a page is read (the rows of the last one stay until it comes): a search may read a while. */
function ListState({ loading, searching }: { loading: boolean; searching: boolean }) {
  return (
    <Text color="fg.muted" fontSize="sm" aria-live="polite" minH="5">
      {loading ? (searching ? 'Searching clients...' : 'Loading clients...') : ''}
    </Text>
  );
}
