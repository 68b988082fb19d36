/**
 * A request's destination as an approval or a payout dialog lists it: the account, its holder and
 * how long before the request it was set (an account set just before a request is the pattern of
 * a taken-over account, worth a second look). With no destination, what to do instead. And a
 * client's payout account as their page lists it, by the same facts.
 */
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { MaskedPayoutAccountDto, WithdrawalRequestDto } from '../../../../shared/api';
import { formatDate, formatDateTime } from '../../format';
import { coolingOffHours, payoutDestination } from '../../payout-words';
import { NO_DESTINATION, NoDestinationFlag } from './Destination';
import { ago, plural } from './words';

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

/**
 * A client's payout account now: the account, its holder, how long ago it was set and, while a
 * new account cools off (no withdrawal pays to it yet), from when it may be used.
 */
export function accountFacts(account: MaskedPayoutAccountDto, now: number): [string, ReactNode][] {
  const facts: [string, ReactNode][] = [
    ['Pays to', payoutDestination(account)],
    ['Account holder', account.holderName],
    ['Account set', `${formatDate(account.setAt)} (set ${ago(account.setAt, now)})`],
  ];
  if (Date.parse(account.usableFrom) > now)
    facts.push([
      'Usable from',
      <Text as="span" color="orange.fg">
        {formatDateTime(account.usableFrom)}, after its {coolingOffHours(account)}-hour cooling-off
      </Text>,
    ]);
  return facts;
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
