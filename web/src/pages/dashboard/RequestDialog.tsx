/**
 * The withdrawal request dialog, in two steps: the amount (checked at the field before anything
 * is sent, the check's title and message over it), then a review of what will happen, then the request. In the withdrawal flows' chunk
 * (withdrawal-flows.ts), loaded as the client reaches for "Request Withdrawal".
 */
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import { type Notice, successToasts, toastMessages, toastTitles } from '../../../../shared/messages';
import { checkWithdrawalRequestAmount } from '../../../../shared/amount-forms';
import { type Cents, centsToDollars, dollarsToCents } from '../../../../shared/money';
import { keyOf } from '../../api/calls';
import { errorText, useSend } from '../../api/hooks';
import type { User } from '../../auth/session';
import { DialogFrame } from '../../components/dialog-frame';
import { notify } from '../../components/toaster';
import { AmountStep, ReviewStep } from './request-steps';

/** What a person may type around the digits: "$1,250.00" is 1250.00. */
const digitsOf = (text: string) => text.replace(/[\s$,]/g, '');

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
  const send = useSend();
  const { mutate } = useSWRConfig();
  const eligibleCents = dollarsToCents(totalEligibleProfit);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<Notice | null>(null);
  const [review, setReview] = useState<Cents | null>(null);
  const [problem, setProblem] = useState<Notice | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
      setProblem({ title: toastTitles.requestFailed, description: errorText(error, toastMessages.requestFailed) });
      return;
    } finally {
      setSubmitting(false);
      onBusy(false);
    }
    void mutate(keyOf({ route: 'getEligibility', params: { uid: user.sub } }));
    void mutate(keyOf({ route: 'listMyWithdrawalRequests', params: { uid: user.sub } }));
    notify(
      'success',
      successToasts.requestSubmitted,
      'Your withdrawal request will be reviewed by our team shortly. Processing takes 2-3 business days.',
    );
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (review !== null) return void submit(review);
    const checked = checkWithdrawalRequestAmount(digitsOf(amount), eligibleCents);
    if (!checked.ok) return setFieldError(checked.notice);
    setReview(checked.cents);
  };

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
          problem={problem}
          submitting={submitting}
          onBack={() => {
            setReview(null);
            setProblem(null);
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
