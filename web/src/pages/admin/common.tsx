/** Small pieces the admin pages share. */
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

/** A client's e-mail over the muted lines that say more about the entry (the empty ones are left out). */
export function ClientTitle({ email, lines }: { email: string; lines: (string | null | undefined | false)[] }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="semibold" wordBreak="break-all">
        {email}
      </Text>
      {lines.map(
        (line) =>
          line && (
            <Text key={line} fontSize="xs" color="fg.muted">
              {line}
            </Text>
          ),
      )}
    </Stack>
  );
}
