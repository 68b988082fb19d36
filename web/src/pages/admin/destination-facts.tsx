/**
 * A request's destination as an approval or a payout dialog lists it: the account, its holder and
 * how long before the request it was set (an account set just before a request is the pattern of
 * a taken-over account, worth a second look). With no destination, what to do instead.
 */
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { MaskedPayoutAccountDto, WithdrawalRequestDto } from '../../../../shared/api';
import { formatDate } from '../../format';
import { payoutDestination } from '../../payout-words';
import { NO_DESTINATION, NoDestinationFlag } from './Destination';
import { plural } from './words';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long before `at` the account was set: "60 days before the request", "5 hours before the request". */
export function setBefore(setAt: string, at: string): string {
  const elapsed = Date.parse(at) - Date.parse(setAt);
  if (elapsed >= DAY_MS) return `${plural(Math.floor(elapsed / DAY_MS), 'day')} before the request`;
  if (elapsed >= HOUR_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} before the request`;
  return 'less than an hour before the request';
}

export function destinationFacts(request: WithdrawalRequestDto): [string, ReactNode][] {
  const d = request.destination;
  if (!d)
    return [
      [
        'Pays to',
        <Text as="span" color="red.fg">
          {NO_DESTINATION}
        </Text>,
      ],
    ];
  return [
    ['Pays to', payoutDestination(d)],
    ['Account holder', d.holderName],
    ['Account set', `${formatDate(d.setAt)} (${setBefore(d.setAt, request.createdAt)})`],
  ];
}

/** Where a request on a list pays, masked, with the account's holder; the flag when none is recorded. */
export function DestinationLine({ destination }: { destination: MaskedPayoutAccountDto | undefined }) {
  if (!destination) return <NoDestinationFlag />;
  return (
    <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
      To {payoutDestination(destination)} ({destination.holderName})
    </Text>
  );
}

/** Under the facts of a request with no destination: the request predates them, so ask the client. */
export function NoDestinationWarning() {
  return (
    <Text fontSize="sm" color="red.fg">
      This request was made before payout accounts were recorded with requests. Confirm with the client where the money
      goes before it is paid.
    </Text>
  );
}
