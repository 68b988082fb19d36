/** /admin/withdrawal-alerts: clients whose deposits reach the 6-month mark within 2 weeks (spec section 2). */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AlertGroupDto } from '../../../../shared/api';
import { toastMessages, toastTitles } from '../../../../shared/messages';
import { formatUsd } from '../../../../shared/money';
import { useAlerts } from '../../api/hooks';
import { ColorModeSelect } from '../../components/color-mode-menu';
import { Logo } from '../../components/logo';
import { notify } from '../../components/toaster';
import { cents, dateText, StatCard } from './common';

const daysLeft = (n: number) => (n === 0 ? 'Eligible Now' : `${n} ${n === 1 ? 'day' : 'days'} remaining`);

function Group({ group }: { group: AlertGroupDto }) {
  const soonest = Math.min(...group.deposits.map((d) => d.daysUntilEligible));
  const count = group.deposits.length;
  return (
    <Stack as="li" gap="3" borderWidth="1px" rounded="lg" p="4" aria-label={group.userEmail}>
      <Flex gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" wordBreak="break-all">
            {group.userEmail}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {count} deposit(s) approaching eligibility
          </Text>
        </Stack>
        <Badge colorPalette={soonest === 0 ? 'green' : 'orange'} alignSelf={{ base: 'flex-start', md: 'center' }}>
          {soonest} days until eligible
        </Badge>
      </Flex>
      <Stack as="ul" gap="2" listStyleType="none">
        {group.deposits.map((d) => (
          <Flex as="li" key={d.id} gap="2" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} bg="bg.muted" rounded="md" p="3">
            <Stack gap="0">
              <Text fontWeight="medium">{formatUsd(cents(d.amount))}</Text>
              <Text fontSize="xs" color="fg.muted">
                Deposited: {dateText(d.timestamp)}
              </Text>
            </Stack>
            <Badge colorPalette={d.daysUntilEligible === 0 ? 'green' : 'yellow'} alignSelf={{ base: 'flex-start', sm: 'center' }}>
              {daysLeft(d.daysUntilEligible)}
            </Badge>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}

export default function WithdrawalAlerts() {
  const navigate = useNavigate();
  const { data, error } = useAlerts();
  useEffect(() => {
    if (error) notify('error', toastTitles.error, toastMessages.loadAlertsFailed);
  }, [error]);
  const groups = data?.data ?? [];
  const depositCount = groups.reduce((sum, g) => sum + g.deposits.length, 0);

  let section;
  if (!data && !error) section = <Text color="fg.muted">Loading withdrawal alerts...</Text>;
  else if (!data) section = <Text color="fg.error">{toastMessages.loadAlertsFailed}</Text>;
  else if (groups.length === 0)
    section = (
      <Stack gap="1" textAlign="center" py="6">
        <Text fontWeight="medium">No clients approaching withdrawal eligibility</Text>
        <Text fontSize="sm" color="fg.muted">
          Clients will appear here when their deposits are within 2 weeks of the 6-month eligibility period
        </Text>
      </Stack>
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
    <Box minH="100vh" bg="bg.subtle">
      <Flex as="header" gap="3" wrap="wrap" align="center" justify="space-between" px={{ base: '4', md: '8' }} py="4" borderBottomWidth="1px">
        <Logo />
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => navigate('/admin')}>
            Back to Admin
          </Button>
          <ColorModeSelect />
        </HStack>
      </Flex>
      <Stack as="main" gap="8" maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Withdrawal Alerts
          </Heading>
          <Text color="fg.muted">Clients approaching withdrawal eligibility</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <StatCard label="Clients Approaching Eligibility" value={data ? groups.length : '-'} hint="Within 2 weeks of 6-month mark" />
          <StatCard label="Deposits Approaching Eligibility" value={data ? depositCount : '-'} hint="Deposits within the alert window" />
        </SimpleGrid>
        <Stack as="section" gap="4" aria-labelledby="upcoming-title">
          <Heading as="h2" size="lg" id="upcoming-title">
            Upcoming Withdrawal Eligibility
          </Heading>
          {section}
        </Stack>
      </Stack>
    </Box>
  );
}
