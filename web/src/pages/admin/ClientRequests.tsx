/**
 * A client's withdrawal requests, newest first, as an administrator reads them: the amount and
 * status; a pending or approved one with its steps to the bank (Requested, Approved, Sent with the
 * bank's reference: the client's own steps), a rejected or cancelled one with when it ended and
 * why; who decided and who marked it sent; and the account it pays to (flagged when none was
 * recorded).
 */
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { WithdrawalRequestDto, WithdrawalRequestStatus } from '../../../../shared/api';
import { Badge } from '../../components/badge';
import { formatDate, usd } from '../../format';
import { RequestProgress } from '../dashboard/RequestProgress';
import { DestinationLine } from './destination-facts';

const STATUS: Record<WithdrawalRequestStatus, { label: string; palette: string }> = {
  pending: { label: 'Pending', palette: 'yellow' },
  approved: { label: 'Approved', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
};

/** A request that ended without money moving: when it was made, and when and how it ended. */
function Ended({ request: r }: { request: WithdrawalRequestDto }) {
  const ended = r.status === 'cancelled' ? 'Cancelled by the client' : 'Rejected';
  return (
    <Text fontSize="sm" color="fg.muted">
      Requested {formatDate(r.createdAt)}
      {r.decidedAt && ` · ${ended} ${formatDate(r.decidedAt)}`}
    </Text>
  );
}

/** The administrators of a request: who decided it, who marked it sent. */
const whoActed = (r: WithdrawalRequestDto) =>
  [
    r.decidedBy && r.status !== 'cancelled' && `${STATUS[r.status].label} by ${r.decidedBy}`,
    r.sentBy && `marked sent by ${r.sentBy}`,
  ]
    .filter(Boolean)
    .join(' · ');

function Request({ request: r }: { request: WithdrawalRequestDto }) {
  const status = STATUS[r.status];
  const underWay = r.status === 'pending' || r.status === 'approved';
  const who = whoActed(r);
  return (
    <Stack
      as="li"
      gap="1.5"
      borderWidth="1px"
      rounded="lg"
      p="4"
      bg="bg.panel"
      aria-label={`Request of ${usd(r.amount)} on ${formatDate(r.createdAt)}`}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">{usd(r.amount)}</Text>
        <Badge colorPalette={status.palette}>{status.label}</Badge>
      </HStack>
      {underWay ? <RequestProgress request={r} /> : <Ended request={r} />}
      {r.status === 'rejected' && r.reason && (
        <Text fontSize="sm" color="red.fg">
          Reason: {r.reason}
        </Text>
      )}
      {who && (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {who}
        </Text>
      )}
      <DestinationLine destination={r.destination} />
    </Stack>
  );
}

export function ClientRequests({ requests }: { requests: WithdrawalRequestDto[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Withdrawal requests">
      {requests.map((r) => (
        <Request key={r.id} request={r} />
      ))}
    </Stack>
  );
}
