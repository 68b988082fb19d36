/**
 * The withdrawal request dialog: its own chunk, loaded when the client reaches for "Request
 * Withdrawal" (WithdrawalCard.tsx), since a dialog brings Zag's focus trap, dismissal and scroll
 * lock, which the dashboard's first paint does not need.
 */
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { successToasts, toastMessages, toastTitles } from '../../../../shared/messages';
import { checkWithdrawalRequestAmount } from '../../../../shared/amount-forms';
import { type Cents, centsToDollars, dollarsToCents } from '../../../../shared/money';
import { MAX_PENDING_WITHDRAWAL_REQUESTS, MIN_WITHDRAWAL_REQUEST_CENTS } from '../../../../shared/withdrawal-rules';
import { keyOf } from '../../api/calls';
import { useApiMutation } from '../../api/hooks';
import type { User } from '../../auth/session';
import { notify } from '../../components/toaster';
import { usd } from '../../format';

/** The minimum request, as the amount field takes it (dollars). */
const MIN_DOLLARS = centsToDollars(MIN_WITHDRAWAL_REQUEST_CENTS);

export default function RequestDialog({
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
    <Dialog.Root
      recipe={dialogSlotRecipe}
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
                    <Input type="number" step="0.01" min={MIN_DOLLARS} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
                    <Field.HelperText>
                      The minimum request is {usd(MIN_DOLLARS)}. You can have up to {MAX_PENDING_WITHDRAWAL_REQUESTS} requests waiting for a decision at once.
                    </Field.HelperText>
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
