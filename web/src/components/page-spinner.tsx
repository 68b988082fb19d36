import { Center } from '@chakra-ui/react/center';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

/** A full-page loading state that says what it is waiting for. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <Center minH="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="yellow.500" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
