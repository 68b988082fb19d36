/** The loading, failed and empty states every data card shows, in one look. */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

export function LoadingLine({ label }: { label: string }) {
  return (
    <Text color="fg.muted" role="status">
      {label}
    </Text>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Text color="red.fg">{message}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </HStack>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Stack gap="1" textAlign="center" py="4">
      <Text fontWeight="semibold">{title}</Text>
      {hint && (
        <Text color="fg.muted" fontSize="sm">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
