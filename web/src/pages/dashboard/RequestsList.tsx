/**
 * The client's withdrawal requests with their status (in the withdrawal flows' chunk:
 * withdrawal-flows.ts). A pending or approved one shows its steps to the bank (requested,
 * approved, sent, with the bank's reference) and the account it pays to; a pending one says what
 * happens next and can be cancelled; a cancel that an administrator's decision beat says so under
 * the request. A rejected or cancelled one says when it was submitted and ended.
 */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { WithdrawalRequestDto, WithdrawalRequestStatus } from '../../../../shared/api';
import { Badge } from '../../components/badge';
import { formatDate, usd } from '../../format';
import { payoutDestination } from '../../payout-words';
import { type CancelNotice, CancelConfirm } from './CancelConfirm';
import { RequestProgress } from './RequestProgress';

const statusBadge: Record<WithdrawalRequestStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'yellow' },
  approved: { label: 'Approved', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

/** "Cancel request", then its confirmation. */
function CancelRequest({
  userId,
  request,
  onNotice,
}: {
  userId: string;
  request: WithdrawalRequestDto;
  onNotice: (n: CancelNotice | null) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setConfirming(true)}>
        Cancel request
      </Button>
    );
  return <CancelConfirm userId={userId} request={request} onNotice={onNotice} onClose={() => setConfirming(false)} />;
}

function Request({
  userId,
  request: r,
  notice,
  onNotice,
}: {
  userId: string;
  request: WithdrawalRequestDto;
  notice: CancelNotice | null;
  onNotice: (n: CancelNotice | null) => void;
}) {
  const badge = statusBadge[r.status];
  const pending = r.status === 'pending';
  const underWay = pending || r.status === 'approved';
  return (
    <Stack as="li" gap="1" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">{usd(r.amount)}</Text>
        <Badge colorPalette={badge.palette}>{badge.label}</Badge>
      </HStack>
      {underWay ? (
        <RequestProgress request={r} />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Submitted {formatDate(r.createdAt)}
          {r.decidedAt && ` · ${r.status === 'cancelled' ? 'Cancelled' : 'Decided'} ${formatDate(r.decidedAt)}`}
        </Text>
      )}
      {underWay && r.destination && (
        <Text fontSize="sm" color="fg.muted">
          To {payoutDestination(r.destination)}
        </Text>
      )}
      {pending && (
        <Text fontSize="sm" color="fg.muted">
          An administrator reviews it; you are e-mailed when it is decided. Its amount is reserved from your eligible
          profit until then.
        </Text>
      )}
      {r.status === 'rejected' && r.reason && (
        <Text fontSize="sm" color="red.fg">
          Reason: {r.reason}
        </Text>
      )}
      {notice && (
        <Text fontSize="sm" role="status" color={notice.calm ? 'fg' : 'red.fg'}>
          {notice.text}
        </Text>
      )}
      {pending && <CancelRequest userId={userId} request={r} onNotice={onNotice} />}
    </Stack>
  );
}

export function RequestsList({ userId, requests }: { userId: string; requests: WithdrawalRequestDto[] }) {
  const [notice, setNotice] = useState<CancelNotice | null>(null);
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Withdrawal requests">
      {requests.map((r) => (
        <Request
          key={r.id}
          userId={userId}
          request={r}
          notice={notice?.requestId === r.id ? notice : null}
          onNotice={setNotice}
        />
      ))}
    </Stack>
  );
}
