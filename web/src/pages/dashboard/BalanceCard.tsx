/**
 * The balance card (the balance, this week's change: what the last weekly update credited, and
 * when it was last updated), then the three cards under it: Weekly Performance, Next Update (the
 * weekly growth's day and its next date) and Annual Target, labelled as a target. A client with
 * no deposit yet is told when growth starts instead of shown a change of $0.00.
 */
import { Card } from '@chakra-ui/react/card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import type { PortfolioDto } from '../../../../shared/api';
import { Bone, Loading } from '../../components/skeleton';
import { StatCard, StatLine } from '../../components/stat-card';
import { formatDate, formatSignedPercent, gainColor, signedUsd, usd } from '../../format';
import { nextGrowthAt } from './next-growth';

const NOT_STARTED = 'Growth starts with your first deposit';

export function BalanceCard({ portfolio, firstDay }: { portfolio: PortfolioDto; firstDay: boolean }) {
  const week = `${signedUsd(portfolio.weeklyGainAmount)} (${formatSignedPercent(portfolio.weeklyGain)}) this week`;
  return (
    <StatCard label="Portfolio Balance" value={usd(portfolio.balance)} valueTestId="balance" size="lg">
      {firstDay ? (
        <StatLine>{NOT_STARTED}</StatLine>
      ) : (
        <StatLine color={gainColor(portfolio.weeklyGain)} testId="weekly-gain" emphasis>
          {week}
        </StatLine>
      )}
      <StatLine>Last updated {formatDate(portfolio.lastUpdate)}</StatLine>
    </StatCard>
  );
}

/** Weekly Performance, Next Update and Annual Target: side by side from a tablet's width up. */
export function WeekCards({ portfolio, firstDay }: { portfolio: PortfolioDto; firstDay: boolean }) {
  // eslint-disable-next-line react-hooks/purity -- the cards say how things stand as of this render; each render moves it on
  const now = Date.now();
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <StatCard
        label="Weekly Performance"
        value={firstDay ? 'None yet' : signedUsd(portfolio.weeklyGainAmount)}
        valueColor={firstDay ? undefined : gainColor(portfolio.weeklyGain)}
        hint={firstDay ? NOT_STARTED : `${formatSignedPercent(portfolio.weeklyGain)} this week`}
      />
      <StatCard label="Next Update" value="Monday" hint="Automatic weekly update">
        {!firstDay && (
          <StatLine testId="next-growth">
            Next growth {formatDate(nextGrowthAt(Date.parse(portfolio.lastUpdate), now), 'UTC')}
          </StatLine>
        )}
      </StatCard>
      {/* The year from the clock: the target is this year's. */}
      <StatCard label="Annual Target" value="100%" hint={`Growth target for ${new Date(now).getUTCFullYear()}`}>
        <StatLine>Target, not guaranteed</StatLine>
      </StatCard>
    </SimpleGrid>
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
