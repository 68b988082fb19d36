/** A titled card of the dashboard: its heading, a button beside it if any, and its body. */
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { HStack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';

export function SectionCard({
  id,
  title,
  action,
  bodyId,
  children,
  footer,
}: {
  /** The card's id, for a link to it (/account#payout-account). */
  id?: string;
  title: string;
  /** Beside the title (the history's Show/Hide). */
  action?: ReactNode;
  /** The body's id, for the action's aria-controls. */
  bodyId?: string;
  /** No body when null (a collapsed card). */
  children: ReactNode;
  /** After the body, outside it (a dialog the card opens). */
  footer?: ReactNode;
}) {
  const hasBody = children != null && children !== false;
  return (
    <Card.Root id={id}>
      {/* Alone, the header takes the body's bottom padding: its button does not touch the border. */}
      <Card.Header pb={hasBody ? undefined : 'var(--card-padding)'}>
        <HStack justify="space-between" gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      {hasBody && <Card.Body id={bodyId}>{children}</Card.Body>}
      {footer}
    </Card.Root>
  );
}
