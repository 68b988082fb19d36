/** Who a dialog acts on: the client's name over the e-mail (both, as two clients may share a name). */
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { clientName } from './words';

/** `emailSize`: the table's rows set the e-mail smaller than a dialog does. */
export function ClientLine({
  client,
  emailSize = 'sm',
}: {
  client: { displayName?: string; email: string };
  emailSize?: 'sm' | 'xs';
}) {
  const name = clientName(client);
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="semibold" wordBreak="break-word">
        {name}
      </Text>
      {name !== client.email && (
        <Text fontSize={emailSize} color="fg.muted" wordBreak="break-all">
          {client.email}
        </Text>
      )}
    </Stack>
  );
}
