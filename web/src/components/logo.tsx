import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

/** The Aurum mark: a gold disc and the name. */
export function Logo() {
  return (
    <HStack gap="2" aria-label="Aurum">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <circle cx="14" cy="14" r="13" fill="#D4A017" />
        <text x="14" y="19" textAnchor="middle" fontSize="14" fontWeight="700" fill="#1a1300">
          Au
        </text>
      </svg>
      <Text fontWeight="bold" fontSize="lg" letterSpacing="wide">
        Aurum
      </Text>
    </HStack>
  );
}
