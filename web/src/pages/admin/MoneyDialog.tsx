/**
 * A deposit, withdrawal or balance edit from a client's row, in two steps: the amount, then a
 * review of what it does to the balance (an estimate from the balance shown: the server re-checks
 * at commit) and the confirmation. A move above the four-eyes threshold comes back as a pending
 * action: the dialog says so and the balance shown does not change.
 */
import { type FormEvent, useState } from 'react';
import type { ClientDto } from '../../../../shared/api';
import {
  checkAdminWithdrawalAmount,
  checkBalanceAmount,
  checkDepositAmount,
  checkDepositDate,
  type FormAmount,
} from '../../../../shared/amount-forms';
import { successToasts, toastMessages } from '../../../../shared/messages';
import { type Cents, centsToDollars, dollarsToCents, formatUsd } from '../../../../shared/money';
import type { PendingActionDto } from '../../api/admin-types';
import type { Send } from '../../api/calls';
import { notify } from '../../components/toaster';
import { dateInputTimestamp, localDateInput } from '../../format';
import { AdminDialog } from './AdminDialog';
import { ClientLine } from './ClientLine';
import { useDialogAction } from './dialog-action';
import { type CheckedMove, isProposed, type MoveKind } from './money-move';
import { MoveFields, MoveFooter, type MoveInput, type MoveProblem, MoveReview, ProposedNotice } from './MoveSteps';

const MOVES: Record<
  MoveKind,
  { title: string; confirm: string; check: (text: string) => FormAmount; failure: string }
> = {
  deposit: {
    title: 'Add deposit',
    confirm: 'Confirm deposit',
    check: checkDepositAmount,
    failure: toastMessages.addDepositFailed,
  },
  withdrawal: {
    title: 'Process withdrawal',
    confirm: 'Confirm withdrawal',
    check: checkAdminWithdrawalAmount,
    failure: toastMessages.processWithdrawalFailed,
  },
  balance: {
    title: 'Edit balance',
    confirm: 'Confirm balance edit',
    check: checkBalanceAmount,
    failure: toastMessages.updateBalanceFailed,
  },
};

type Outcome = { proposed: PendingActionDto } | { newBalance: number };

async function sendMove(send: Send, id: string, kind: MoveKind, move: CheckedMove): Promise<Outcome> {
  const amount = centsToDollars(move.cents);
  const answer =
    kind === 'deposit'
      ? await send({
          route: 'addDeposit',
          params: { id },
          body: { amount, note: move.note, timestamp: move.timestamp ?? new Date().toISOString() },
        })
      : kind === 'withdrawal'
        ? await send({ route: 'processWithdrawal', params: { id }, body: { amount, note: move.note } })
        : await send({ route: 'updateBalance', params: { id }, body: { balance: amount } });
  return isProposed(answer) ? { proposed: answer.action } : { newBalance: answer.newBalance };
}

/** The form's fields checked: the move, or the first field's problem. */
function checkMove(kind: MoveKind, input: MoveInput): { move: CheckedMove } | { problem: MoveProblem } {
  const amount = MOVES[kind].check(input.amount);
  if (!amount.ok)
    return {
      problem: { field: 'amount', title: amount.notice.title, text: amount.notice.description ?? amount.notice.title },
    };
  if (kind !== 'deposit') return { move: { cents: amount.cents, note: input.note.trim() } };
  const timestamp = dateInputTimestamp(input.date);
  const dateProblem = checkDepositDate(Date.parse(timestamp), Date.now());
  if (dateProblem) return { problem: { field: 'date', text: dateProblem } };
  return { move: { cents: amount.cents, note: input.note.trim(), timestamp } };
}

const successText = (kind: MoveKind, cents: Cents) =>
  kind === 'deposit'
    ? successToasts.depositAdded(formatUsd(cents))
    : kind === 'withdrawal'
      ? successToasts.withdrawalProcessed(formatUsd(cents))
      : successToasts.balanceUpdated;

export function MoneyDialog({
  kind,
  client,
  open,
  onClose,
  onMoved,
  onProposed,
}: {
  kind: MoveKind;
  client: ClientDto;
  open: boolean;
  onClose: () => void;
  /** The balance the server now has (dollars), with the time of a deposit that made it. */
  onMoved: (id: string, balance: number, depositAt?: number) => void;
  onProposed: (action: PendingActionDto) => void;
}) {
  const words = MOVES[kind];
  const [input, setInput] = useState<MoveInput>({
    amount: kind === 'balance' ? String(client.portfolio.balance) : '',
    note: '',
    date: localDateInput(),
  });
  const [problem, setProblem] = useState<MoveProblem | null>(null);
  const [review, setReview] = useState<CheckedMove | null>(null);
  const [sent, setSent] = useState<PendingActionDto | null>(null);
  const action = useDialogAction((send, move: CheckedMove) => sendMove(send, client.id, kind, move), words.failure);
  const before = dollarsToCents(client.portfolio.balance);

  const toReview = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkMove(kind, input);
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem(null);
    setReview(checked.move);
  };
  const confirm = async () => {
    if (!review) return;
    const outcome = await action.run(review);
    if (!outcome) return;
    if ('proposed' in outcome) {
      setSent(outcome.proposed);
      onProposed(outcome.proposed);
      return;
    }
    onMoved(client.id, outcome.newBalance, review.timestamp === undefined ? undefined : Date.parse(review.timestamp));
    notify('success', successText(kind, review.cents));
    onClose();
  };

  const formId = `move-form-${client.id}-${kind}`;
  const step = sent ? 'sent' : review ? 'review' : 'edit';
  const back = () => {
    action.clearError();
    setReview(null);
  };
  const footer = (
    <MoveFooter
      step={step}
      formId={formId}
      confirmLabel={words.confirm}
      busy={action.busy}
      onClose={onClose}
      onBack={back}
      onConfirm={() => void confirm()}
    />
  );

  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={words.title}
      busy={action.busy}
      error={action.error}
      footer={footer}
    >
      <ClientLine client={client} />
      {sent ? (
        <ProposedNotice action={sent} balance={client.portfolio.balance} />
      ) : review ? (
        <MoveReview kind={kind} move={review} beforeCents={before} />
      ) : (
        <MoveFields id={formId} kind={kind} input={input} onChange={setInput} problem={problem} onSubmit={toReview} />
      )}
    </AdminDialog>
  );
}
