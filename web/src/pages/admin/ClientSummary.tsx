/**
 * The top of a client's page: where the account stands (open, or closed: when, by whom and until
 * when its records are kept) and since when; the balance with this week's growth; and the payout
 * account, masked, with how long ago it was set (an account set just before a request is the
 * pattern of a taken-over one) and, while it cools off, from when it pays.
 */
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { ClientPageDto, MaskedPayoutAccountDto } from '../../../../shared/api';
import { Badge } from '../../components/badge';
import { StatCard } from '../../components/stat-card';
import { formatDate, formatDateTime, formatSignedPercent, gainColor, signedUsd, usd } from '../../format';
import { Facts } from './AdminDialog';
import { accountFacts } from './destination-facts';

/** A part of the page under its own heading, named by it (a region a screen reader lists). */
export function ClientSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-labelledby={id}>
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

type Closed = NonNullable<ClientPageDto['client']['closed']>;

/** "Closed on Mar 1, 2025 by admin@example.com" (an account closed before the closer was recorded names no one). */
const closedWords = (closed: Closed) => `Closed on ${formatDate(closed.at)}${closed.by ? ` by ${closed.by}` : ''}`;

const STATUS_BADGES = {
  applied: { palette: 'yellow', label: 'Under review' },
  active: { palette: 'green', label: 'Active' },
  closed: { palette: 'red', label: 'Closed' },
} as const;

type Application = NonNullable<ClientPageDto['client']['application']>;

/** "Applied on Mar 1, 2025", then the decision: by whom, when, and for a rejection why. */
function applicationWords(a: Application): string {
  const applied = `Applied on ${formatDate(a.appliedAt)}`;
  if (a.status === 'pending' || !a.decidedAt) return `${applied}, waiting for review.`;
  const decided = `${a.status === 'approved' ? 'approved' : 'rejected'} on ${formatDate(a.decidedAt)}${a.decidedBy ? ` by ${a.decidedBy}` : ''}`;
  return `${applied}, ${decided}${a.reason ? `: ${a.reason}` : '.'}`;
}

export function ClientStatusLine({ client }: { client: ClientPageDto['client'] }) {
  const badge = STATUS_BADGES[client.status];
  return (
    <Stack gap="1" data-testid="client-status">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={badge.palette}>{badge.label}</Badge>
        <Text fontSize="sm" color="fg.muted">
          Account opened {formatDate(client.createdAt)}
        </Text>
      </HStack>
      {client.application && <Text fontSize="sm">{applicationWords(client.application)}</Text>}
      {client.closed && <Text fontSize="sm">{closedWords(client.closed)}</Text>}
      {client.closed?.recordsKeptUntil && (
        <Text fontSize="sm" color="fg.muted">
          Read-only. Records kept until {formatDate(client.closed.recordsKeptUntil)}.
        </Text>
      )}
    </Stack>
  );
}

export function ClientMoney({ portfolio }: { portfolio: ClientPageDto['portfolio'] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <StatCard
        label="Balance"
        value={usd(portfolio.balance)}
        valueTestId="client-balance"
        size="lg"
        hint={`Last updated ${formatDate(portfolio.lastUpdate)}`}
      />
      <StatCard
        label="This week"
        value={signedUsd(portfolio.weeklyGainAmount)}
        valueColor={gainColor(portfolio.weeklyGainAmount)}
        valueTestId="client-week"
        hint={`${formatSignedPercent(portfolio.weeklyGain)} this week`}
      />
    </SimpleGrid>
  );
}

export function PayoutAccount({ account }: { account: MaskedPayoutAccountDto | null }) {
  // eslint-disable-next-line react-hooks/purity -- the account's age and cooling-off as of this render; each render moves it on
  const now = Date.now();
  return (
    <ClientSection id="client-payout-account" title="Payout account">
      {account ? (
        <Stack borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
          <Facts items={accountFacts(account, now)} />
        </Stack>
      ) : (
        <Text color="fg.muted">No payout account yet</Text>
      )}
    </ClientSection>
  );
}

/**
 * The client agreement the client accepted, when, and whether it is the stage's current version:
 * a client on an older one (or none) can request no withdrawal until they accept the current one.
 */
export function AgreementLine({ agreement }: { agreement: ClientPageDto['agreement'] }) {
  const { accepted, currentVersion } = agreement;
  if (!accepted && currentVersion === null) return null;
  const current = accepted !== null && accepted.version === currentVersion;
  return (
    <HStack gap="2" wrap="wrap" data-testid="client-agreement">
      <Text fontSize="sm">
        {accepted
          ? `Client agreement version ${accepted.version} accepted ${formatDateTime(accepted.acceptedAt)}`
          : 'Client agreement not accepted yet'}
      </Text>
      {currentVersion !== null && (
        <Badge colorPalette={current ? 'green' : 'orange'}>
          {current ? 'Current version' : `Current version is ${currentVersion}`}
        </Badge>
      )}
    </HStack>
  );
}
