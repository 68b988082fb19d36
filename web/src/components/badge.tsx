/**
 * Chakra's Badge with its recipe given here rather than by the app's system: only the signed-in
 * pages show badges, and a recipe in the system is loaded by the first screen (theme/system.ts).
 */
import { Badge as ChakraBadge, type BadgeProps } from '@chakra-ui/react/badge';
import { badgeRecipe } from '@chakra-ui/react/theme';

export function Badge(props: BadgeProps) {
  return <ChakraBadge recipe={badgeRecipe} {...props} />;
}
