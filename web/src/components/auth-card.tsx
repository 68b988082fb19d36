import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@chakra-ui/react/link';
import { Separator } from '@chakra-ui/react/separator';
import { HStack, Stack } from '@chakra-ui/react/stack';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/session';
import type { FormFailure } from '../auth/use-auth-step';
import { prepareToasts } from './toaster';
import { ColorModeSelect } from './color-mode-menu';
import { FieldInput, FormAlert, FormField } from './form-field';
import { PageFooter } from './footer';
import { Logo } from './logo';

/**
 * The frame of the signed-out pages: the theme menu, then the card (logo, title, subtitle, the
 * page's parts one under the other) in the rest of the screen, and the firm's footer under it
 * (below the first screen). The menu takes its own row rather
 * than lying over the page, so a card taller than a phone's screen starts under it. A visitor who
 * starts on the card (a field focused, a button pressed) is about to need the auth code, which the
 * first screen does not load: it starts loading then.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { backend } = useAuth();
  const prepare = () => {
    backend.prepare?.();
    prepareToasts();
  };
  return (
    <>
      <Flex as="main" minH="100dvh" direction="column" align="center" gap="4" p="4" pb="10" bg="bg.subtle">
        <Flex alignSelf="stretch" justify="flex-end">
          <ColorModeSelect />
        </Flex>
        <Card.Root width="full" maxW="md" my="auto" onFocus={prepare} onPointerDown={prepare}>
          <Card.Header textAlign="center" alignItems="center" gap="2">
            <Logo />
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Card.Header>
          <Card.Body>
            <Stack gap="5">{children}</Stack>
          </Card.Body>
        </Card.Root>
      </Flex>
      <PageFooter />
    </>
  );
}

/**
 * A signed-out form: what failed if anything did (the product's title and the problem, whether the
 * form's own or a field's, which the field also says), its fields, then the submit button, busy
 * with `busyText` while the form is sent.
 */
export function AuthForm({
  onSubmit,
  submitText,
  busyText,
  busy,
  failure,
  children,
}: {
  onSubmit: (event: FormEvent) => unknown;
  submitText: string;
  busyText: string;
  busy: boolean;
  failure: FormFailure | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="4">
        {failure && <FormAlert title={failure.title}>{failure.message}</FormAlert>}
        {children}
        <Button type="submit" colorPalette="yellow" loading={busy} loadingText={busyText}>
          {submitText}
        </Button>
      </Stack>
    </form>
  );
}

/** The "or" between the Google button and the e-mail form. */
export function OrDivider() {
  return (
    <HStack>
      <Separator flex="1" />
      <Text fontSize="sm" color="fg.muted">
        or
      </Text>
      <Separator flex="1" />
    </HStack>
  );
}

/**
 * The labelled e-mail input every signed-out form starts with, its problem under it.
 * `autoComplete`: sign-in's names the account and offers its passkeys ("username webauthn").
 */
export function EmailField({
  value,
  onChange,
  error,
  autoComplete = 'email',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: string;
}) {
  return (
    <FormField label="Email" error={error}>
      <FieldInput
        type="email"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder="you@example.com"
      />
    </FormField>
  );
}

/** "Already have an account? Sign in" and the like, under a form. */
export function FooterLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <Text fontSize="sm" textAlign="center">
      {prompt}{' '}
      <Link asChild color="yellow.fg" fontWeight="semibold">
        <RouterLink to={to}>{label}</RouterLink>
      </Link>
    </Text>
  );
}
