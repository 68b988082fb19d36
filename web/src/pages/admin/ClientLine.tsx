/** Who a dialog acts on: the client's name over the e-mail (both, as two clients may share a name). */
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { clientName } from './words';

export function ClientLine({ client }: { client: { displayName?: string; email: string } }) {
  const name = clientName(client);
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="semibold" wordBreak="break-word">
        {name}
      </Text>
      {name !== client.email && (
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {client.email}
        </Text>
      )}
    </Stack>
  );
}
