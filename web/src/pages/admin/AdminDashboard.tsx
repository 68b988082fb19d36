/** /admin: the client list with its summary, inline money editors and pending withdrawal requests (spec section 2). */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Flex } from '@chakra-ui/react/flex';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClientDto } from '../../../../shared/api';
import { errors, successToasts, toastMessages, toastTitles, validation } from '../../../../shared/messages';
import { withUpcomingEligibility } from '../../../../shared/eligibility';
import { formatSignedPercent, formatUsd } from '../../../../shared/money';
import { paths, useApi, useClients } from '../../api/hooks';
import { useAuth } from '../../auth/session';
import { ColorModeSelect } from '../../components/color-mode-menu';
import { useCsvDownload } from '../../components/statement-download';
import { Logo } from '../../components/logo';
import { notify } from '../../components/toaster';
import { ClientPager, pageOf } from './ClientPager';
import { ClientRow } from './ClientRow';
import { cents, notifyError, StatCard } from './common';
import { PendingRequests } from './PendingRequests';

type Sort = 'none' | 'desc' | 'asc';

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

function Header() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Flex as="header" gap="3" wrap="wrap" align="center" justify="space-between" px={{ base: '4', md: '8' }} py="4" borderBottomWidth="1px">
      <HStack gap="3">
        <Logo />
        <Badge colorPalette="yellow" variant="solid">
          Administrator
        </Badge>
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => navigate('/admin/withdrawal-alerts')}>
          Withdrawal Alerts
        </Button>
        <ExportBalancesButton />
        <ColorModeSelect />
        <Button
          size="sm"
          variant="ghost"
          onClick={async () => {
            try {
              await signOut();
              navigate('/');
            } catch {
              notify('error', toastTitles.signOutFailed, errors.generic);
            }
          }}
        >
          Logout
        </Button>
      </HStack>
    </Flex>
  );
}

function DeleteDialog({ client, onClose, onDeleted }: { client: ClientDto | null; onClose: () => void; onDeleted: (id: string) => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  // The text stays while the dialog animates out.
  const last = useRef<ClientDto | null>(null);
  if (client) last.current = client;
  const shown = client ?? last.current;
  const remove = async () => {
    if (!client) return;
    setBusy(true);
    try {
      await api(paths.client(client.id), { method: 'DELETE' });
      onDeleted(client.id);
      onClose();
      notify('success', successToasts.clientDeleted);
    } catch (error) {
      notifyError(error, toastMessages.deleteClientFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root role="alertdialog" open={client !== null} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center" lazyMount unmountOnExit>
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
              <Button colorPalette="red" onClick={() => void remove()} loading={busy}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default function AdminDashboard() {
  const { data, mutate } = useClients(true);
  const clients = useMemo(() => data ?? [], [data]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('none');
  const [page, setPage] = useState(0);
  const listTop = useRef<HTMLHeadingElement>(null);
  // Typing stays responsive while a long list is filtered behind it.
  const query = useDeferredValue(search);
  const [deleting, setDeleting] = useState<ClientDto | null>(null);

  // Stable, so the memoized rows skip rendering when only the search or the page changes.
  const setBalance = useCallback(
    (id: string, balance: number, depositAt?: number) =>
      void mutate((list) => list?.map((c) => (c.id === id ? afterMoneyMove(c, balance, depositAt) : c)), { revalidate: false }),
    [mutate],
  );
  const removeClient = useCallback((id: string) => void mutate((list) => list?.filter((c) => c.id !== id), { revalidate: false }), [mutate]);

  const totalCents = clients.reduce((sum, c) => sum + cents(c.portfolio.balance), 0);
  const averageGain = clients.length ? clients.reduce((sum, c) => sum + c.portfolio.weeklyGain, 0) / clients.length : 0;

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const found = needle ? clients.filter((c) => c.email.toLowerCase().includes(needle)) : clients;
    if (sort === 'none') return found;
    const sign = sort === 'desc' ? -1 : 1;
    return [...found].sort((a, b) => sign * (a.portfolio.balance - b.portfolio.balance));
  }, [clients, query, sort]);
  const searchFor = (text: string) => {
    setSearch(text);
    setPage(0);
  };
  const sortBy = (next: Sort) => {
    setSort(next);
    setPage(0);
  };
  const turnTo = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <Box minH="100vh" bg="bg.subtle">
      <Header />
      <Stack as="main" gap="8" maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py="6">
        <Stack gap="1">
          <Text color="fg.muted">Client Management</Text>
          <Heading as="h1" size="2xl">
            Admin Dashboard
          </Heading>
        </Stack>

        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <StatCard label="Total Clients" value={clients.length} hint="Active portfolios" />
          <StatCard label="Total Portfolio Value" value={formatUsd(totalCents)} hint="Assets under management" />
          <StatCard
            label="Average Weekly Gain"
            value={formatSignedPercent(averageGain)}
            valueColor={averageGain >= 0 ? 'green.fg' : 'red.fg'}
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
              flex="1"
              type="search"
              placeholder="Search clients by email..."
              aria-label="Search clients by email..."
              value={search}
              onChange={(e) => searchFor(e.currentTarget.value)}
            />
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant={sort === 'desc' ? 'solid' : 'outline'} aria-pressed={sort === 'desc'} onClick={() => sortBy('desc')}>
                Highest First
              </Button>
              <Button size="sm" variant={sort === 'asc' ? 'solid' : 'outline'} aria-pressed={sort === 'asc'} onClick={() => sortBy('asc')}>
                Lowest First
              </Button>
              {sort !== 'none' && (
                <Button size="sm" variant="ghost" onClick={() => sortBy('none')}>
                  Reset
                </Button>
              )}
            </HStack>
          </Flex>
          {shown.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="6">
              {search.trim() ? 'No clients found matching your search.' : 'No clients available.'}
            </Text>
          ) : (
            <>
              <Stack as="ul" gap="3" listStyleType="none" aria-label="Clients">
                {pageOf(shown, page).map((c) => (
                  <ClientRow key={c.id} client={c} onBalance={setBalance} onDelete={setDeleting} />
                ))}
              </Stack>
              <ClientPager page={page} total={shown.length} onPage={turnTo} />
            </>
          )}
        </Stack>
      </Stack>
      <DeleteDialog client={deleting} onClose={() => setDeleting(null)} onDeleted={removeClient} />
    </Box>
  );
}

/** Every client's balance as one CSV: the whole book. */
function ExportBalancesButton() {
  const { busy, download } = useCsvDownload('Failed to export balances');
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void download(paths.balancesStatement, `aurum-balances-${new Date().toISOString().slice(0, 10)}.csv`)}>
      Export Balances (CSV)
    </Button>
  );
}
