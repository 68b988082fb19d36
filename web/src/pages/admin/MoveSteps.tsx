/** The steps of a money move's dialog (MoneyDialog): its fields, the review before it is confirmed, and a move kept for approval. */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { FormEvent } from 'react';
import { type Cents, centsToDollars, formatUsd } from '../../../../shared/money';
import type { PendingActionDto } from '../../api/admin-types';
import { formatDate, localDateInput, signedUsd, usd } from '../../format';
import { Facts } from './AdminDialog';
import { FormAlert } from './FormAlert';
import { balanceAfter, type CheckedMove, type MoveKind, sentForApproval } from './money-move';

/** What the administrator typed. */
export interface MoveInput {
  amount: string;
  note: string;
  /** A deposit's date (a date input's value). */
  date: string;
}

/**
 * What is wrong with the form: the field, and what to say. A problem with a title (the amount's
 * "Invalid Amount") is said at the top of the form under that title, the field marked and
 * pointing to it; one without (a deposit's date) is said under its field.
 */
export interface MoveProblem {
  field: 'amount' | 'date';
  title?: string;
  text: string;
}

function TextField({
  label,
  value,
  onChange,
  error,
  invalid,
  describedBy,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Marked wrong, its words said elsewhere (`describedBy`). */
  invalid?: boolean;
  describedBy?: string;
  type?: string;
  min?: number;
  max?: string;
  step?: number;
  inputMode?: 'decimal';
  maxLength?: number;
}) {
  return (
    <Field.Root invalid={Boolean(error) || invalid}>
      <Field.Label>{label}</Field.Label>
      <Input
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
        {...rest}
      />
      {error && <Field.ErrorText color="red.fg">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

const amountProps = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' as const };

export function MoveFields({
  id,
  kind,
  input,
  onChange,
  problem,
  onSubmit,
}: {
  id: string;
  kind: MoveKind;
  input: MoveInput;
  onChange: (input: MoveInput) => void;
  problem: MoveProblem | null;
  onSubmit: (e: FormEvent) => void;
}) {
  const set = (field: keyof MoveInput) => (value: string) => onChange({ ...input, [field]: value });
  const alertId = `${id}-problem`;
  const marks = (field: MoveProblem['field']) =>
    problem?.field !== field ? {} : problem.title ? { invalid: true, describedBy: alertId } : { error: problem.text };
  return (
    <form id={id} noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        {problem?.title && <FormAlert id={alertId} title={problem.title} message={problem.text} />}
        <TextField
          label={kind === 'balance' ? 'New balance' : 'Amount'}
          value={input.amount}
          onChange={set('amount')}
          {...marks('amount')}
          {...amountProps}
        />
        {kind === 'deposit' && (
          <TextField
            label="Date"
            type="date"
            value={input.date}
            onChange={set('date')}
            max={localDateInput()}
            {...marks('date')}
          />
        )}
        {kind !== 'balance' && <TextField label="Note" value={input.note} onChange={set('note')} maxLength={500} />}
      </Stack>
    </form>
  );
}

/** What the move does, to check before confirming it. */
export function MoveReview({ kind, move, beforeCents }: { kind: MoveKind; move: CheckedMove; beforeCents: Cents }) {
  const after = balanceAfter(kind, beforeCents, move.cents);
  const items: [string, string][] = [
    kind === 'balance' ? ['New balance', formatUsd(move.cents)] : ['Amount', formatUsd(move.cents)],
    ...(kind === 'balance' ? [['Change', signedUsd(centsToDollars(after - beforeCents))] as [string, string]] : []),
    ...(move.timestamp ? [['Date', formatDate(move.timestamp)] as [string, string]] : []),
    ...(kind !== 'balance' ? [['Note', move.note || '—'] as [string, string]] : []),
    ['Balance before', formatUsd(beforeCents)],
    ['Balance after', `${formatUsd(after)} (estimate)`],
  ];
  return (
    <Stack gap="3">
      <Facts items={items} />
      <Text fontSize="sm" color="fg.muted">
        The balance after is estimated from the balance shown; the server checks the balance again when it records this.
      </Text>
      {after < 0 && (
        <Text fontSize="sm" color="red.fg">
          This is more than the balance shown: the server will refuse it unless the balance has grown.
        </Text>
      )}
    </Stack>
  );
}

/** A move the server kept for a second administrator: said so, with the balance it leaves as it was. */
export function ProposedNotice({
  action,
  balance,
}: {
  action: Pick<PendingActionDto, 'kind' | 'amount'>;
  balance?: number;
}) {
  return (
    <Stack gap="2">
      <Text role="status" fontWeight="semibold">
        {sentForApproval(action)}
      </Text>
      {balance !== undefined && <Text color="fg.muted">The balance stays {usd(balance)} until then.</Text>}
    </Stack>
  );
}

/** The dialog's buttons at each step: Cancel and Review, Back and the confirmation, then Close. */
export function MoveFooter({
  step,
  formId,
  confirmLabel,
  busy,
  onClose,
  onBack,
  onConfirm,
}: {
  step: 'edit' | 'review' | 'sent';
  formId: string;
  confirmLabel: string;
  busy: boolean;
  onClose: () => void;
  onBack: () => void;
  onConfirm: () => void;
}) {
  if (step === 'sent') return <Button onClick={onClose}>Close</Button>;
  if (step === 'review')
    return (
      <>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </>
    );
  return (
    <>
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form={formId}>
        Review
      </Button>
    </>
  );
}
