/** /admin/withdrawal-alerts: clients whose deposits reach the 6-month mark within 2 weeks. */
import { Badge } from '../../components/badge';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AlertGroupDto } from '../../../../shared/api';
import { toastMessages, toastTitles } from '../../../../shared/messages';
import { useRoute } from '../../api/hooks';
import { EmptyState, LoadingLine } from '../../components/load-states';
import { StatCard } from '../../components/stat-card';
import { notify } from '../../components/toaster';
import { eligibleAt } from '../../../../shared/eligibility';
import { formatDate, usd } from '../../format';
import { AdminPage } from './AdminPage';
import { ClientTitle } from './common';
import { clientBadge, depositBadge, plural } from './words';

function Group({ group }: { group: AlertGroupDto }) {
  const count = group.deposits.length;
  const soonest = group.deposits.reduce((first, d) => (d.daysUntilEligible < first.daysUntilEligible ? d : first));
  const eligibleOn = (timestamp: string) => formatDate(eligibleAt(Date.parse(timestamp)));
  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="lg" p="4" aria-label={group.userEmail}>
      <Flex gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <ClientTitle
          email={group.userEmail}
          clientId={group.userId}
          lines={[
            `${plural(count, 'deposit')} approaching eligibility`,
            count > 1 && `First eligible ${eligibleOn(soonest.timestamp)}`,
          ]}
        />
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={soonest.daysUntilEligible === 0 ? 'green' : 'yellow'} variant="solid">
            {clientBadge(soonest.daysUntilEligible)}
          </Badge>
          <Button asChild size="xs" variant="outline">
            <RouterLink
              to={`/admin?search=${encodeURIComponent(group.userEmail)}`}
              aria-label={`Show in client list: ${group.userEmail}`}
            >
              Show in client list
            </RouterLink>
          </Button>
          <Button asChild size="xs" variant="outline">
            <RouterLink
              to={`/admin/activity?client=${encodeURIComponent(group.userId)}`}
              aria-label={`Activity of ${group.userEmail}`}
            >
              Activity
            </RouterLink>
          </Button>
        </HStack>
      </Flex>
      <Stack as="ul" gap="2" listStyleType="none">
        {group.deposits.map((d) => (
          <Flex
            as="li"
            key={d.id}
            gap="2"
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ sm: 'center' }}
            bg="bg.muted"
            rounded="md"
            p="3"
          >
            <Stack gap="0">
              <Text fontWeight="medium">{usd(d.amount)}</Text>
              <Text fontSize="xs" color="fg.muted">
                Deposited {formatDate(d.timestamp)} · eligible {eligibleOn(d.timestamp)}
              </Text>
            </Stack>
            <Badge
              colorPalette={d.daysUntilEligible === 0 ? 'green' : 'yellow'}
              alignSelf={{ base: 'flex-start', sm: 'center' }}
            >
              {depositBadge(d.daysUntilEligible)}
            </Badge>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}

export default function WithdrawalAlerts() {
  const { data, error } = useRoute({ route: 'listWithdrawalAlerts' }, { refreshInterval: 30_000 });
  useEffect(() => {
    if (error) notify('error', toastTitles.error, toastMessages.loadAlertsFailed);
  }, [error]);
  const groups = data?.data ?? [];
  const depositCount = groups.reduce((sum, g) => sum + g.deposits.length, 0);

  let section;
  if (!data && !error) section = <LoadingLine label="Loading withdrawal alerts..." />;
  else if (!data) section = <Text color="red.fg">{toastMessages.loadAlertsFailed}</Text>;
  else if (groups.length === 0)
    section = (
      <EmptyState
        title="No clients approaching withdrawal eligibility"
        hint="Clients will appear here when their deposits are within 2 weeks of the 6-month eligibility period"
      />
    );
  else
    section = (
      <Stack as="ul" gap="3" listStyleType="none">
        {groups.map((g) => (
          <Group key={g.userId} group={g} />
        ))}
      </Stack>
    );

  return (
    <AdminPage title="Withdrawal Alerts" subtitle="Clients approaching withdrawal eligibility">
      {/* In the page rather than the header's actions, which a phone folds into its menu. */}
      <Button asChild size="sm" variant="outline" alignSelf="flex-start">
        <RouterLink to="/admin">Back to Admin</RouterLink>
      </Button>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <StatCard
          label="Clients Approaching Eligibility"
          value={data ? groups.length : '-'}
          hint="Within 2 weeks of 6-month mark"
        />
        <StatCard
          label="Deposits Approaching Eligibility"
          value={data ? depositCount : '-'}
          hint="Deposits within the alert window"
        />
      </SimpleGrid>
      <Stack as="section" gap="4" aria-labelledby="upcoming-title">
        <Heading as="h2" size="lg" id="upcoming-title">
          Upcoming Withdrawal Eligibility
        </Heading>
        {section}
      </Stack>
    </AdminPage>
  );
}
