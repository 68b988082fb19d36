/**
 * 'Profit Withdrawal Available': the eligible profit, the request button right under it (in a
 * phone's first screen) with the payout account it pays to (or why no request can be paid yet),
 * then what pending requests hold of the profit, the deposits it comes from and those still to
 * become eligible (PayoutDestination.tsx and EligibleDeposits.tsx, in the withdrawal flows'
 * chunk, which the requests' list loads on every visit).
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { useRoute } from '../../api/hooks';
import type { User } from '../../auth/session';
import { LoadFailed } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { Bone, Loading } from '../../components/skeleton';
import { usd } from '../../format';
import { payoutBlock } from '../../payout-block';

/** The request dialog and the cancel confirmation (withdrawal-flows.ts), loaded on the way to them. */
export const loadWithdrawalFlows = () => import('./withdrawal-flows');
/** Fetched as the pointer or the focus reaches a button, so it is usually there by the click. */
const prefetchWithdrawalFlows = () => void loadWithdrawalFlows().catch(() => undefined);
const RequestDialog = lazy(() => loadWithdrawalFlows().then((m) => ({ default: m.RequestDialog })));
/** Under the button: where a request is paid, or why none can be yet (a payout account to add, or its cooling-off). */
const PayoutNote = lazy(() => loadWithdrawalFlows().then((m) => ({ default: m.PayoutNote })));
/** Under the button, so their arrival moves nothing above it; nothing when there is no deposit. */
const EligibleDeposits = lazy(() => loadWithdrawalFlows().then((m) => ({ default: m.EligibleDeposits })));

function EligibilityLoading() {
  return (
    <Loading label="Loading withdrawal eligibility...">
      <Stack gap="3">
        <Bone h="9" w="40%" />
        <Bone h="4" w="30%" />
        <Bone h="10" w={{ base: 'full', sm: '44' }} rounded="md" />
      </Stack>
    </Loading>
  );
}

/** Opens the request dialog; its chunk is fetched as the pointer or the focus reaches the button. */
function RequestButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      colorPalette="yellow"
      alignSelf={{ base: 'stretch', sm: 'flex-start' }}
      onPointerEnter={prefetchWithdrawalFlows}
      onFocus={prefetchWithdrawalFlows}
      onClick={onClick}
    >
      Request Withdrawal
    </Button>
  );
}

export function WithdrawalCard({ user }: { user: User }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'getEligibility', params: { uid: user.sub } });
  const [open, setOpen] = useState(false);
  // The dialog's chunk is loaded (and the dialog rendered) from the first click on; until it is
  // there, the button says it is opening.
  const [asked, setAsked] = useState(false);
  // The button shows until the payout account is known to stop a request (the server checks it again).
  const payout = useRoute({ route: 'getPayoutAccount', params: { uid: user.sub } });
  const eligibility = data?.data;
  const requestButton = (
    <RequestButton
      onClick={() => {
        setAsked(true);
        setOpen(true);
      }}
    />
  );
  let body;
  if (isLoading) body = <EligibilityLoading />;
  else if (error || !eligibility)
    body = <LoadFailed message="Unable to load withdrawal eligibility." onRetry={() => void mutate()} />;
  else
    body = (
      <Stack gap="4">
        <Box>
          {/* Green for profit there is; none is no gain to celebrate. */}
          <Text
            fontSize="3xl"
            fontWeight="bold"
            color={eligibility.totalEligibleProfit > 0 ? 'green.fg' : 'fg'}
            data-testid="eligible-profit"
          >
            {usd(eligibility.totalEligibleProfit)}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Total eligible profit
          </Text>
        </Box>
        {eligibility.showRequestButton ? (
          <Stack gap="2">
            {!payoutBlock(payout.data?.account) && requestButton}
            <Suspense fallback={null}>
              <PayoutNote userId={user.sub} />
            </Suspense>
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            Deposits become eligible for profit withdrawal 6 months after they are made.
          </Text>
        )}
        <Suspense fallback={null}>
          <EligibleDeposits eligibility={eligibility} userId={user.sub} />
        </Suspense>
      </Stack>
    );

  return (
    <SectionCard
      title="Profit Withdrawal Available"
      footer={
        eligibility &&
        asked && (
          <Suspense fallback={<DialogLoading />}>
            <RequestDialog
              user={user}
              open={open}
              onOpenChange={setOpen}
              totalEligibleProfit={eligibility.totalEligibleProfit}
            />
          </Suspense>
        )
      }
    >
      {body}
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
