/**
 * What a closed account's row and history say of it: when and by whom it was closed, until when
 * its records are kept, and a closing cut short before every record was given that expiry
 * (closing it again finishes it).
 */
import { Text } from '@chakra-ui/react/text';
import type { ClientDto } from '../../../../shared/api';
import { formatDate } from '../../format';

export const closedOn = (closed: NonNullable<ClientDto['closed']>) =>
  `Closed on ${formatDate(closed.at)} by ${closed.by}`;

export function ClosedNote({ closed, full = false }: { closed: NonNullable<ClientDto['closed']>; full?: boolean }) {
  return (
    <>
      <Text fontSize="xs" color="fg.muted">
        {closedOn(closed)}
      </Text>
      {full && closed.recordsKeptUntil && (
        <Text fontSize="xs" color="fg.muted">
          Read-only. Records kept until {formatDate(closed.recordsKeptUntil)}.
        </Text>
      )}
      {!closed.recordsStamped && (
        <Text fontSize="xs" color="fg.error">
          Closing not finished: close the account again to keep every record.
        </Text>
      )}
    </>
  );
}
