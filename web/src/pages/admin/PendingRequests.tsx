/** Clients' profit-withdrawal requests waiting for a decision (design.md section 4). */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { apiMessages, toastTitles } from '../../../../shared/messages';
import { keyOf } from '../../api/calls';
import { useApiMutation, useRoute } from '../../api/hooks';
import { EmptyState, LoadingLine } from '../../components/load-states';
import { notify } from '../../components/toaster';
import { formatDate, usd } from '../../format';
import { ClientTitle } from './common';

const approveFailed = 'Failed to approve withdrawal';
const rejectFailed = 'Failed to reject withdrawal';

function RequestRow({ request, onDecided, onBalance }: {
  request: WithdrawalRequestDto;
  onDecided: (id: string) => void;
  onBalance: (userId: string, balance: number) => void;
}) {
  const { mutate } = useSWRConfig();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const approve = { route: 'approveWithdrawalRequest', params: { id: request.id } } as const;
  const approval = useApiMutation(keyOf(approve), (send) => send(approve), {
    failure: approveFailed,
    success: 'Withdrawal approved',
    onSuccess: (answer) => {
      onBalance(request.userId, answer.newBalance);
      onDecided(request.id);
      void mutate(keyOf({ route: 'listClientTransactions', params: { id: request.userId } }));
    },
  });
  const rejection = useApiMutation(
    keyOf({ route: 'rejectWithdrawalRequest', params: { id: request.id } }),
    (send, text: string) => send({ route: 'rejectWithdrawalRequest', params: { id: request.id }, body: { reason: text } }),
    {
    failure: rejectFailed,
    success: 'Withdrawal rejected',
      onSuccess: () => onDecided(request.id),
    },
  );
  const busy = approval.busy || rejection.busy;

  const reject = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return notify('error', toastTitles.error, apiMessages.reasonRequired);
    void rejection.run(text);
  };

  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="lg" p="4" aria-label={`Withdrawal request of ${request.userEmail}`}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <ClientTitle email={request.userEmail} lines={[`Requested: ${formatDate(request.createdAt)}`]} />
        <HStack gap="3" wrap="wrap">
          <Text fontWeight="bold">{usd(request.amount)}</Text>
          <Button size="xs" colorPalette="green" onClick={() => void approval.run()} loading={approval.busy} disabled={busy}>
            Approve
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRejecting((r) => !r)} aria-expanded={rejecting} disabled={busy}>
            Reject
          </Button>
        </HStack>
      </Flex>
      {rejecting && (
        <form noValidate onSubmit={reject} aria-label={`Reject request of ${request.userEmail}`}>
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
            <Field.Root required flex="1">
              <Field.Label fontSize="sm">Reason</Field.Label>
              <Input size="sm" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
            </Field.Root>
            <HStack gap="2">
              <Button type="submit" size="sm" colorPalette="red" loading={rejection.busy}>
                Confirm Rejection
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setRejecting(false)} disabled={busy}>
                Cancel
              </Button>
            </HStack>
          </Flex>
        </form>
      )}
    </Stack>
  );
}

export function PendingRequests({ onBalance }: { onBalance: (userId: string, balance: number) => void }) {
  const { data, error, mutate } = useRoute({ route: 'listPendingWithdrawalRequests', query: { status: 'pending' } });
  const onDecided = (id: string) => void mutate((list) => list?.filter((r) => r.id !== id), { revalidate: false });
  return (
    <Stack as="section" gap="3" aria-labelledby="pending-requests-title">
      <Heading as="h2" size="lg" id="pending-requests-title">
        Pending Withdrawal Requests
      </Heading>
      {error ? (
        <Text color="fg.error">Failed to load withdrawal requests</Text>
      ) : !data ? (
        <LoadingLine label="Loading withdrawal requests..." />
      ) : data.length === 0 ? (
        <EmptyState title="No pending withdrawal requests" />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data.map((r) => (
            <RequestRow key={r.id} request={r} onDecided={onDecided} onBalance={onBalance} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
