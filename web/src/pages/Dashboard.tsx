/**
 * `/dashboard`: 'Portfolio Dashboard'. The client's balance, performance, profit withdrawals,
 * withdrawal requests and transaction history. No fallback portfolio (design.md section 8).
 */
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { PortfolioDto } from '../../../shared/api';
import { successToasts, toastMessages, toastTitles } from '../../../shared/messages';
import { keyOf, type RouteCall } from '../api/calls';
import { useApiMutation, useRoute } from '../api/hooks';
import { type User, useAuth } from '../auth/session';
import { PageShell } from '../components/page-shell';
import { PageSpinner } from '../components/page-spinner';
import { StatCard, StatLine } from '../components/stat-card';
import { UserAvatar } from '../components/user-avatar';
import { formatDate, formatSignedPercent, gainColor, signedUsd, usd } from '../format';
import { GrowthCard } from './dashboard/GrowthCard';
import { HistoryCard } from './dashboard/HistoryCard';
import { RequestsCard } from './dashboard/RequestsCard';
import { WithdrawalCard } from './dashboard/WithdrawalCard';

function RefreshIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12a9 9 0 1 1-3-6.7" strokeLinecap="round" />
      <path d="M21 3v6h-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The header's own part on this page: who is signed in, the Admin link for admins, Refresh. */
function HeaderActions({ user, refreshing, onRefresh }: { user: User; refreshing: boolean; onRefresh: () => void }) {
  const name = user.displayName || user.email;
  const initial = (user.firstName || user.email).charAt(0).toUpperCase();
  return (
    <>
      <HStack gap="2" minW="0">
        <UserAvatar initial={initial} photoUrl={user.photoURL ?? undefined} />
        <Box minW="0" display={{ base: 'none', sm: 'block' }}>
          <Text fontWeight="semibold" fontSize="sm" truncate>
            {name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {user.email}
          </Text>
        </Box>
      </HStack>
      {user.isAdmin && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/admin">Admin</RouterLink>
        </Button>
      )}
      <IconButton aria-label="Refresh" size="sm" variant="outline" onClick={onRefresh} loading={refreshing}>
        <RefreshIcon />
      </IconButton>
    </>
  );
}

function PortfolioCards({ portfolio }: { portfolio: PortfolioDto }) {
  const color = gainColor(portfolio.weeklyGain);
  const percent = formatSignedPercent(portfolio.weeklyGain);
  return (
    <Stack gap="4">
      <StatCard label="Portfolio Balance" value={usd(portfolio.balance)} valueTestId="balance" size="lg" hint={`Last updated ${formatDate(portfolio.lastUpdate)}`}>
        <StatLine color={color} testId="weekly-gain" emphasis>
          {signedUsd(portfolio.weeklyGainAmount)} ({percent}) this week
        </StatLine>
      </StatCard>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        <StatCard label="Weekly Performance" value={percent} valueColor={color} valueTestId="weekly-performance" hint="this week" />
        <StatCard label="Next Update" value="Monday" hint="Automatic weekly update" />
        <StatCard label="Annual Target" value="100%" hint={`Growth target for ${new Date().getFullYear()}`} />
      </SimpleGrid>
    </Stack>
  );
}

function ClientDashboard({ user }: { user: User }) {
  const { mutate } = useSWRConfig();
  const portfolio = useRoute({ route: 'getPortfolio', params: { userId: user.sub } });
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyLoaded, setHistoryLoaded] = useState(false);

  /** Everything the page shows, fetched again and put in place at once (or nothing changes). */
  const refresh = useApiMutation(
    'refresh',
    async (send) => {
      const uid = { uid: user.sub };
      const reads: RouteCall<'getPortfolio' | 'getEligibility' | 'listMyWithdrawalRequests' | 'listTransactions'>[] = [
        { route: 'getPortfolio', params: { userId: user.sub } },
        { route: 'getEligibility', params: uid },
        { route: 'listMyWithdrawalRequests', params: uid },
      ];
      if (historyLoaded) reads.push({ route: 'listTransactions', params: uid });
      const answers = await Promise.all(reads.map((call) => send(call)));
      await Promise.all(reads.map((call, i) => mutate(keyOf(call), answers[i], { revalidate: false })));
    },
    {
      errorTitle: toastTitles.refreshFailed,
      failure: toastMessages.refreshFailed,
      serverMessage: false,
      success: successToasts.portfolioRefreshed,
    },
  );

  const toggleHistory = () => {
    setHistoryOpen((open) => !open);
    setHistoryLoaded(true);
  };

  return (
    <PageShell
      title="Portfolio Dashboard"
      subtitle={`Welcome, ${user.firstName || user.email}`}
      actions={<HeaderActions user={user} refreshing={refresh.busy} onRefresh={() => void refresh.run()} />}
      signOutLabel="Sign Out"
    >
      {portfolio.isLoading ? (
        <PageSpinner label="Loading your portfolio..." />
      ) : portfolio.error || !portfolio.data ? (
        <Card.Root>
          <Card.Body alignItems="center" gap="3" textAlign="center">
            <Text color="red.fg" role="alert">
              Unable to load portfolio data.
            </Text>
            <Button variant="outline" onClick={() => void portfolio.mutate()} loading={portfolio.isValidating}>
              Retry
            </Button>
          </Card.Body>
        </Card.Root>
      ) : (
        <PortfolioCards portfolio={portfolio.data.portfolio} />
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <WithdrawalCard user={user} />
        <RequestsCard userId={user.sub} />
      </SimpleGrid>
      <GrowthCard userId={user.sub} />
      <HistoryCard userId={user.sub} open={historyOpen} onToggle={toggleHistory} />
    </PageShell>
  );
}

export default function Dashboard() {
  const { user } = useAuth();
  if (!user) return <PageSpinner label="Loading your account..." />;
  return <ClientDashboard user={user} />;
}
