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
import type { MoneyMovedAnswer, WithdrawalRequestDto } from '../../../../shared/api';
import { apiMessages, toastTitles } from '../../../../shared/messages';
import { formatUsd } from '../../../../shared/money';
import { paths, useApi, usePendingRequests } from '../../api/hooks';
import { notify } from '../../components/toaster';
import { cents, dateText, notifyError } from './common';

const approveFailed = 'Failed to approve withdrawal';
const rejectFailed = 'Failed to reject withdrawal';

function RequestRow({ request, onDecided, onBalance }: {
  request: WithdrawalRequestDto;
  onDecided: (id: string) => void;
  onBalance: (userId: string, balance: number) => void;
}) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const approve = async () => {
    setBusy(true);
    try {
      const answer = await api<MoneyMovedAnswer>(paths.approve(request.id), { method: 'POST' });
      onBalance(request.userId, answer.newBalance);
      onDecided(request.id);
      void mutate(paths.clientTransactions(request.userId));
      notify('success', 'Withdrawal approved');
    } catch (error) {
      notifyError(error, approveFailed);
    } finally {
      setBusy(false);
    }
  };

  const reject = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) {
      notify('error', toastTitles.error, apiMessages.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await api(paths.reject(request.id), { method: 'POST', body: { reason: text } });
      onDecided(request.id);
      notify('success', 'Withdrawal rejected');
    } catch (error) {
      notifyError(error, rejectFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="lg" p="4" aria-label={`Withdrawal request of ${request.userEmail}`}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" wordBreak="break-all">
            {request.userEmail}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Requested: {dateText(request.createdAt)}
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap">
          <Text fontWeight="bold">{formatUsd(cents(request.amount))}</Text>
          <Button size="xs" colorPalette="green" onClick={() => void approve()} loading={busy && !rejecting} disabled={busy}>
            Approve
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRejecting((r) => !r)} aria-expanded={rejecting} disabled={busy}>
            Reject
          </Button>
        </HStack>
      </Flex>
      {rejecting && (
        <form noValidate onSubmit={(e: FormEvent) => void reject(e)} aria-label={`Reject request of ${request.userEmail}`}>
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
            <Field.Root required flex="1">
              <Field.Label fontSize="sm">Reason</Field.Label>
              <Input size="sm" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
            </Field.Root>
            <HStack gap="2">
              <Button type="submit" size="sm" colorPalette="red" loading={busy}>
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
  const { data, error, mutate } = usePendingRequests(true);
  const onDecided = (id: string) => void mutate((list) => list?.filter((r) => r.id !== id), { revalidate: false });
  return (
    <Stack as="section" gap="3" aria-labelledby="pending-requests-title">
      <Heading as="h2" size="lg" id="pending-requests-title">
        Pending Withdrawal Requests
      </Heading>
      {error ? (
        <Text color="fg.error">Failed to load withdrawal requests</Text>
      ) : !data ? (
        <Text color="fg.muted">Loading withdrawal requests...</Text>
      ) : data.length === 0 ? (
        <Text color="fg.muted">No pending withdrawal requests</Text>
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
