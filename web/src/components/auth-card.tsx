import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { ColorModeSelect } from './color-mode-menu';
import { Logo } from './logo';

/** The frame of the signed-out pages: logo, title, subtitle, the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Flex as="main" minH="100vh" direction="column" align="center" justify="center" px="4" py="10" bg="bg.subtle">
      <Box position="absolute" top="4" right="4">
        <ColorModeSelect />
      </Box>
      <Card.Root width="full" maxW="md">
        <Card.Header textAlign="center" alignItems="center" gap="2">
          <Logo />
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Flex>
  );
}
