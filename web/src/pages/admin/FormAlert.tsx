/**
 * A dialog's problem said at the top of its form, with its title ("Invalid Amount", "Error") over
 * its message: it stays until the administrator acts, unlike a toast, and the field it is about
 * stays marked. Drawn from the layout and text parts the console already loads (Chakra's Alert
 * would add its own recipe to a chunk near its budget).
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';

export function FormAlert({ id, title, message }: { id?: string; title: string; message: string }) {
  return (
    <Box
      id={id}
      role="alert"
      bg="red.subtle"
      color="red.fg"
      borderWidth="1px"
      borderColor="red.muted"
      rounded="md"
      px="3"
      py="2"
      fontSize="sm"
    >
      <Text fontWeight="semibold">{title}</Text>
      <Text>{message}</Text>
    </Box>
  );
}
