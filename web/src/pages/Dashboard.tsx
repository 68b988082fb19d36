/**
 * `/dashboard`: 'Portfolio Dashboard'. The client's balance, performance, profit withdrawals,
 * withdrawal requests and transaction history. No fallback portfolio (design.md section 8).
 */
import { Avatar } from '@chakra-ui/react/avatar';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { PortfolioDto } from '../../../shared/api';
import { errors, successToasts, toastMessages, toastTitles } from '../../../shared/messages';
import { formatSignedPercent } from '../../../shared/money';
import { paths, useApi, usePortfolio } from '../api/hooks';
import { type User, useAuth } from '../auth/session';
import { ColorModeSelect } from '../components/color-mode-menu';
import { Logo } from '../components/logo';
import { PageSpinner } from '../components/page-spinner';
import { notify } from '../components/toaster';
import { formatDate, gainColor, signedUsd, usd } from './dashboard/format';
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

function Header({ user, refreshing, onRefresh }: { user: User; refreshing: boolean; onRefresh: () => void }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const name = user.displayName || user.email;
  const initial = (user.firstName || user.email).charAt(0).toUpperCase();

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await auth.signOut();
      navigate('/', { replace: true });
    } catch {
      notify('error', toastTitles.signOutFailed, errors.generic);
      setSigningOut(false);
    }
  };

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel">
      <Container maxW="6xl" py="3" px={{ base: '3', md: '6' }}>
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Logo />
          <HStack gap={{ base: '2', md: '3' }} wrap="wrap" justify="flex-end">
            <HStack gap="2" minW="0">
              <Avatar.Root size="sm" colorPalette="yellow">
                <Avatar.Fallback>{initial}</Avatar.Fallback>
                {user.photoURL && <Avatar.Image src={user.photoURL} alt="" />}
              </Avatar.Root>
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
            <ColorModeSelect />
            <Button size="sm" variant="outline" onClick={() => void onSignOut()} loading={signingOut}>
              Sign Out
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

function StatCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted" fontWeight="medium">
          {title}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function PortfolioCards({ portfolio }: { portfolio: PortfolioDto }) {
  const color = gainColor(portfolio.weeklyGain);
  const percent = formatSignedPercent(portfolio.weeklyGain);
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body gap="2">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            Portfolio Balance
          </Text>
          <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" data-testid="balance">
            {usd(portfolio.balance)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Last updated {formatDate(portfolio.lastUpdate)}
          </Text>
          <Text color={color} fontWeight="semibold" data-testid="weekly-gain">
            {signedUsd(portfolio.weeklyGainAmount)} ({percent}) this week
          </Text>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        <StatCard title="Weekly Performance">
          <Text fontSize="2xl" fontWeight="bold" color={color} data-testid="weekly-performance">
            {percent}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            this week
          </Text>
        </StatCard>
        <StatCard title="Next Update">
          <Text fontSize="2xl" fontWeight="bold">
            Monday
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Automatic weekly update
          </Text>
        </StatCard>
        <StatCard title="Annual Target">
          <Text fontSize="2xl" fontWeight="bold">
            100%
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {`Growth target for ${new Date().getFullYear()}`}
          </Text>
        </StatCard>
      </SimpleGrid>
    </Stack>
  );
}

export default function Dashboard() {
  const { user } = useAuth();
  const api = useApi();
  const { mutate } = useSWRConfig();
  const portfolio = usePortfolio(user?.sub ?? null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyLoaded, setHistoryLoaded] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  if (!user) return <PageSpinner label="Loading your account..." />;

  const onRefresh = async () => {
    setRefreshing(true);
    const keys = [paths.portfolio(user.sub), paths.eligibility(user.sub), paths.myRequests(user.sub)];
    if (historyLoaded) keys.push(paths.transactions(user.sub));
    try {
      const answers = await Promise.all(keys.map((key) => api<unknown>(key)));
      await Promise.all(keys.map((key, i) => mutate(key, answers[i], { revalidate: false })));
      notify('success', successToasts.portfolioRefreshed);
    } catch {
      notify('error', toastTitles.refreshFailed, toastMessages.refreshFailed);
    }
    setRefreshing(false);
  };

  const toggleHistory = () => {
    setHistoryOpen((open) => !open);
    setHistoryLoaded(true);
  };

  return (
    <Box minH="100vh" bg="bg.subtle">
      <Header user={user} refreshing={refreshing} onRefresh={() => void onRefresh()} />
      <Container as="main" maxW="6xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
        <Stack gap="6">
          <Box>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              Portfolio Dashboard
            </Heading>
            <Text color="fg.muted">Welcome, {user.firstName || user.email}</Text>
          </Box>
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
        </Stack>
      </Container>
    </Box>
  );
}
