/**
 * The withdrawal request dialog, in two steps: the amount (checked at the field before anything
 * is sent, the check's title and message over it), then a review of what will happen and where
 * the money goes, then the request. Without a payout account a request can be paid to, it says
 * why and links to the payout card instead. In the withdrawal flows' chunk (withdrawal-flows.ts),
 * loaded as the client reaches for "Request Withdrawal".
 */
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { type Notice, successToasts, toastMessages, toastTitles } from '../../../../shared/messages';
import { checkWithdrawalRequestAmount } from '../../../../shared/amount-forms';
import { type Cents, centsToDollars, dollarsToCents } from '../../../../shared/money';
import { keyOf } from '../../api/calls';
import { ApiError } from '../../api/client';
import { errorText, useSend } from '../../api/hooks';
import type { User } from '../../auth/session';
import { DialogFrame } from '../../components/dialog-frame';
import { notify } from '../../components/toaster';
import { type PayoutBlock, payoutBlock } from '../../payout-block';
import { payoutDestination, payoutMessages } from '../../payout-words';
import { usePayoutAccount } from './PayoutDestination';
import { AmountStep, BlockedStep, type RequestProblem, ReviewStep } from './request-steps';

/** What a person may type around the digits: "$1,250.00" is 1250.00. */
const digitsOf = (text: string) => text.replace(/[\s$,]/g, '');

/** What the server's refusal of a request says of the payout account: none, one in its cooling-off, or nothing. */
const COOLING_OFF_START = payoutMessages.coolingOff('\u0000').split('\u0000')[0] ?? '';
function payoutRefusal(error: unknown): PayoutBlock['kind'] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.serverMessage) return undefined;
  if (error.serverMessage === payoutMessages.none) return 'none';
  return error.serverMessage.startsWith(COOLING_OFF_START) ? 'coolingOff' : undefined;
}

/** Sends the request; a refusal stays in the dialog, with the way to the payout card when it is about the account. */
function useSendRequest(user: User, onBusy: (busy: boolean) => void, onDone: () => void) {
  const send = useSend();
  const { mutate } = useSWRConfig();
  const [problem, setProblem] = useState<RequestProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const uid = { uid: user.sub };
  const submit = async (cents: Cents) => {
    setSubmitting(true);
    onBusy(true);
    setProblem(null);
    try {
      await send({
        route: 'requestWithdrawal',
        body: { userId: user.sub, userEmail: user.email, amount: centsToDollars(cents) },
      });
    } catch (error) {
      const account = payoutRefusal(error);
      // The account changed since the page read it: the card shows it as the server has it.
      if (account) void mutate(keyOf({ route: 'getPayoutAccount', params: uid }));
      setProblem({
        title: toastTitles.requestFailed,
        description: errorText(error, toastMessages.requestFailed),
        account,
      });
      return;
    } finally {
      setSubmitting(false);
      onBusy(false);
    }
    void mutate(keyOf({ route: 'getEligibility', params: uid }));
    void mutate(keyOf({ route: 'listMyWithdrawalRequests', params: uid }));
    notify(
      'success',
      successToasts.requestSubmitted,
      'Your withdrawal request will be reviewed by our team shortly. Processing takes 2-3 business days.',
    );
    onDone();
  };
  return { submit, submitting, problem, setProblem };
}

function RequestForm({
  user,
  totalEligibleProfit,
  onDone,
  onBusy,
}: {
  user: User;
  totalEligibleProfit: number;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const eligibleCents = dollarsToCents(totalEligibleProfit);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<Notice | null>(null);
  const [review, setReview] = useState<Cents | null>(null);
  const request = useSendRequest(user, onBusy, onDone);
  const account = usePayoutAccount(user.sub).data?.account;
  const block = payoutBlock(account);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (review !== null) return void request.submit(review);
    const checked = checkWithdrawalRequestAmount(digitsOf(amount), eligibleCents);
    if (!checked.ok) return setFieldError(checked.notice);
    setReview(checked.cents);
  };

  // No request can be paid yet: nothing to fill in, only why and the way to the payout card.
  if (block) return <BlockedStep block={block} onClose={onDone} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      {review === null ? (
        <AmountStep
          amount={amount}
          error={fieldError}
          eligibleCents={eligibleCents}
          onAmount={(text) => {
            setAmount(text);
            setFieldError(null);
          }}
          onCancel={onDone}
        />
      ) : (
        <ReviewStep
          cents={review}
          destination={account ? payoutDestination(account) : null}
          problem={request.problem}
          submitting={request.submitting}
          onBack={() => {
            setReview(null);
            request.setProblem(null);
          }}
        />
      )}
    </form>
  );
}

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
  const [busy, setBusy] = useState(false);
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} busy={busy}>
      <RequestForm
        user={user}
        totalEligibleProfit={totalEligibleProfit}
        onDone={() => onOpenChange(false)}
        onBusy={setBusy}
      />
    </DialogFrame>
  );
}
