/** Who a dialog acts on: the client's name over the e-mail (both, as two clients may share a name). */
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ClientLink } from './common';
import { clientName } from './words';

/**
 * `emailSize`: the table's rows set the e-mail smaller than a dialog does. `clientId`: the name
 * opens the client's page (the lists; a dialog stays on its page).
 */
export function ClientLine({
  client,
  clientId,
  emailSize = 'sm',
}: {
  client: { displayName?: string; email: string };
  clientId?: string;
  emailSize?: 'sm' | 'xs';
}) {
  const name = clientName(client);
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="semibold" wordBreak="break-word">
        <ClientLink id={clientId}>{name}</ClientLink>
      </Text>
      {name !== client.email && (
        <Text fontSize={emailSize} color="fg.muted" wordBreak="break-all">
          {client.email}
        </Text>
      )}
    </Stack>
  );
}
