import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { codeRecipe } from '@chakra-ui/react/theme';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** Any address the portal has no page at: what was asked for, and the way back. */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <Box as="main" maxW="lg" mx="auto" px="6" py="20">
      <Heading as="h1" size="2xl" mb="4">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted" mb="4">
        There is no page at <Code recipe={codeRecipe}>{pathname}</Code>. Check the address, or start again from sign-in.
      </Text>
      <Link asChild color="yellow.fg">
        <RouterLink to="/">Back to sign in</RouterLink>
      </Link>
    </Box>
  );
}
