/** 'Profit Withdrawal Available': the eligible profit, its deposits, and the request dialog. */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { successToasts, toastMessages, toastTitles } from '../../../../shared/messages';
import { checkWithdrawalRequestAmount } from '../../../../shared/forms';
import { type Cents, centsToDollars, dollarsToCents } from '../../../../shared/money';
import { keyOf } from '../../api/calls';
import { useApiMutation, useRoute } from '../../api/hooks';
import type { User } from '../../auth/session';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { formatDate, usd } from '../../format';

export function WithdrawalCard({ user }: { user: User }) {
  const { data, error, isLoading, mutate } = useRoute({ route: 'getEligibility', params: { uid: user.sub } });
  const [open, setOpen] = useState(false);
  const eligibility = data?.data;

  return (
    <SectionCard
      title="Profit Withdrawal Available"
      footer={eligibility && <RequestDialog user={user} open={open} onOpenChange={setOpen} totalEligibleProfit={eligibility.totalEligibleProfit} />}
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
            <Button colorPalette="yellow" alignSelf={{ base: 'stretch', sm: 'flex-start' }} onClick={() => setOpen(true)}>
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

function RequestDialog({
  user,
  open,
  onOpenChange,
  totalEligibleProfit,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  totalEligibleProfit: number;
}) {
  const { mutate } = useSWRConfig();
  const [amount, setAmount] = useState('');
  const request = useApiMutation(
    keyOf({ route: 'requestWithdrawal' }),
    (send, cents: Cents) => send({ route: 'requestWithdrawal', body: { userId: user.sub, userEmail: user.email, amount: centsToDollars(cents) } }),
    {
      errorTitle: toastTitles.requestFailed,
      failure: toastMessages.requestFailed,
      success: {
        title: successToasts.requestSubmitted,
        description: 'Your withdrawal request will be reviewed by our team shortly. Processing takes 2-3 business days.',
      },
      onSuccess: () => {
        setAmount('');
        onOpenChange(false);
        void mutate(keyOf({ route: 'getEligibility', params: { uid: user.sub } }));
        void mutate(keyOf({ route: 'listMyWithdrawalRequests', params: { uid: user.sub } }));
      },
    },
  );
  const submitting = request.busy;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWithdrawalRequestAmount(amount, dollarsToCents(totalEligibleProfit));
    if (!checked.ok) return notify('error', checked.notice.title, checked.notice.description);
    void request.run(checked.cents);
  };

  return (
    <Dialog.Root recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(d) => {
        if (!submitting) onOpenChange(d.open);
      }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Request Withdrawal</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Dialog.Description>
                    You can withdraw up to {usd(totalEligibleProfit)} in eligible profit. Processing takes 2-3 business days.
                  </Dialog.Description>
                  <Field.Root>
                    <Field.Label>Amount</Field.Label>
                    <Input type="number" step="0.01" min="0" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="yellow" disabled={amount.trim() === ''} loading={submitting} loadingText="Submitting...">
                  Submit Request
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
