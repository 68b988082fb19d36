/**
 * What the withdrawal card shows under its button (in the withdrawal flows' chunk): what pending
 * requests reserve of the eligible profit, the deposits the profit comes from, each with its age
 * and the profit left of it (what requests took of it said beside it), then the deposits still
 * to become eligible: when, how much was deposited, and what it has grown by so far.
 */
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { EligibilityDto } from '../../../../shared/api';
import { dollarsToCents, formatUsd } from '../../../../shared/money';
import { useRoute } from '../../api/hooks';
import { Badge } from '../../components/badge';
import { formatDate, usd, pluralize } from '../../format';

/** How many of the deposits still to become eligible are listed; the rest are counted. */
export const UPCOMING_SHOWN = 3;

/** "$500.00 reserved for your pending request": what the client's waiting requests hold back. */
function Reserved({ userId }: { userId: string }) {
  const { data } = useRoute({ route: 'listMyWithdrawalRequests', params: { uid: userId } });
  const pending = (data ?? []).filter((r) => r.status === 'pending');
  if (pending.length === 0) return null;
  const cents = pending.reduce((sum, r) => sum + dollarsToCents(r.amount), 0);
  const which = pending.length === 1 ? 'your pending request' : `your ${pending.length} pending requests`;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="reserved">
      {formatUsd(cents)} reserved for {which}
    </Text>
  );
}

function Eligible({ deposits }: { deposits: EligibilityDto['eligibleDeposits'] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Eligible deposits">
      {deposits.map((d) => (
        <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">{usd(d.amount)}</Text>
            <Badge colorPalette="green">{pluralize(d.monthsSinceDeposit, 'month', 'months')}</Badge>
          </HStack>
          <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted">
            <Text>Deposited {formatDate(d.timestamp)}</Text>
            <Text>
              Profit {usd(d.profit)}
              {d.withdrawnProfit > 0 && ` (${usd(d.withdrawnProfit)} of ${usd(d.grownProfit)} requested or paid out)`}
            </Text>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

/** "Eligible in 5 days: $10,000.00 deposited Jun 2, 2026", with the date and the profit so far. */
function Upcoming({ deposits }: { deposits: EligibilityDto['upcoming'] }) {
  const later = deposits.length - UPCOMING_SHOWN;
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        Coming up
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Upcoming eligibility">
        {deposits.slice(0, UPCOMING_SHOWN).map((d) => (
          <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3">
            <Text fontWeight="medium">
              Eligible in {pluralize(d.daysUntilEligible, 'day', 'days')}: {usd(d.amount)} deposited{' '}
              {formatDate(d.timestamp)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              On {formatDate(d.eligibleAt)} · profit so far {usd(d.profit)}
            </Text>
          </Box>
        ))}
      </Stack>
      {later > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="2">
          and {pluralize(later, 'more deposit', 'more deposits')} later
        </Text>
      )}
    </Box>
  );
}

export function EligibleDeposits({ eligibility, userId }: { eligibility: EligibilityDto; userId: string }) {
  return (
    <>
      <Reserved userId={userId} />
      {eligibility.eligibleDeposits.length > 0 && <Eligible deposits={eligibility.eligibleDeposits} />}
      {eligibility.upcoming.length > 0 && <Upcoming deposits={eligibility.upcoming} />}
    </>
  );
}
