/** The loading, failed and empty states every data card shows, in one look. */
import { Button } from '@chakra-ui/react/button';
import { EmptyState as ChakraEmptyState } from '@chakra-ui/react/empty-state';
import { HStack } from '@chakra-ui/react/stack';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
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

/** Nothing to list: what is missing and, when it helps, what will fill it. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <ChakraEmptyState.Root recipe={emptyStateSlotRecipe} size="sm" py="4">
      <ChakraEmptyState.Content gap="1" textAlign="center">
        <ChakraEmptyState.Title textStyle="md">{title}</ChakraEmptyState.Title>
        {hint && <ChakraEmptyState.Description>{hint}</ChakraEmptyState.Description>}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
