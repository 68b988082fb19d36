/**
 * Pages of the client list, as the server serves them (client-pages.ts): Previous and Next, and
 * where the page shown sits. The count of every client comes from the totals; a search's matches
 * are not counted (that would read the book), so a search's pages say only which rows they show.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { formatCount } from '../../format';
import { plural } from './words';

/** Clients on a page: the server's default page (shared/validation.ts CLIENT_PAGE_DEFAULT). */
export const CLIENTS_PER_PAGE = 50;

/**
 * Hand-written rather than Chakra's Pagination: with Chakra's whole theme on the first screen,
 * its pagination machine becomes reachable from `/` and esbuild puts it in the initial chunk
 * (+2.6 KB gzip, measured) although only admins page. Revisit once `/` has its own smaller system.
 */
export function ClientPager(props: {
  page: number;
  shown: number;
  hasNext: boolean;
  total: number | undefined;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { page, shown, hasNext, total } = props;
  if (page === 0 && !hasNext) return null;
  const from = page * CLIENTS_PER_PAGE + 1;
  const to = page * CLIENTS_PER_PAGE + shown;
  const pages = total === undefined ? undefined : Math.max(page + 1, Math.ceil(total / CLIENTS_PER_PAGE));
  return (
    <Flex as="nav" aria-label="Client list pages" gap="3" wrap="wrap" align="center" justify="space-between">
      <Text color="fg.muted" aria-live="polite">
        {shown === 0 ? 'No clients on this page' : `Showing ${formatCount(from)}–${formatCount(to)}`}
        {total === undefined ? '' : ` of ${plural(total, 'client')}`}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page === 0} onClick={props.onPrevious}>
          Previous
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Page {formatCount(page + 1)}
          {pages === undefined ? '' : ` of ${formatCount(pages)}`}
        </Text>
        <Button size="sm" variant="outline" disabled={!hasNext} onClick={props.onNext}>
          Next
        </Button>
      </HStack>
    </Flex>
  );
}
