/**
 * `/dashboard`: 'Portfolio Dashboard'. The client's balance with this week's change, the eligible
 * profit and the request button (together in a phone's first screen), the Weekly Performance,
 * Next Update and Annual Target cards, the withdrawal requests, the balance chart and the
 * history. A client with no deposit yet is told how to fund the account; one whose account the
 * firm is still reviewing is told that instead, and shown nothing else. No fallback portfolio:
 * nothing shown that isn't true.
 */
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { useSWRConfig } from 'swr';
import { successToasts, toastMessages, toastTitles } from '../../../shared/messages';
import { keyOf, type RouteCall } from '../api/calls';
import { useApiMutation, useRoute } from '../api/hooks';
import { type User, useAuth } from '../auth/session';
import { PageShell } from '../components/page-shell';
import { PageSpinner } from '../components/page-spinner';
import { usePhoneLayout } from '../components/use-phone-layout';
import { BalanceCard, BalanceCardLoading, WeekCards } from './dashboard/BalanceCard';
import { FundingCard } from './dashboard/FundingCard';
import { GrowthCard } from './dashboard/GrowthCard';
import { Avatar, HeaderActions } from './dashboard/HeaderActions';
import { HistoryCard } from './dashboard/HistoryCard';
import { RequestsCard } from './dashboard/RequestsCard';
import { WithdrawalCard } from './dashboard/WithdrawalCard';
import { UnderReview } from './dashboard/UnderReview';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

/** Shown to few clients, and once each: loaded only when the current client agreement is not accepted yet. */
const AgreementPrompt = lazy(() => import('./dashboard/AgreementPrompt').then((m) => ({ default: m.AgreementPrompt })));

type DashboardRead = RouteCall<
  'getPortfolio' | 'getEligibility' | 'listMyWithdrawalRequests' | 'getHistory' | 'listTransactions'
>;

/** Everything the page shows, fetched again and put in place at once (or nothing changes). */
function useRefresh(user: User, historyLoaded: boolean) {
  const { mutate } = useSWRConfig();
  return useApiMutation(
    'refresh',
    async (send) => {
      const uid = { uid: user.sub };
      const reads: DashboardRead[] = [
        { route: 'getPortfolio', params: { userId: user.sub } },
        { route: 'getEligibility', params: uid },
        { route: 'listMyWithdrawalRequests', params: uid },
        { route: 'getHistory', params: uid },
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
}

function PortfolioFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Card.Root>
      <Card.Body alignItems="center" gap="3" textAlign="center">
        <Text color="red.fg" role="alert">
          Unable to load portfolio data.
        </Text>
        <Button variant="outline" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function ClientDashboard({ user }: { user: User }) {
  const phone = usePhoneLayout();
  const portfolio = useRoute({ route: 'getPortfolio', params: { userId: user.sub } });
  const history = useRoute({ route: 'getHistory', params: { uid: user.sub } });
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyLoaded, setHistoryLoaded] = useState(false);
  const refresh = useRefresh(user, historyLoaded);
  const held = portfolio.data?.portfolio;
  // No deposit yet: nothing in the ledger, nothing to grow.
  const firstDay = held?.balance === 0 && history.data?.data.length === 0;

  const toggleHistory = () => {
    setHistoryOpen((open) => !open);
    setHistoryLoaded(true);
  };

  // The current client agreement not accepted yet: the prompt alone, until it is.
  const agreement = held?.agreement;
  if (agreement && agreement.accepted?.version !== agreement.current.version)
    return (
      <PageShell
        title="Portfolio Dashboard"
        subtitle={`Welcome, ${user.firstName || user.email}`}
        actions={
          <HeaderActions user={user} phone={phone} refreshing={false} onRefresh={() => void portfolio.mutate()} />
        }
        menuIcon={<Avatar user={user} />}
      >
        <Suspense fallback={<PageSpinner label="Loading the client agreement..." />}>
          <AgreementPrompt
            userId={user.sub}
            agreement={agreement.current}
            renewal={agreement.accepted !== undefined}
            onAccepted={() => portfolio.mutate()}
          />
        </Suspense>
      </PageShell>
    );

  let balance;
  if (portfolio.isLoading) balance = <BalanceCardLoading />;
  else if (portfolio.error || !held)
    balance = <PortfolioFailed retrying={portfolio.isValidating} onRetry={() => void portfolio.mutate()} />;
  else balance = <BalanceCard portfolio={held} firstDay={firstDay} />;

  // Under review: no funding, withdrawal, requests or history until the firm approves the account.
  if (held?.status === 'applied')
    return (
      <PageShell
        title="Portfolio Dashboard"
        subtitle={`Welcome, ${user.firstName || user.email}`}
        menuIcon={<Avatar user={user} />}
      >
        <UnderReview refreshing={portfolio.isValidating} onRefresh={() => void portfolio.mutate()} />
      </PageShell>
    );

  return (
    <PageShell
      title="Portfolio Dashboard"
      subtitle={`Welcome, ${user.firstName || user.email}`}
      actions={
        <HeaderActions user={user} phone={phone} refreshing={refresh.busy} onRefresh={() => void refresh.run()} />
      }
      menuIcon={<Avatar user={user} />}
    >
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="4">
          {balance}
          {firstDay && <FundingCard instructions={held?.funding ?? []} />}
        </Stack>
        <WithdrawalCard user={user} />
      </SimpleGrid>
      {held && !portfolio.error && <WeekCards portfolio={held} firstDay={firstDay} />}
      <RequestsCard userId={user.sub} />
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
