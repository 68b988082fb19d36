/** Small pieces the admin pages share. */
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The console's page of one client (ClientPage.tsx). */
export const clientPath = (id: string) => `/admin/clients/${encodeURIComponent(id)}`;

/** Who a line names, as the way to their client page; the plain text without an id. */
export function ClientLink({ id, children }: { id?: string; children: ReactNode }) {
  if (!id) return children;
  return (
    // Inline: a long e-mail wraps as the text around it does (the recipe makes a link a flex box).
    <Link asChild variant="underline" display="inline">
      <RouterLink to={clientPath(id)}>{children}</RouterLink>
    </Link>
  );
}

/**
 * A client's e-mail over the muted lines that say more about the entry (the empty ones are left
 * out); with the client's id, the e-mail opens their page.
 */
export function ClientTitle({
  email,
  clientId,
  lines,
}: {
  email: string;
  clientId?: string;
  lines: (string | null | undefined | false)[];
}) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="semibold" wordBreak="break-all">
        <ClientLink id={clientId}>{email}</ClientLink>
      </Text>
      {lines.map(
        (line) =>
          line && (
            <Text key={line} fontSize="xs" color="fg.muted">
              {line}
            </Text>
          ),
      )}
    </Stack>
  );
}
