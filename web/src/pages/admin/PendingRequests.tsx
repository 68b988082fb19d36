/**
 * Clients' profit-withdrawal requests waiting for a decision (docs/product.md, "Withdrawals"); one
 * with no payout account recorded is flagged in red (the approval dialog lists the account).
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { apiMessages } from '../../../../shared/messages';
import type { PendingActionDto } from '../../api/admin-types';
import { keyOf } from '../../api/calls';
import { useApiMutation, useRoute } from '../../api/hooks';
import { EmptyState, LoadingLine } from '../../components/load-states';
import { formatDate, usd } from '../../format';
import { usePendingActions } from './AdminNav';
import { approveButtonColors } from './buttons';
import { ClientTitle } from './common';
import { NoDestinationFlag } from './Destination';
import { ago } from './words';

const rejectFailed = 'Failed to reject withdrawal';

/** The approval dialog, with the payouts page's lazy part (payout-parts.ts): fetched as Approve is reached. */
const loadPayoutParts = () => import('./payout-parts');
const prefetchPayoutParts = () => void loadPayoutParts().catch(() => undefined);
const ApproveRequestDialog = lazy(() => loadPayoutParts().then((m) => ({ default: m.ApproveRequestDialog })));

function RejectForm({
  request,
  onDecided,
  onCancel,
}: {
  request: WithdrawalRequestDto;
  onDecided: (id: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const rejection = useApiMutation(
    keyOf({ route: 'rejectWithdrawalRequest', params: { id: request.id } }),
    (send, text: string) =>
      send({ route: 'rejectWithdrawalRequest', params: { id: request.id }, body: { reason: text } }),
    { failure: rejectFailed, success: 'Withdrawal rejected', onSuccess: () => onDecided(request.id) },
  );
  const reject = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    setMissing(!text);
    if (text) void rejection.run(text);
  };
  return (
    <form noValidate onSubmit={reject} aria-label={`Reject request of ${request.userEmail}`}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
        <Field.Root required invalid={missing} flex="1">
          <Field.Label fontSize="sm">Reason</Field.Label>
          <Input size="sm" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
          {missing && <Field.ErrorText color="red.fg">{apiMessages.reasonRequired}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="2" mt={{ md: '6' }}>
          <Button type="submit" size="sm" colorPalette="red" loading={rejection.busy}>
            Confirm Rejection
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onCancel} disabled={rejection.busy}>
            Cancel
          </Button>
        </HStack>
      </Flex>
    </form>
  );
}

function RequestRow({
  request,
  awaiting,
  onDecided,
  onApprove,
}: {
  request: WithdrawalRequestDto;
  /** A second administrator must approve this request's approval (a pending action holds it). */
  awaiting: boolean;
  onDecided: (id: string) => void;
  onApprove: (request: WithdrawalRequestDto) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  return (
    <Stack
      as="li"
      gap="3"
      borderWidth="1px"
      rounded="lg"
      p="4"
      aria-label={`Withdrawal request of ${request.userEmail}`}
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <ClientTitle
          email={request.userEmail}
          clientId={request.userId}
          lines={[`Requested ${formatDate(request.createdAt)} (${ago(request.createdAt)})`]}
        />
        <HStack gap="3" wrap="wrap">
          <Text fontWeight="bold">{usd(request.amount)}</Text>
          {awaiting ? (
            <Button asChild size="xs" variant="outline">
              <RouterLink to="/admin/approvals">Awaiting a second approval</RouterLink>
            </Button>
          ) : (
            <>
              <Button
                size="xs"
                {...approveButtonColors}
                onPointerEnter={prefetchPayoutParts}
                onFocus={prefetchPayoutParts}
                onClick={() => onApprove(request)}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => setRejecting((r) => !r)}
                aria-expanded={rejecting}
              >
                Reject
              </Button>
            </>
          )}
        </HStack>
      </Flex>
      {!request.destination && <NoDestinationFlag />}
      {rejecting && <RejectForm request={request} onDecided={onDecided} onCancel={() => setRejecting(false)} />}
    </Stack>
  );
}

/** The approval dialog of one request; `open` false while it animates out. */
interface Approving {
  request: WithdrawalRequestDto;
  open: boolean;
  key: number;
}

export function PendingRequests({
  onBalance,
  onProposed,
}: {
  onBalance: (userId: string, balance: number) => void;
  onProposed: (action: PendingActionDto) => void;
}) {
  const { data, error, mutate } = useRoute({ route: 'listPendingWithdrawalRequests', query: { status: 'pending' } });
  const actions = usePendingActions().data;
  const [approving, setApproving] = useState<Approving | null>(null);
  const opened = useRef(0);
  const onDecided = (id: string) => void mutate((list) => list?.filter((r) => r.id !== id), { revalidate: false });
  const onApproved = (request: WithdrawalRequestDto, newBalance: number) => {
    onBalance(request.userId, newBalance);
    onDecided(request.id);
  };
  const awaiting = new Set(actions?.filter((a) => a.kind === 'approveRequest' && a.requestId).map((a) => a.requestId));
  return (
    <Stack as="section" gap="3" aria-labelledby="pending-requests-title">
      <Heading as="h2" size="lg" id="pending-requests-title">
        Pending Withdrawal Requests
      </Heading>
      {error ? (
        <Text color="red.fg">Failed to load withdrawal requests</Text>
      ) : !data ? (
        <LoadingLine label="Loading withdrawal requests..." />
      ) : data.length === 0 ? (
        <EmptyState title="No pending withdrawal requests" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data.map((r) => (
            <RequestRow
              key={r.id}
              request={r}
              awaiting={awaiting.has(r.id)}
              onDecided={onDecided}
              onApprove={(request) => setApproving({ request, open: true, key: ++opened.current })}
            />
          ))}
        </Stack>
      )}
      {approving && (
        <Suspense fallback={null}>
          <ApproveRequestDialog
            key={approving.key}
            request={approving.request}
            open={approving.open}
            onClose={() => setApproving((a) => a && { ...a, open: false })}
            onApproved={onApproved}
            onProposed={onProposed}
          />
        </Suspense>
      )}
    </Stack>
  );
}
