/**
 * The balance card: the balance, this week's change (what the last weekly update credited), the
 * next weekly growth and the annual target, and when the balance was last updated. A client
 * with no deposit yet is told when growth starts instead of shown a change of $0.00.
 */
import { Card } from '@chakra-ui/react/card';
import { Stack } from '@chakra-ui/react/stack';
import type { PortfolioDto } from '../../../../shared/api';
import { Bone, Loading } from '../../components/skeleton';
import { StatCard, StatLine } from '../../components/stat-card';
import { formatDate, formatSignedPercent, gainColor, signedUsd, usd } from '../../format';
import { nextGrowthAt } from './next-growth';

export function BalanceCard({ portfolio, firstDay }: { portfolio: PortfolioDto; firstDay: boolean }) {
  const next = nextGrowthAt(Date.parse(portfolio.lastUpdate), Date.now());
  return (
    <StatCard label="Portfolio Balance" value={usd(portfolio.balance)} valueTestId="balance" size="lg">
      {firstDay ? (
        <StatLine>Your balance starts growing with your first deposit, by 100% a year, credited every Monday.</StatLine>
      ) : (
        <>
          <StatLine color={gainColor(portfolio.weeklyGain)} testId="weekly-gain" emphasis>
            {signedUsd(portfolio.weeklyGainAmount)} ({formatSignedPercent(portfolio.weeklyGain)}) this week
          </StatLine>
          <StatLine testId="next-growth">Next growth Monday, {formatDate(next, 'UTC')} · target 100% a year</StatLine>
        </>
      )}
      <StatLine>Last updated {formatDate(portfolio.lastUpdate)}</StatLine>
    </StatCard>
  );
}

/** The balance card's shape while the portfolio loads. */
export function BalanceCardLoading() {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Loading label="Loading your portfolio...">
          <Stack gap="3">
            <Bone h="4" w="32" />
            <Bone h={{ base: '9', md: '10' }} w="56" />
            <Bone h="5" w="48" />
            <Bone h="4" w="64" maxW="full" />
          </Stack>
        </Loading>
      </Card.Body>
    </Card.Root>
  );
}
