/**
 * The frame of the signed-in pages: the header (logo, the page's own actions, the account link,
 * the theme and "Sign out"), the main column under the page's title, and the firm's footer at the
 * foot of the page. On a phone the header is one row: the logo and one menu button holding the rest.
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
import { PageFooter } from './footer';
import { HeaderMenu } from './header-menu';
import { Logo } from './logo';
import { usePhoneLayout } from './use-phone-layout';

/** Signs out and goes to sign-in; says so when it fails. */
function SignOutButton() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signOut = useApiMutation('sign-out', () => auth.signOut(), {
    errorTitle: toastTitles.signOutFailed,
    failure: errors.generic,
    onSuccess: () => {
      navigate('/', { replace: true });
    },
  });
  return (
    <Button size="sm" variant="outline" onClick={() => void signOut.run()} loading={signOut.busy}>
      Sign out
    </Button>
  );
}

/** The header's controls after the page's own: the account page's link, the theme and sign-out. */
function AccountControls({ accountLink, phone }: { accountLink: boolean; phone: boolean }) {
  return (
    <>
      {accountLink && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/account">Account</RouterLink>
        </Button>
      )}
      {phone ? (
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted" aria-hidden="true">
            Theme
          </Text>
          <ColorModeSelect size="lg" />
        </HStack>
      ) : (
        <ColorModeSelect />
      )}
      <SignOutButton />
    </>
  );
}

const gutter = { base: '3', md: '6' };

export function PageShell({
  title,
  eyebrow,
  subtitle,
  badge,
  actions,
  menuIcon,
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
  /** The page's own header controls: in the header's row on a wide screen, first in the menu on a phone. */
  actions?: ReactNode;
  /** What the phone's menu button shows (the user's avatar). */
  menuIcon?: ReactNode;
  /** The link to /account; the account page itself goes without. */
  accountLink?: boolean;
  children: ReactNode;
}) {
  const phone = usePhoneLayout();
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel" position="relative">
        <Container maxW="6xl" py={{ base: '2', md: '3' }} px={gutter}>
          <Flex align="center" justify="space-between" gap="3" wrap={phone ? 'nowrap' : 'wrap'}>
            <HStack gap="3" minW="0">
              <Logo />
              {badge}
            </HStack>
            {phone ? (
              <HeaderMenu icon={menuIcon}>
                {actions}
                <AccountControls accountLink={accountLink} phone />
              </HeaderMenu>
            ) : (
              <HStack gap="3" wrap="wrap" justify="flex-end">
                {actions}
                <AccountControls accountLink={accountLink} phone={false} />
              </HStack>
            )}
          </Flex>
        </Container>
      </Box>
      <Container as="main" flex="1" width="full" maxW="6xl" py={{ base: '4', md: '8' }} px={gutter}>
        <Stack gap={{ base: '4', md: '6' }}>
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
      <PageFooter />
    </Flex>
  );
}
