/**
 * What a client with no deposit yet sees first: how to fund the account, in the firm's own
 * instructions from the stage settings, which only an active account's portfolio carries.
 */
import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { SectionCard } from '../../components/section-card';

export function FundingCard({ instructions }: { instructions: readonly string[] }) {
  return (
    <SectionCard title="Fund your account">
      <Stack gap="3" data-testid="funding">
        <Text>Your portfolio starts with your first deposit.{instructions.length > 0 && ' To make it:'}</Text>
        {instructions.length > 0 && (
          <Box
            as="ul"
            listStyleType="none"
            borderWidth="1px"
            borderRadius="md"
            px="4"
            py="3"
            bg="bg.muted"
            fontWeight="medium"
          >
            {instructions.map((line, i) => (
              <Box as="li" key={i} py="0.5">
                {line}
              </Box>
            ))}
          </Box>
        )}
        <Text fontSize="sm" color="fg.muted">
          Once our team records your deposit, it shows here and your balance grows every week.
        </Text>
      </Stack>
    </SectionCard>
  );
}
