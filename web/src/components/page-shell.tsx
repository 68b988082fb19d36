/**
 * The frame of the signed-in pages: the header (logo, the page's own actions, the account link,
 * the theme and sign-out) and the main column under the page's title.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errors, toastTitles } from '../../../shared/messages';
import { useApiMutation } from '../api/hooks';
import { useAuth } from '../auth/session';
import { ColorModeSelect } from './color-mode-menu';
import { Logo } from './logo';

/** Signs out and goes to sign-in; says so when it fails. */
function SignOutButton({ label }: { label: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const signOut = useApiMutation('sign-out', () => auth.signOut(), {
    errorTitle: toastTitles.signOutFailed,
    failure: errors.generic,
    onSuccess: () => navigate('/', { replace: true }),
  });
  return (
    <Button size="sm" variant="outline" onClick={() => void signOut.run()} loading={signOut.busy}>
      {label}
    </Button>
  );
}

const gutter = { base: '3', md: '6' };

export function PageShell({
  title,
  eyebrow,
  subtitle,
  badge,
  actions,
  signOutLabel,
  accountLink = true,
  children,
}: {
  title: string;
  /** A line above the title (the admin's 'Client Management'). */
  eyebrow?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Beside the logo (the admin's 'Administrator'). */
  badge?: ReactNode;
  /** The page's own header buttons, before the theme menu. */
  actions?: ReactNode;
  /** The sign-out button's words; no button without them. */
  signOutLabel?: string;
  /** The link to /account beside sign-out; the account page itself goes without. */
  accountLink?: boolean;
  children: ReactNode;
}) {
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="6xl" py="3" px={gutter}>
          <Flex align="center" justify="space-between" gap="3" wrap="wrap">
            <HStack gap="3">
              <Logo />
              {badge}
            </HStack>
            <HStack gap={{ base: '2', md: '3' }} wrap="wrap" justify="flex-end">
              {actions}
              {signOutLabel && accountLink && (
                <Button asChild size="sm" variant="outline">
                  <RouterLink to="/account">Account</RouterLink>
                </Button>
              )}
              <ColorModeSelect />
              {signOutLabel && <SignOutButton label={signOutLabel} />}
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" py={{ base: '4', md: '8' }} px={gutter}>
        <Stack gap="6">
          <Stack gap="1">
            {eyebrow && <Text color="fg.muted">{eyebrow}</Text>}
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
