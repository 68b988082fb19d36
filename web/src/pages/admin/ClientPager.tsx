/**
 * Pages of the client list. A page of rows is what the browser renders: with 10,000 clients,
 * rendering every row took seconds (see the README's benchmarks); search and sort still work on
 * the whole list before it is cut into pages.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { formatCount } from '../../format';

export const CLIENTS_PER_PAGE = 50;

/** The page actually shown: `page` kept within the pages `total` rows make. */
export function clampPage(page: number, total: number): number {
  return Math.max(0, Math.min(page, Math.ceil(total / CLIENTS_PER_PAGE) - 1));
}

export function pageOf<T>(rows: readonly T[], page: number): T[] {
  const start = clampPage(page, rows.length) * CLIENTS_PER_PAGE;
  return rows.slice(start, start + CLIENTS_PER_PAGE);
}

/**
 * Hand-written rather than Chakra's Pagination: with Chakra's whole theme on the first screen,
 * its pagination machine becomes reachable from `/` and esbuild puts it in the initial chunk
 * (+2.6 KB gzip, measured) although only admins page. Revisit once `/` has its own smaller system.
 */
export function ClientPager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  if (total <= CLIENTS_PER_PAGE) return null;
  const current = clampPage(page, total);
  const pages = Math.ceil(total / CLIENTS_PER_PAGE);
  const from = current * CLIENTS_PER_PAGE + 1;
  const to = Math.min(total, from + CLIENTS_PER_PAGE - 1);
  return (
    <Flex as="nav" aria-label="Client list pages" gap="3" wrap="wrap" align="center" justify="space-between">
      <Text color="fg.muted" aria-live="polite">
        Showing {formatCount(from)}–{formatCount(to)} of {formatCount(total)} clients
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={current === 0} onClick={() => onPage(current - 1)}>
          Previous
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Page {formatCount(current + 1)} of {formatCount(pages)}
        </Text>
        <Button size="sm" variant="outline" disabled={current >= pages - 1} onClick={() => onPage(current + 1)}>
          Next
        </Button>
      </HStack>
    </Flex>
  );
}
