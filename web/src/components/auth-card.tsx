import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Separator } from '@chakra-ui/react/separator';
import { HStack, Stack } from '@chakra-ui/react/stack';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/session';
import { prepareToasts } from './toaster';
import { ColorModeSelect } from './color-mode-menu';
import { Logo } from './logo';

/**
 * The frame of the signed-out pages: logo, title, subtitle, then the page's parts one under the
 * other. A visitor who starts on it (a field focused, a button pressed) is about to need the auth
 * code, which the first screen does not load: it starts loading then.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { backend } = useAuth();
  const prepare = () => {
    backend.prepare?.();
    prepareToasts();
  };
  return (
    <Flex as="main" minH="100vh" direction="column" align="center" justify="center" px="4" py="10" bg="bg.subtle">
      <Box position="absolute" top="4" right="4">
        <ColorModeSelect />
      </Box>
      <Card.Root width="full" maxW="md" onFocus={prepare} onPointerDown={prepare}>
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
  );
}

/** A signed-out form: its fields, then the submit button, busy with `busyText` while the form is sent. */
export function AuthForm({ onSubmit, submitText, busyText, busy, children }: {
  onSubmit: (event: FormEvent) => unknown;
  submitText: string;
  busyText: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="4">
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

/** The labelled e-mail input every signed-out form starts with. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Email</Field.Label>
      <Input type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.currentTarget.value)} placeholder="you@example.com" />
    </Field.Root>
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
