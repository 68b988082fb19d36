import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { codeRecipe } from '@chakra-ui/react/theme';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageFooter } from '../components/footer';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

/** Any address the portal has no page at: what was asked for, the way back, and the firm's footer. */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" minH="100dvh">
      <Box as="main" flex="1" width="full" maxW="lg" mx="auto" px="6" py="20">
        <Heading as="h1" size="2xl" mb="4">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted" mb="4">
          There is no page at <Code recipe={codeRecipe}>{pathname}</Code>. Check the address, or start again from
          sign-in.
        </Text>
        <Link asChild color="yellow.fg">
          <RouterLink to="/">Back to sign in</RouterLink>
        </Link>
      </Box>
      <PageFooter />
    </Flex>
  );
}
