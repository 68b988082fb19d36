/** 'Profit Withdrawal Available': the eligible profit, its deposits, and the request dialog. */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { useRoute } from '../../api/hooks';
import type { User } from '../../auth/session';
import { Badge } from '../../components/badge';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { formatDate, usd } from '../../format';

const loadRequestDialog = () => import('./RequestDialog');
const RequestDialog = lazy(loadRequestDialog);
/** Fetched as the pointer or the focus reaches the button, so it is usually there by the click. */
const prefetchRequestDialog = () => void loadRequestDialog().catch(() => undefined);

export function WithdrawalCard({ user }: { user: User }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'getEligibility', params: { uid: user.sub } });
  const [open, setOpen] = useState(false);
  // The dialog's chunk is loaded (and the dialog rendered) from the first click on; until it is
  // there, the button says it is opening.
  const [asked, setAsked] = useState(false);
  const eligibility = data?.data;

  return (
    <SectionCard
      title="Profit Withdrawal Available"
      footer={
        eligibility &&
        asked && (
          <Suspense fallback={<DialogLoading />}>
            <RequestDialog user={user} open={open} onOpenChange={setOpen} totalEligibleProfit={eligibility.totalEligibleProfit} />
          </Suspense>
        )
      }
    >
      {isLoading ? (
        <LoadingLine label="Loading withdrawal eligibility..." />
      ) : error || !eligibility ? (
        <LoadFailed message="Unable to load withdrawal eligibility." onRetry={() => void mutate()} />
      ) : (
        <Stack gap="4">
          <Box>
            <Text fontSize="3xl" fontWeight="bold" color="green.fg" data-testid="eligible-profit">
              {usd(eligibility.totalEligibleProfit)}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              Total eligible profit
            </Text>
          </Box>
          {eligibility.eligibleDeposits.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Eligible deposits">
              {eligibility.eligibleDeposits.map((d) => (
                <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Text fontWeight="semibold">{usd(d.amount)}</Text>
                    <Badge colorPalette="green">
                      {d.monthsSinceDeposit} {d.monthsSinceDeposit === 1 ? 'month' : 'months'}
                    </Badge>
                  </HStack>
                  <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted">
                    <Text>Deposited {formatDate(d.timestamp)}</Text>
                    <Text>Profit {usd(d.profit)}</Text>
                  </HStack>
                </Box>
              ))}
            </Stack>
          )}
          {eligibility.showRequestButton ? (
            <Button
              colorPalette="yellow"
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              onPointerEnter={prefetchRequestDialog}
              onFocus={prefetchRequestDialog}
              onClick={() => {
                setAsked(true);
                setOpen(true);
              }}
            >
              Request Withdrawal
            </Button>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              Deposits become eligible for profit withdrawal 6 months after they are made.
            </Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

/** Said while the dialog's chunk loads (rarely seen: it is fetched as the button is reached). */
function DialogLoading() {
  return (
    <Text role="status" color="fg.muted" fontSize="sm">
      Opening the withdrawal request...
    </Text>
  );
}
