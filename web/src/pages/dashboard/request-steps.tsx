/**
 * The withdrawal dialog's two steps (RequestDialog.tsx): the amount, with its errors under the
 * field; and the review, saying where the money goes and what happens next in the product's own
 * terms (an administrator decides and the client is e-mailed; once approved, processing takes 2-3
 * business days). And in their place, when no request can be paid yet, why not.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { InputGroup } from '@chakra-ui/react/input-group';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { Notice } from '../../../../shared/messages';
import { type Cents, formatUsd } from '../../../../shared/money';
import { MAX_PENDING_WITHDRAWAL_REQUESTS, MIN_WITHDRAWAL_REQUEST_CENTS } from '../../../../shared/withdrawal-rules';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import type { ReactNode } from 'react';
import type { PayoutBlock } from '../../payout-block';
import { PayoutAccountLink, PayoutBlockNote } from './PayoutDestination';

/** A refusal of the request; `account` when it is the payout account's: none, or one in its cooling-off. */
export interface RequestProblem extends Notice {
  account?: PayoutBlock['kind'];
}

/** Cents as the field takes them: "1250.00". */
const fieldText = (cents: Cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * What went wrong, under the product's title for it ('Amount Too High', 'Request Failed'), over the
 * step's content. Not components/form-field.tsx's FormAlert, for the reason given at the amount's field.
 */
function Failure({ notice }: { notice: Notice }) {
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="red.muted"
      bg="red.subtle"
      color="red.fg"
      rounded="l2"
      px="3"
      py="2"
      textStyle="sm"
    >
      <Box as="strong" display="block">
        {notice.title}
      </Box>
      {notice.description}
    </Box>
  );
}

/** A step's frame: the title, what the step says first, its content, and its two buttons (one back, one that submits the form). */
function RequestStep({
  gap,
  description,
  back,
  onBack,
  submit,
  ready = true,
  submitting = false,
  children,
}: {
  gap: string;
  description: ReactNode;
  back: string;
  onBack: () => void;
  submit: string;
  /** Whether the form may be submitted yet. */
  ready?: boolean;
  submitting?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Request Withdrawal</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={gap}>
          <Dialog.Description>{description}</Dialog.Description>
          {children}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onBack} disabled={submitting}>
          {back}
        </Button>
        <Button type="submit" colorPalette="yellow" disabled={!ready} loading={submitting} loadingText="Submitting...">
          {submit}
        </Button>
      </Dialog.Footer>
    </>
  );
}

export function AmountStep({
  amount,
  error,
  eligibleCents,
  onAmount,
  onCancel,
}: {
  amount: string;
  /** The amount's problem: its title over the field, its message there and under the field. */
  error: Notice | null;
  eligibleCents: Cents;
  onAmount: (text: string) => void;
  onCancel: () => void;
}) {
  const description = `You can withdraw up to ${formatUsd(eligibleCents)} in eligible profit. The minimum request is ${formatUsd(MIN_WITHDRAWAL_REQUEST_CENTS)}.`;
  return (
    <RequestStep
      gap="3"
      description={description}
      back="Cancel"
      onBack={onCancel}
      submit="Review"
      ready={amount.trim() !== ''}
    >
      {error && <Failure notice={error} />}
      {/*
        Ark describes the input by the hint alone (the error through aria-errormessage, which
        fewer screen readers read): described here by both. Not components/form-field.tsx,
        which does the same: this chunk reaching it splits the first screen's chunks (+0.2 KB
        gzip on /).
      */}
      <Field.Root invalid={error !== null} ids={{ errorText: 'amount-error', helperText: 'amount-hint' }}>
        <Field.Label>Amount</Field.Label>
        <HStack w="full" gap="2">
          <InputGroup flex="1" startElement="$">
            <Input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amount}
              onChange={(e) => onAmount(e.currentTarget.value)}
              aria-describedby={error ? 'amount-error amount-hint' : 'amount-hint'}
            />
          </InputGroup>
          <Button
            variant="outline"
            title="Withdraw all your eligible profit"
            onClick={() => onAmount(fieldText(eligibleCents))}
          >
            Max
          </Button>
        </HStack>
        <Field.HelperText>
          You can have up to {MAX_PENDING_WITHDRAWAL_REQUESTS} requests waiting for a decision at once.
        </Field.HelperText>
        <Field.ErrorText color="red.fg">{error?.description}</Field.ErrorText>
      </Field.Root>
    </RequestStep>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <>
      <Box as="dt" color="fg.muted">
        {term}
      </Box>
      <Box as="dd">{children}</Box>
    </>
  );
}

export function ReviewStep({
  cents,
  destination,
  problem,
  submitting,
  onBack,
}: {
  cents: Cents;
  /** The payout account, masked, in one line; null while it is not known. */
  destination: string | null;
  problem: RequestProblem | null;
  submitting: boolean;
  onBack: () => void;
}) {
  return (
    <RequestStep
      gap="4"
      description="Check your request before you send it."
      back="Back"
      onBack={onBack}
      submit="Submit Request"
      submitting={submitting}
    >
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2" data-testid="request-review">
        <Fact term="Amount">{formatUsd(cents)}</Fact>
        <Fact term="To">{destination ?? 'The bank account on file'}</Fact>
        <Fact term="Decision">An administrator reviews it; you are e-mailed when it is decided.</Fact>
        <Fact term="Payment">Once approved, processing takes 2-3 business days.</Fact>
      </Box>
      <Text fontSize="sm" color="fg.muted">
        Until it is decided, {formatUsd(cents)} of your eligible profit is reserved for it. You can cancel it while it
        waits.
      </Text>
      {problem && <Failure notice={problem} />}
      {problem?.account && <PayoutAccountLink kind={problem.account} />}
    </RequestStep>
  );
}

/** In place of the steps: why no request can be paid yet, and the way to the payout card. */
export function BlockedStep({ block, onClose }: { block: PayoutBlock; onClose: () => void }) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Request Withdrawal</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <PayoutBlockNote block={block} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  );
}
