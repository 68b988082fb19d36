/** /admin: the client list with its summary, inline money editors and pending withdrawal requests (spec section 2). */
import { Badge } from '../../components/badge';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { Flex } from '@chakra-ui/react/flex';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClientDto } from '../../../../shared/api';
import { successToasts, toastMessages, validation } from '../../../../shared/messages';
import { withUpcomingEligibility } from '../../../../shared/eligibility';
import { dollarsToCents } from '../../../../shared/money';
import { keyOf } from '../../api/calls';
import { useApiMutation, useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed } from '../../components/load-states';
import { PageShell } from '../../components/page-shell';
import { StatCard } from '../../components/stat-card';
import { formatSignedPercent, formatUsd, gainColor } from '../../format';
import { ClientPager } from './ClientPager';
import { ExportBalancesButton } from './ExportBalancesButton';
import { type Sort, useClientPages } from './client-pages';
import { ClientRow } from './ClientRow';
import { PendingRequests } from './PendingRequests';

/**
 * A client as the server now has it after a money move: the new balance and, after a deposit,
 * the next withdrawal date that deposit may bring forward (without reloading every client).
 */
function afterMoneyMove(client: ClientDto, balance: number, depositAt: number | undefined): ClientDto {
  const moved = { ...client, portfolio: { ...client.portfolio, balance } };
  if (depositAt === undefined) return moved;
  const [next] = withUpcomingEligibility(client.nextWithdrawalDate ? [client.nextWithdrawalDate] : [], depositAt, Date.now());
  return { ...moved, nextWithdrawalDate: next };
}

/** The header's own buttons on this page. */
function HeaderActions() {
  const navigate = useNavigate();
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => navigate('/admin/withdrawal-alerts')}>
        Withdrawal Alerts
      </Button>
      <ExportBalancesButton />
    </>
  );
}

function DeleteDialog({ client, onClose, onDeleted }: { client: ClientDto | null; onClose: () => void; onDeleted: (id: string) => void }) {
  // The text stays while the dialog animates out.
  const last = useRef<ClientDto | null>(null);
  if (client) last.current = client;
  const shown = client ?? last.current;
  const deletion = useApiMutation(client && keyOf({ route: 'deleteClient', params: { id: client.id } }), (send, id: string) => send({ route: 'deleteClient', params: { id } }), {
    failure: toastMessages.deleteClientFailed,
    success: successToasts.clientDeleted,
    onSuccess: (_, id) => {
      onDeleted(id);
      onClose();
    },
  });
  const busy = deletion.busy;
  return (
    <Dialog.Root recipe={dialogSlotRecipe} role="alertdialog" open={client !== null} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete Client</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{shown ? validation.deleteConfirmation(shown.email) : ''}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => client && void deletion.run(client.id)} loading={busy}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A totals card while its figure loads (or could not be read): nothing shown that is not true. */
const TOTAL_PENDING = '—';

export default function AdminDashboard() {
  const list = useClientPages();
  const listTop = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<ClientDto | null>(null);

  // The totals cards come from the server's aggregate (never from adding up every client), read again after each change.
  const totals = useRoute({ route: 'getClientTotals' });
  const refreshTotals = totals.mutate;
  const { updateClient, removeClient } = list;
  // Stable, so the memoized rows skip rendering when only the search or the page changes.
  const setBalance = useCallback(
    (id: string, balance: number, depositAt?: number) => {
      updateClient(id, (c) => afterMoneyMove(c, balance, depositAt));
      void refreshTotals();
    },
    [updateClient, refreshTotals],
  );
  const onDeleted = useCallback(
    (id: string) => {
      removeClient(id);
      void refreshTotals();
    },
    [removeClient, refreshTotals],
  );
  const figures = totals.data;
  const averageGain = figures?.averageWeeklyGain ?? 0;

  const sortBy = (next: Sort) => list.setSort(next);
  const turn = (go: () => void) => {
    go();
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };
  const clients = list.clients ?? [];
  // The rows shown answer the applied search (typing settles first).
  const searching = list.applied !== '';

  return (
    <PageShell
      eyebrow="Client Management"
      title="Admin Dashboard"
      badge={
        <Badge colorPalette="yellow" variant="solid">
          Administrator
        </Badge>
      }
      actions={<HeaderActions />}
      signOutLabel="Logout"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatCard label="Total Clients" value={figures ? figures.totalClients : TOTAL_PENDING} hint="Active portfolios" />
        <StatCard label="Total Portfolio Value" value={figures ? formatUsd(dollarsToCents(figures.totalPortfolioValue)) : TOTAL_PENDING} hint="Assets under management" />
        <StatCard
          label="Average Weekly Gain"
          value={figures ? formatSignedPercent(averageGain) : TOTAL_PENDING}
          valueColor={figures ? gainColor(averageGain) : undefined}
          hint="Portfolio performance"
        />
      </SimpleGrid>

      <PendingRequests onBalance={setBalance} />

      <Stack as="section" gap="4" aria-labelledby="client-portfolios-title">
        <Heading as="h2" size="lg" id="client-portfolios-title" ref={listTop}>
          Client Portfolios
        </Heading>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
          <Input
            // Grows along the row on wide screens; in the phone's column a flex basis of 0 would flatten it.
            flex={{ md: '1' }}
            type="search"
            placeholder="Search clients by email..."
            aria-label="Search clients by email..."
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
          />
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant={list.sort === 'desc' ? 'solid' : 'outline'} aria-pressed={list.sort === 'desc'} onClick={() => sortBy('desc')}>
              Highest First
            </Button>
            <Button size="sm" variant={list.sort === 'asc' ? 'solid' : 'outline'} aria-pressed={list.sort === 'asc'} onClick={() => sortBy('asc')}>
              Lowest First
            </Button>
            {list.sort !== 'none' && (
              <Button size="sm" variant="ghost" onClick={() => sortBy('none')}>
                Reset
              </Button>
            )}
          </HStack>
        </Flex>
        <ListState loading={list.refreshing} searching={searching} />
        {list.error && !list.refreshing ? (
          <LoadFailed message={toastMessages.loadClientsFailed} onRetry={list.retry} />
        ) : list.clients === undefined ? null : clients.length === 0 && list.page === 0 && !list.hasNext ? (
          <EmptyState title={searching ? 'No clients found matching your search.' : 'No clients available.'} />
        ) : (
          <>
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Clients" aria-busy={list.refreshing}>
              {clients.map((c) => (
                <ClientRow key={c.id} client={c} onBalance={setBalance} onDelete={setDeleting} />
              ))}
            </Stack>
            <ClientPager
              page={list.page}
              shown={clients.length}
              hasNext={list.hasNext}
              total={searching ? undefined : figures?.totalClients}
              onPrevious={() => turn(list.previous)}
              onNext={() => turn(list.next)}
            />
          </>
        )}
      </Stack>
      <DeleteDialog client={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </PageShell>
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

