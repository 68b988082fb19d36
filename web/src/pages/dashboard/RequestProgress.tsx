/**
 * A withdrawal request's way to the client's bank (in the withdrawal flows' chunk): Requested,
 * Approved, Sent, each with its date once done, and once sent the bank's reference, which finds
 * the payment on the client's bank statement. Each step is one line of text, its state said in
 * words (the dot beside it only repeats them).
 */
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { formatDate } from '../../format';

interface Step {
  text: string;
  done: boolean;
}

/** The steps of a pending or approved request. The day sent is the bank's, a UTC day as the console records it. */
export function requestSteps(r: WithdrawalRequestDto): Step[] {
  const approved = r.status === 'approved';
  const sent = r.sentAt
    ? `Sent · ${formatDate(r.sentAt, 'UTC')} · reference ${r.sentReference ?? '—'}`
    : approved
      ? 'Sent · not yet: processing takes 2-3 business days'
      : 'Sent · after approval';
  return [
    { text: `Requested · ${formatDate(r.createdAt)}`, done: true },
    {
      text: approved && r.decidedAt ? `Approved · ${formatDate(r.decidedAt)}` : 'Approved · waiting for a decision',
      done: approved,
    },
    { text: sent, done: Boolean(r.sentAt) },
  ];
}

function StepMark({ done }: { done: boolean }) {
  return (
    <Box
      aria-hidden="true"
      flexShrink="0"
      boxSize="2.5"
      mt="1.5"
      rounded="full"
      borderWidth="2px"
      borderColor={done ? 'green.solid' : 'border.emphasized'}
      bg={done ? 'green.solid' : 'transparent'}
    />
  );
}

export function RequestProgress({ request }: { request: WithdrawalRequestDto }) {
  return (
    <Stack
      as="ol"
      listStyleType="none"
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '0.5', md: '4' }}
      aria-label="Progress"
      data-testid="request-progress"
    >
      {requestSteps(request).map(({ text, done }) => (
        <HStack as="li" key={text} gap="2" align="flex-start">
          <StepMark done={done} />
          <Text fontSize="sm" color={done ? 'fg' : 'fg.muted'}>
            {text}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
