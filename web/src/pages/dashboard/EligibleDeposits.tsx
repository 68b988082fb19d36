/** The deposits the eligible profit comes from, each with its age and profit (in the withdrawal flows' chunk). */
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { EligibilityDto } from '../../../../shared/api';
import { Badge } from '../../components/badge';
import { formatDate, usd, pluralize } from '../../format';

export function EligibleDeposits({ deposits }: { deposits: EligibilityDto['eligibleDeposits'] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Eligible deposits">
      {deposits.map((d) => (
        <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">{usd(d.amount)}</Text>
            <Badge colorPalette="green">{pluralize(d.monthsSinceDeposit, 'month', 'months')}</Badge>
          </HStack>
          <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted">
            <Text>Deposited {formatDate(d.timestamp)}</Text>
            <Text>Profit {usd(d.profit)}</Text>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
